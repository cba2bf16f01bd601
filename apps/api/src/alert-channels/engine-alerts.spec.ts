import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX, ENGINE_HEARTBEAT_STALE_SECONDS, ENGINE_LOG_EVENTS, NOTICES, permsAll } from '@console/contracts';
import { startHttpReceiver, type HttpReceiver } from '../test/alert-receivers';
import { waitUntil } from '../test/fake-telegram';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/harness';
import { startWorker } from '../test/worker';
import { EngineAlertsRepository } from './engine-alerts.repository';
import { EngineAlertsService } from './engine-alerts.service';

const CHANNELS = `${API_PREFIX}${API_PATHS.alertChannels}`;

let ctx: TestContext;
let hooks: HttpReceiver;
let worker: INestApplicationContext | undefined;

beforeAll(async () => {
  hooks = await startHttpReceiver();
  ctx = await createTestApp({ ALERT_SWEEP_MS: '300', ALERT_PRIVATE_TARGETS: 'allow', ALERT_RETRY_DELAY_MS: '20', ALERT_REQUEUE_AFTER_MS: '500' });
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await ctx?.close();
  await hooks?.close();
});

/** A watch of its own, as each worker process has: two of them stand for two workers. */
const watch = () => new EngineAlertsService(ctx.db, new EngineAlertsRepository());

async function engineAlerts(): Promise<{ title: string; text_body: string }[]> {
  return ctx.db.query(`SELECT title, text_body FROM notifications WHERE kind = 'engine_alert' ORDER BY id`);
}

async function beatSecondsAgo(seconds: number): Promise<void> {
  await ctx.db.query(`UPDATE engine_state SET heartbeat_at = now() - make_interval(secs => $1) WHERE singleton`, [seconds]);
}

/** An `error` row as the engine's venue writes one, written a minute ago (settled). */
async function engineErrorRow(eventType: string = ENGINE_LOG_EVENTS.exchangeRefused, message = 'Order would immediately trigger'): Promise<string> {
  const [{ id }] = await ctx.db.query(
    `INSERT INTO logs (created_at, type, event_type, pair_name, profile_title, log_data) VALUES (now() - interval '1 minute', 'error', $1, 'BTCUSDT', 'Trend', $2) RETURNING id::text`,
    [eventType, JSON.stringify({ message })],
  );
  return id;
}

describe('engine alerts: the heartbeat', () => {
  it('an engine that never beat is not announced; the first fresh beat is recorded silently; stale gives one, still stale none, back one', async () => {
    expect(await watch().watchHeartbeat()).toBeNull();
    await beatSecondsAgo(0);
    expect(await watch().watchHeartbeat()).toBeNull();
    expect(await engineAlerts()).toEqual([]);

    await beatSecondsAgo(ENGINE_HEARTBEAT_STALE_SECONDS + 5);
    expect(await watch().watchHeartbeat()).not.toBeNull();
    const [{ last }] = await ctx.db.query(`SELECT to_char(heartbeat_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS last FROM engine_state`);
    expect(await engineAlerts()).toEqual([NOTICES.engineDown(last)]);
    expect(await watch().watchHeartbeat()).toBeNull();
    expect(await engineAlerts()).toHaveLength(1);

    await beatSecondsAgo(0);
    expect(await watch().watchHeartbeat()).not.toBeNull();
    expect(await watch().watchHeartbeat()).toBeNull();
    const alerts = await engineAlerts();
    expect(alerts).toHaveLength(2);
    expect(alerts[1].title).toBe(NOTICES.engineBack('').title);
  });

  it('two sweeps at once (two workers) announce a change once', async () => {
    const before = (await engineAlerts()).length;
    await beatSecondsAgo(ENGINE_HEARTBEAT_STALE_SECONDS + 5);
    await Promise.all([watch().sweep(), watch().sweep(), watch().sweep()]);
    const after = await engineAlerts();
    expect(after).toHaveLength(before + 1);
    expect(after[before].title).toBe(NOTICES.engineDown('').title);
    await beatSecondsAgo(0);
    await Promise.all([watch().sweep(), watch().sweep()]);
    expect(await engineAlerts()).toHaveLength(before + 2);
  });
});

describe('engine alerts: error log rows', () => {
  it('the first sweep starts after the rows already there; each engine error row is announced once; the console’s own error rows are not', async () => {
    // As before the first sweep ever (the heartbeat tests' sweeps set the mark).
    await ctx.db.query(`UPDATE engine_alert_state SET error_log_mark = NULL`);
    await engineErrorRow(ENGINE_LOG_EVENTS.exchangePaused, 'written before the watch started');
    const before = (await engineAlerts()).length;
    await watch().announceErrors();
    expect(await engineAlerts()).toHaveLength(before);

    const id = await engineErrorRow();
    await ctx.db.query(`INSERT INTO logs (type, event_type, log_data) VALUES ('error', 'alert_delivery_failed', '{"error":"HTTP 500"}')`);
    await Promise.all([watch().announceErrors(), watch().announceErrors()]);
    const alerts = await engineAlerts();
    expect(alerts).toHaveLength(before + 1);
    expect(alerts[before]).toEqual(NOTICES.engineError({ id, event_type: ENGINE_LOG_EVENTS.exchangeRefused, pair_name: 'BTCUSDT', profile_title: 'Trend', signal_id: null, message: 'Order would immediately trigger' }));
    expect(await watch().announceErrors()).toEqual([]);
    expect(await engineAlerts()).toHaveLength(before + 1);
  });

  it('a row written this instant waits for a later sweep, and so do the rows after it', async () => {
    const before = (await engineAlerts()).length;
    await ctx.db.query(`INSERT INTO logs (type, event_type, log_data) VALUES ('error', $1, '{"message":"fresh"}')`, [ENGINE_LOG_EVENTS.exchangeRefused]);
    await engineErrorRow();
    expect(await watch().announceErrors()).toEqual([]);
    await waitUntil(async () => (await watch().announceErrors()).length === 2, 10_000);
    expect(await engineAlerts()).toHaveLength(before + 2);
  });
});

describe('engine alerts: the fan-out', () => {
  it('the worker delivers an engine error to who chose it; a user whose group holds bot_status at NP gets no delivery', async () => {
    const chooser = await makeUser(ctx.db, { perms: permsAll('Full') });
    const lowered = await makeUser(ctx.db, { perms: permsAll('Full') });
    for (const [user, path] of [[chooser, '/engine'], [lowered, '/lowered']] as const) {
      const token = (await sessionFor(ctx, user.id)).access;
      await ctx.http().put(CHANNELS).set(...auth(token)).send({ webhook_url: `${hooks.url}${path}`, choices: { engine_alert: ['webhook'] } }).expect(200);
    }
    const perms = permsAll('Full').map((p) => (p.section_name === 'bot_status' ? { ...p, status: 'NP' } : p));
    await ctx.db.query(`UPDATE groups SET perms = $2 WHERE id = $1`, [lowered.groupId, JSON.stringify(perms)]);

    await beatSecondsAgo(0);
    await watch().sweep();
    // The alerts of the tests above are not this test's: as if delivered already.
    await ctx.db.query(`UPDATE notifications SET fanned_out_at = now() WHERE fanned_out_at IS NULL`);
    worker = await startWorker(ctx);
    const id = await engineErrorRow(ENGINE_LOG_EVENTS.exchangeRefused, 'Insufficient margin');
    await hooks.waitFor((posts) => posts.some((p) => p.path === '/engine'), 20_000);
    const body = JSON.parse(hooks.received.find((p) => p.path === '/engine')!.body);
    expect(body).toMatchObject({ kind: 'engine_alert', title: NOTICES.engineError({ id, event_type: ENGINE_LOG_EVENTS.exchangeRefused, pair_name: null, profile_title: null, signal_id: null, message: null }).title });
    expect(body.text).toContain('Insufficient margin');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await ctx.db.query(`SELECT count(*)::int AS n FROM alert_deliveries WHERE user_id = $1`, [lowered.id])).toEqual([{ n: 0 }]);
    expect(hooks.received.filter((p) => p.path === '/lowered')).toEqual([]);
    expect(await ctx.db.query(`SELECT count(*)::int AS n FROM alert_deliveries WHERE user_id = $1`, [chooser.id])).toEqual([{ n: 1 }]);
  }, 60_000);
});
