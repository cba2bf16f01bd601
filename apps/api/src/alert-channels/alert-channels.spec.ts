import { createHmac } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERT_CHANNEL_MESSAGES, API_PATHS, API_PREFIX, DELIVERY_ERRORS, DELIVERY_FAILURES, NOTICES, type AlertChannelSettings, type AlertDeliveryLog, permsAll, type Perm, WEBHOOK_SIGNATURE,
} from '@console/contracts';
import { NotificationsService } from '../notifications/notifications.service';
import { Queue } from 'bullmq';
import { bullConnection, JOBS, QUEUES } from '../queues/queues';
import { startHttpReceiver, startSmtpReceiver, type HttpReceiver, type SmtpReceiver } from '../test/alert-receivers';
import { waitUntil } from '../test/fake-telegram';
import { auth, makeUser, sessionFor, type TestUser } from '../test/factories';
import { clearRedisPrefix, createTestApp, type TestContext } from '../test/harness';
import { startWorker } from '../test/worker';
import { AlertDeliveriesProcessor } from './alert-deliveries.processor';

const CHANNELS = `${API_PREFIX}${API_PATHS.alertChannels}`;
const DELIVERIES = `${API_PREFIX}${API_PATHS.alertDeliveries}`;
const SMTP = `${API_PREFIX}${API_PATHS.smtpSettings}`;
const SMTP_LOGIN = { user: 'console', password: 'mail-secret-42' };

/** Every section NP but the named ones at the given levels. */
const only = (levels: Partial<Record<Perm['section_name'], Perm['status']>>): Partial<Perm>[] =>
  permsAll('NP').map((p) => ({ ...p, status: levels[p.section_name] ?? 'NP' }));

/** `sha256=` HMAC of `<timestamp>.<body>`, computed here as a receiver would, not with the sender's code. */
function verifies(secret: string, headers: Record<string, string | string[] | undefined>, body: string): boolean {
  const timestamp = String(headers[WEBHOOK_SIGNATURE.timestampHeader.toLowerCase()]);
  const expected = 'sha256=' + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return headers[WEBHOOK_SIGNATURE.signatureHeader.toLowerCase()] === expected && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
}

interface World {
  ctx: TestContext;
  hooks: HttpReceiver;
  discord: HttpReceiver;
  mail: SmtpReceiver;
  admin: TestUser;
  adminToken: string;
  worker?: INestApplicationContext;
}

async function startWorld(overrides: Record<string, string> = {}): Promise<World> {
  const [hooks, discord, mail] = await Promise.all([startHttpReceiver(), startHttpReceiver(), startSmtpReceiver(SMTP_LOGIN)]);
  // The receivers listen on 127.0.0.1: allowed here, refused by default (the last describe).
  const ctx = await createTestApp({ DISCORD_API_BASE_URL: discord.url, ALERT_PRIVATE_TARGETS: 'allow', ALERT_RETRY_DELAY_MS: '20', ALERT_SWEEP_MS: '300', ALERT_REQUEUE_AFTER_MS: '500', SCHEDULE_CHECK_MS: '300', ...overrides });
  const admin = await makeUser(ctx.db, { perms: permsAll('Full') });
  const adminToken = (await sessionFor(ctx, admin.id)).access;
  await ctx.http().put(SMTP).set(...auth(adminToken)).send({ host: '127.0.0.1', port: mail.port, secure: false, username: SMTP_LOGIN.user, password: SMTP_LOGIN.password, from_address: 'alerts@console.test' }).expect(200);
  return { ctx, hooks, discord, mail, admin, adminToken };
}

async function stopWorld(world: World | undefined): Promise<void> {
  if (!world) return;
  world.hooks.release();
  await Promise.race([world.worker?.close(), new Promise((r) => setTimeout(r, 10_000))]);
  await world.ctx.close();
  await Promise.all([world.hooks.close(), world.discord.close(), world.mail.close()]);
}

/** A user with every channel set and chosen for the kinds given. */
async function subscribe(world: World, user: TestUser, kinds: string[], path = '/hook'): Promise<{ token: string; settings: AlertChannelSettings }> {
  const token = (await sessionFor(world.ctx, user.id)).access;
  const res = await world.ctx
    .http()
    .put(CHANNELS)
    .set(...auth(token))
    .send({
      email: user.email,
      discord_webhook_url: `${world.discord.url}/api/webhooks/1234/tok-${user.id}`,
      webhook_url: `${world.hooks.url}${path}`,
      choices: Object.fromEntries(kinds.map((k) => [k, ['email', 'discord', 'webhook']])),
    })
    .expect(200);
  return { token, settings: res.body };
}

/** Waits for `n` sweeps that began after now: each saw the tables as they are now. */
async function sweepsFromNow(world: World, n: number): Promise<void> {
  const since = Date.now();
  const queue = new Queue(QUEUES.alertDeliveries, { connection: bullConnection(world.ctx.config.redisUrl), prefix: world.ctx.config.redisPrefix });
  try {
    await waitUntil(async () => {
      const done = await queue.getJobs(['completed']);
      return done.filter((job) => job.name === JOBS.sweepAlertDeliveries && (job.processedOn ?? 0) > since).length >= n;
    }, 30_000);
  } finally {
    await queue.close();
  }
}

const deliveriesOf = async (ctx: TestContext, userId: number) =>
  ctx.db.query(`SELECT channel, status, attempts, last_error FROM alert_deliveries WHERE user_id = $1 ORDER BY channel`, [userId]) as Promise<
    { channel: string; status: string; attempts: number; last_error: string | null }[]
  >;

describe('alert channels: the user’s own settings', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(() => stopWorld(world));

  it('starts empty, offers only the kinds the group lets the user get, and keeps each user to their own row', async () => {
    const reader = await makeUser(world.ctx.db, { perms: only({ notifications: 'ReadOnly', risk_control: 'ReadOnly' }) });
    const token = (await sessionFor(world.ctx, reader.id)).access;
    const res = await world.ctx.http().get(CHANNELS).set(...auth(token)).expect(200);
    expect(res.body).toEqual({
      email: '',
      discord_webhook_url: '',
      webhook_url: '',
      webhook_secret: '',
      choices: { risk_trigger_fired: [], new_device_sign_in: [], export_ready: [] },
      kinds: ['risk_trigger_fired', 'new_device_sign_in', 'export_ready'],
      email_available: true,
    });
    // A kind the group does not read cannot be chosen, whoever asks.
    const refused = await world.ctx.http().put(CHANNELS).set(...auth(token)).send({ email: reader.email, choices: { engine_alert: ['email'] } }).expect(400);
    expect(refused.body).toEqual({ choices: [ALERT_CHANNEL_MESSAGES.kindNotAllowed('Engine alert')] });
  });

  it('refuses bad input with 400 and its message', async () => {
    const token = world.adminToken;
    const put = (body: object) => world.ctx.http().put(CHANNELS).set(...auth(token)).send(body);
    expect((await put({ webhook_url: 'ftp://example.test/x' }).expect(400)).body).toEqual({ webhook_url: [ALERT_CHANNEL_MESSAGES.urlInvalid] });
    expect((await put({ email: 'not-an-address' }).expect(400)).body).toEqual({ email: [ALERT_CHANNEL_MESSAGES.emailInvalid] });
    expect((await put({ discord_webhook_url: 'https://evil.test/api/webhooks/1/abc' }).expect(400)).body).toEqual({ discord_webhook_url: [ALERT_CHANNEL_MESSAGES.discordUrlInvalid] });
    expect((await put({ choices: { no_such_kind: ['email'] } }).expect(400)).body).toEqual({ choices: [ALERT_CHANNEL_MESSAGES.kindUnknown] });
    expect((await put({ choices: { export_ready: ['pigeon'] } }).expect(400)).body).toEqual({ choices: [ALERT_CHANNEL_MESSAGES.channelUnknown] });
    expect((await put({ choices: { export_ready: ['webhook'] } }).expect(400)).body).toEqual({ choices: [ALERT_CHANNEL_MESSAGES.channelNotSet('webhook URL')] });
    expect((await put({ choices: ['email'] }).expect(400)).body).toEqual({ choices: [ALERT_CHANNEL_MESSAGES.kindUnknown] });
  });

  it('makes a webhook secret once, masks the Discord URL and keeps it when sent back masked, encrypts both at rest', async () => {
    const user = await makeUser(world.ctx.db, { perms: permsAll('Full') });
    const { token, settings } = await subscribe(world, user, ['export_ready']);
    expect(settings.webhook_secret).toMatch(/^[\w-]{40,}$/);
    expect(settings.discord_webhook_url).toMatch(/^\*{8}/);
    expect(settings.choices.export_ready).toEqual(['email', 'discord', 'webhook']);
    const again = await world.ctx.http().put(CHANNELS).set(...auth(token)).send({ discord_webhook_url: settings.discord_webhook_url, webhook_url: `${world.hooks.url}/other` }).expect(200);
    expect(again.body.webhook_secret).toBe(settings.webhook_secret);
    expect(again.body.discord_webhook_url).toBe(settings.discord_webhook_url);
    const [row] = await world.ctx.db.query(`SELECT discord_url_enc, webhook_secret_enc FROM user_alert_channels WHERE user_id = $1`, [user.id]);
    expect(row.discord_url_enc).not.toContain('tok-');
    expect(row.webhook_secret_enc).not.toContain(settings.webhook_secret);
    // Clearing the webhook drops its choice's destination: the webhook cannot stay chosen without it.
    await world.ctx.http().put(CHANNELS).set(...auth(token)).send({ webhook_url: '' }).expect(400);
    const cleared = await world.ctx.http().put(CHANNELS).set(...auth(token)).send({ webhook_url: '', choices: { export_ready: ['email'] } }).expect(200);
    expect(cleared.body.webhook_secret).toBe('');
  });

  it('keeps the SMTP password encrypted and answers it masked; only tg_bot writers change it', async () => {
    const res = await world.ctx.http().get(SMTP).set(...auth(world.adminToken)).expect(200);
    expect(res.body).toEqual({ host: '127.0.0.1', port: world.mail.port, secure: false, username: SMTP_LOGIN.user, password: '********', from_address: 'alerts@console.test' });
    const [row] = await world.ctx.db.query(`SELECT password_enc FROM smtp_settings`);
    expect(row.password_enc).not.toContain(SMTP_LOGIN.password);
    const reader = await makeUser(world.ctx.db, { perms: only({ tg_bot: 'ReadOnly' }) });
    const readerToken = (await sessionFor(world.ctx, reader.id)).access;
    await world.ctx.http().put(SMTP).set(...auth(readerToken)).send({ ...res.body }).expect(403);
    expect((await world.ctx.http().put(SMTP).set(...auth(world.adminToken)).send({ ...res.body, port: 0 }).expect(400)).body).toEqual({ port: [ALERT_CHANNEL_MESSAGES.portInvalid] });
    // Saved back with the mask: the stored password stays, and mail still logs in (the delivery tests below).
    await world.ctx.http().put(SMTP).set(...auth(world.adminToken)).send(res.body).expect(200);
  });
});

describe('alert channels: deliveries through a real worker', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
    world.worker = await startWorker(world.ctx);
  });
  afterAll(() => stopWorld(world));

  it('sends each chosen channel once: a mail, a Discord message and a signed webhook; the log shows them', async () => {
    const user = await makeUser(world.ctx.db, { perms: permsAll('Full') });
    const { token, settings } = await subscribe(world, user, ['risk_trigger_fired'], '/signed');
    await world.ctx.app.get(NotificationsService).notify({ title: 'Risk trigger fired', text_body: 'Drawdown 12% on Main', kind: 'risk_trigger_fired' });

    await world.hooks.waitFor((r) => r.some((p) => p.path === '/signed'));
    await world.discord.waitFor((r) => r.some((p) => p.path.endsWith(`tok-${user.id}`)));
    await world.mail.waitFor((r) => r.some((m) => m.to.includes(user.email)));

    const hook = world.hooks.received.find((p) => p.path === '/signed')!;
    expect(verifies(settings.webhook_secret, hook.headers, hook.body)).toBe(true);
    expect(verifies('another secret', hook.headers, hook.body)).toBe(false);
    expect(JSON.parse(hook.body)).toEqual({ delivery_id: expect.any(String), kind: 'risk_trigger_fired', title: 'Risk trigger fired', text: 'Drawdown 12% on Main', created_at: expect.any(String) });
    expect(hook.headers[WEBHOOK_SIGNATURE.deliveryHeader.toLowerCase()]).toBe(JSON.parse(hook.body).delivery_id);
    const discordPost = world.discord.received.find((p) => p.path.endsWith(`tok-${user.id}`))!;
    expect(JSON.parse(discordPost.body).content).toBe('**Risk trigger fired**\nDrawdown 12% on Main');
    const mail = world.mail.received.find((m) => m.to.includes(user.email))!;
    expect(mail).toMatchObject({ from: 'alerts@console.test', user: SMTP_LOGIN.user });
    expect(mail.raw).toContain('Subject: Risk trigger fired');
    expect(mail.raw).toContain('Drawdown 12% on Main');

    await waitUntil(async () => (await deliveriesOf(world.ctx, user.id)).every((d) => d.status === 'sent'));
    const log = (await world.ctx.http().get(DELIVERIES).set(...auth(token)).expect(200)).body as AlertDeliveryLog;
    expect(log.channels.map((c) => [c.channel, c.deliveries.map((d) => [d.kind, d.status, d.attempts]), c.last_error])).toEqual([
      ['telegram', [], null],
      ['email', [['risk_trigger_fired', 'sent', 1]], null],
      ['discord', [['risk_trigger_fired', 'sent', 1]], null],
      ['webhook', [['risk_trigger_fired', 'sent', 1]], null],
    ]);
  });

  it('fans out the engine’s alerts (written without a job) on the sweep, and leaves out users whose group cannot read the kind', async () => {
    const allowed = await makeUser(world.ctx.db, { perms: permsAll('Full') });
    const lowered = await makeUser(world.ctx.db, { perms: permsAll('Full') });
    await subscribe(world, allowed, ['risk_trigger_fired'], '/allowed');
    await subscribe(world, lowered, ['risk_trigger_fired'], '/lowered');
    // The group changed after the choice was made: risk controls are NP now.
    await world.ctx.db.query(`UPDATE groups SET perms = $2 WHERE id = $1`, [lowered.groupId, JSON.stringify(only({ notifications: 'Full' }))]);
    await world.ctx.db.query(`INSERT INTO notifications (title, text_body, kind) VALUES ('Risk alert', 'Written by the engine', 'risk_trigger_fired')`);

    await world.hooks.waitFor((r) => r.some((p) => p.path === '/allowed' && p.body.includes('Written by the engine')));
    await waitUntil(async () => (await world.ctx.db.query(`SELECT 1 FROM notifications WHERE text_body = 'Written by the engine' AND fanned_out_at IS NOT NULL`)).length === 1);
    expect(await deliveriesOf(world.ctx, lowered.id)).toEqual([]);
    expect(world.hooks.received.filter((p) => p.path === '/lowered')).toEqual([]);
  });

  it('sends a user-only kind to that user alone', async () => {
    const owner = await makeUser(world.ctx.db, { perms: permsAll('Full') });
    const other = await makeUser(world.ctx.db, { perms: permsAll('Full') });
    await subscribe(world, owner, ['export_ready'], '/owner');
    await subscribe(world, other, ['export_ready'], '/other-user');
    await world.ctx.app.get(NotificationsService).notify({ ...NOTICES.exportReady('signals', 3, null), kind: 'export_ready', userId: owner.id });
    await world.hooks.waitFor((r) => r.some((p) => p.path === '/owner'));
    await waitUntil(async () => (await deliveriesOf(world.ctx, owner.id)).every((d) => d.status === 'sent'));
    expect(await deliveriesOf(world.ctx, other.id)).toEqual([]);
  });

  it('retries a failing webhook with backoff, fails for good on a refusal, and shows the last error', async () => {
    const user = await makeUser(world.ctx.db, { perms: permsAll('Full') });
    const token = (await sessionFor(world.ctx, user.id)).access;
    await world.ctx.http().put(CHANNELS).set(...auth(token)).send({ webhook_url: `${world.hooks.url}/flaky`, choices: { new_device_sign_in: ['webhook'] } }).expect(200);
    world.hooks.respondWith(503, 500);
    await world.ctx.app.get(NotificationsService).notify({ title: 'Sign-in from a new device', text_body: 'first', kind: 'new_device_sign_in', userId: user.id });
    await waitUntil(async () => (await deliveriesOf(world.ctx, user.id))[0]?.status === 'sent');
    expect((await deliveriesOf(world.ctx, user.id))[0]).toEqual({ channel: 'webhook', status: 'sent', attempts: 3, last_error: null });
    expect(world.hooks.received.filter((p) => p.path === '/flaky')).toHaveLength(1);

    world.hooks.respondWith(410);
    await world.ctx.app.get(NotificationsService).notify({ title: 'Sign-in from a new device', text_body: 'second', kind: 'new_device_sign_in', userId: user.id });
    await waitUntil(async () => (await deliveriesOf(world.ctx, user.id)).some((d) => d.status === 'failed'));
    const log = (await world.ctx.http().get(DELIVERIES).set(...auth(token)).expect(200)).body as AlertDeliveryLog;
    const webhook = log.channels.find((c) => c.channel === 'webhook')!;
    expect(webhook.last_error).toBe('The webhook answered 410');
    expect(webhook.deliveries.map((d) => [d.status, d.attempts, d.last_error])).toEqual([
      ['failed', 1, 'The webhook answered 410'],
      ['sent', 3, null],
    ]);
    const logged = await world.ctx.db.query(`SELECT count(*)::int AS n FROM logs WHERE event_type = 'alert_delivery_failed' AND user_id = $1`, [user.id]);
    expect(logged[0].n).toBe(1);
  });

  it('a job run again after its worker died mid-send finds its own send key and does not send twice', async () => {
    const user = await makeUser(world.ctx.db, { perms: permsAll('Full') });
    await subscribe(world, user, [], '/once');
    const [n] = await world.ctx.db.query(`INSERT INTO notifications (title, text_body, kind, user_id, fanned_out_at) VALUES ('Export ready', 'once', 'export_ready', $1, now()) RETURNING id`, [user.id]);
    const [row] = await world.ctx.db.query(`INSERT INTO alert_deliveries (notification_id, user_id, channel) VALUES ($1, $2, 'webhook') RETURNING id::text`, [n.id, user.id]);
    const processor = world.worker!.get(AlertDeliveriesProcessor);
    const job = { id: `delivery-${row.id}`, data: { deliveryId: row.id }, attemptsMade: 0, opts: { attempts: 5 } };

    world.hooks.hold();
    const before = world.hooks.attempts;
    const dying = processor.send(job).catch(() => 'cut off');
    await waitUntil(() => world.hooks.attempts === before + 1);
    expect(await processor.send(job)).toBe('interrupted');
    world.hooks.release();
    await dying;
    expect(world.hooks.attempts).toBe(before + 1);
    const [after] = await world.ctx.db.query(`SELECT status, last_error FROM alert_deliveries WHERE id = $1`, [row.id]);
    expect(after).toEqual({ status: 'failed', last_error: DELIVERY_FAILURES.sendInterrupted });
  });
});

describe('alert channels: through a worker restart and a Redis loss', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(() => stopWorld(world));

  it('a delivery written while no worker runs is sent once by the next worker; a Redis flush loses nothing and doubles nothing', async () => {
    const user = await makeUser(world.ctx.db, { perms: permsAll('Full') });
    await subscribe(world, user, ['risk_trigger_fired'], '/restart');

    // Written and published while no worker runs; the first worker is stopped before it would send.
    world.worker = await startWorker(world.ctx);
    await world.worker.close();
    world.worker = undefined;
    await world.ctx.app.get(NotificationsService).notify({ title: 'Risk trigger fired', text_body: 'across a restart', kind: 'risk_trigger_fired' });
    expect(world.hooks.received.filter((p) => p.path === '/restart')).toHaveLength(0);

    // Redis loses every job (the fan-out job among them) before the next worker starts.
    await clearRedisPrefix(world.ctx.redis, world.ctx.config.redisPrefix);
    world.worker = await startWorker(world.ctx);
    await world.hooks.waitFor((r) => r.some((p) => p.path === '/restart'), 30_000);
    await world.mail.waitFor((r) => r.some((m) => m.to.includes(user.email)), 30_000);
    await world.discord.waitFor((r) => r.some((p) => p.path.endsWith(`tok-${user.id}`)), 30_000);
    await waitUntil(async () => (await deliveriesOf(world.ctx, user.id)).every((d) => d.status === 'sent'), 30_000);

    // A restart and another flush after the sends, then several sweeps: nothing goes out again.
    await world.worker.close();
    await clearRedisPrefix(world.ctx.redis, world.ctx.config.redisPrefix);
    world.worker = await startWorker(world.ctx);
    await sweepsFromNow(world, 3);
    expect(world.hooks.received.filter((p) => p.path === '/restart')).toHaveLength(1);
    expect(world.discord.received.filter((p) => p.path.endsWith(`tok-${user.id}`))).toHaveLength(1);
    expect(world.mail.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    expect((await deliveriesOf(world.ctx, user.id)).map((d) => [d.channel, d.status, d.attempts])).toEqual([
      ['discord', 'sent', 1],
      ['email', 'sent', 1],
      ['webhook', 'sent', 1],
    ]);
  }, 120_000);
});

describe('alert channels: private addresses', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ ALERT_PRIVATE_TARGETS: 'deny' });
    world.worker = await startWorker(world.ctx);
  });
  afterAll(() => stopWorld(world));

  it('are refused by default: a webhook at a loopback address fails at once and receives nothing', async () => {
    const user = await makeUser(world.ctx.db, { perms: permsAll('Full') });
    const token = (await sessionFor(world.ctx, user.id)).access;
    await world.ctx.http().put(CHANNELS).set(...auth(token)).send({ webhook_url: `${world.hooks.url}/inside`, choices: { export_ready: ['webhook'] } }).expect(200);
    await world.ctx.app.get(NotificationsService).notify({ ...NOTICES.exportReady('orders', 1, null), kind: 'export_ready', userId: user.id });
    await waitUntil(async () => (await deliveriesOf(world.ctx, user.id))[0]?.status === 'failed');
    expect((await deliveriesOf(world.ctx, user.id))[0]).toEqual({ channel: 'webhook', status: 'failed', attempts: 1, last_error: DELIVERY_ERRORS.privateTarget('The webhook') });
    expect(world.hooks.attempts).toBe(0);
  });
});
