import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS, API_PREFIX, formatMoney, permsAll, TELEGRAM_CHAT_LIMITS, TELEGRAM_CHAT_MESSAGES as M, TELEGRAM_COMMANDS, type MonthsStats, type Perm, type TelegramLinkState,
} from '@console/contracts';
import { NotificationsService } from '../notifications/notifications.service';
import { startEngine, type TestEngine } from '../test/engine';
import { startFakeTelegram, waitUntil, type FakeTelegram } from '../test/fake-telegram';
import { auth, makeUser, sessionFor, type TestUser } from '../test/factories';
import { createTestApp, type TestContext } from '../test/harness';
import { makeSignal, makeSignalWorld } from '../test/signal-fixtures';
import { startWorker } from '../test/worker';

const LINK = `${API_PREFIX}${API_PATHS.telegramLink}`;
const BOT_SETTINGS = `${API_PREFIX}${API_PATHS.tgBotSettings}`;
const CHANNELS = `${API_PREFIX}${API_PATHS.alertChannels}`;
const TOKEN = '700100:AAbbCCddEEffGGhhIIjjKKll';
const OTHER_BOT_TOKEN = '700200:ZZyyXXwwVVuuTTssRRqqPPoo';

/** Every section at `level`, the named ones as given. */
const perms = (level: Perm['status'], overrides: Partial<Record<Perm['section_name'], Partial<Perm>>> = {}): Partial<Perm>[] =>
  permsAll(level).map((p) => ({ ...p, ...overrides[p.section_name] }));

let ctx: TestContext;
let fake: FakeTelegram;
let engine: TestEngine;
let worker: INestApplicationContext;
let admin: TestUser;
let adminToken: string;
let nextChat = 5000;

/** The texts the bot sent to a chat, oldest first. */
const sentTo = (chatId: number) => fake.received.filter((m) => m.chat_id === String(chatId));

/** Sends a message from the chat and answers the bot's next reply to it. */
async function say(chatId: number, text: string, token = TOKEN): Promise<string> {
  const before = sentTo(chatId).length;
  fake.pushMessage(token, chatId, text);
  await waitUntil(() => sentTo(chatId).length > before, 15_000);
  return sentTo(chatId)[before].text;
}

/** A user of the given perms with a chat of their own linked through the console's code. */
async function linkedUser(userPerms: Partial<Perm>[]): Promise<{ user: TestUser; token: string; chatId: number }> {
  const user = await makeUser(ctx.db, { perms: userPerms });
  const token = (await sessionFor(ctx, user.id)).access;
  const issued = (await ctx.http().post(LINK).set(...auth(token)).expect(200)).body as TelegramLinkState;
  const chatId = nextChat++;
  expect(await say(chatId, `/start ${issued.code}`)).toBe(M.linked(user.email));
  return { user, token, chatId };
}

beforeAll(async () => {
  fake = await startFakeTelegram();
  ctx = await createTestApp({
    TELEGRAM_API_BASE_URL: fake.url,
    TELEGRAM_POLL_TIMEOUT_S: '1',
    TELEGRAM_LEASE_MARGIN_MS: '1000',
    TELEGRAM_RETRY_DELAY_MS: '20',
    ALERT_SWEEP_MS: '300',
    ALERT_RETRY_DELAY_MS: '20',
  });
  admin = await makeUser(ctx.db, { perms: permsAll('Full') });
  adminToken = (await sessionFor(ctx, admin.id)).access;
  await ctx.http().post(BOT_SETTINGS).set(...auth(adminToken)).send({ token: TOKEN, chat_id: '-100500' }).expect(201);
  engine = await startEngine(ctx);
  worker = await startWorker(ctx);
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await engine?.stop();
  await ctx?.close();
  await fake?.close();
});

describe('linking a chat', () => {
  it('shows a one-time code and a t.me link valid 10 minutes; the code sent to the bot links the chat once', async () => {
    const user = await makeUser(ctx.db, { perms: permsAll('Full') });
    const token = (await sessionFor(ctx, user.id)).access;
    expect((await ctx.http().get(LINK).set(...auth(token)).expect(200)).body).toMatchObject({ linked: false, code: null });

    const issued = (await ctx.http().post(LINK).set(...auth(token)).expect(200)).body as TelegramLinkState;
    expect(issued.code).toMatch(new RegExp(`^[A-Za-z0-9]{${TELEGRAM_CHAT_LIMITS.linkCodeLength}}$`));
    expect(issued.link_url).toBe(`https://t.me/console_test_bot?start=${issued.code}`);
    const validFor = (Date.parse(issued.expires_at!) - Date.now()) / 1000;
    expect(validFor).toBeGreaterThan(TELEGRAM_CHAT_LIMITS.linkCodeTtlSeconds - 30);
    expect(validFor).toBeLessThanOrEqual(TELEGRAM_CHAT_LIMITS.linkCodeTtlSeconds);

    const chatId = nextChat++;
    expect(await say(chatId, `/start ${issued.code}`)).toBe(M.linked(user.email));
    expect((await ctx.http().get(LINK).set(...auth(token)).expect(200)).body).toMatchObject({ linked: true });
    // Spent: another chat cannot use it.
    expect(await say(nextChat++, `/start ${issued.code}`)).toBe(M.codeInvalid);
    const [audit] = await ctx.db.query(`SELECT event_type FROM logs WHERE user_id = $1 AND event_type = 'telegram_link_code_issued'`, [user.id]);
    expect(audit).toBeDefined();
  });

  it('refuses an expired code', async () => {
    const user = await makeUser(ctx.db, { perms: permsAll('Full') });
    const token = (await sessionFor(ctx, user.id)).access;
    const issued = (await ctx.http().post(LINK).set(...auth(token)).expect(200)).body as TelegramLinkState;
    await ctx.db.query(`UPDATE telegram_link_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    expect(await say(nextChat++, `/start ${issued.code}`)).toBe(M.codeInvalid);
  });

  it('unlinks in one call; the chat then gets only the link hint', async () => {
    const { token, chatId } = await linkedUser(permsAll('Full'));
    expect((await ctx.http().delete(LINK).set(...auth(token)).expect(200)).body).toMatchObject({ linked: false });
    expect(await say(chatId, '/status')).toBe(M.linkYourAccount);
  });

  it('deactivating the user unlinks the chat', async () => {
    const { user, chatId } = await linkedUser(permsAll('Full'));
    await ctx.http().delete(`${API_PREFIX}${API_PATHS.user(user.id)}`).set(...auth(adminToken)).expect(204);
    expect(await ctx.db.query(`SELECT 1 FROM telegram_links WHERE user_id = $1`, [user.id])).toEqual([]);
    expect(await say(chatId, '/status')).toBe(M.linkYourAccount);
  });

});

describe('unknown chats and rate limits', () => {
  it('an unknown chat gets the link hint and nothing else, whatever it sends', async () => {
    const chatId = nextChat++;
    expect(await say(chatId, '/status')).toBe(M.linkYourAccount);
    expect(await say(chatId, '/bot off')).toBe(M.linkYourAccount);
    expect(await say(chatId, 'hello')).toBe(M.linkYourAccount);
    expect(sentTo(chatId).every((m) => !m.buttons)).toBe(true);
  });

  it('past the limit a chat is told to wait and its commands are not answered', async () => {
    const { chatId } = await linkedUser(permsAll('Full'));
    // The link's /start counted once.
    for (let i = 1; i < TELEGRAM_CHAT_LIMITS.commandsPerWindow; i++) fake.pushMessage(TOKEN, chatId, '/help');
    await waitUntil(() => sentTo(chatId).length >= TELEGRAM_CHAT_LIMITS.commandsPerWindow, 20_000);
    const refused = await say(chatId, '/status');
    expect(refused).toMatch(/^Too many commands\. Try again in \d+ s\.$/);
  }, 30_000);
});

describe('commands within the user privileges', () => {
  let signalIds: string[];

  beforeAll(async () => {
    const world = await makeSignalWorld(ctx.db);
    signalIds = [
      await makeSignal(ctx.db, world, { status: 'finished', state: 'finished', ageMinutes: 30 }),
      await makeSignal(ctx.db, world, { status: 'active', state: 'active_np', ageMinutes: 10 }),
    ];
  });

  it('Full: /help, /status and /signals with every shown field in the screen formats', async () => {
    const { chatId } = await linkedUser(permsAll('Full'));
    expect(await say(chatId, '/help')).toContain('/signals [n]');
    expect(await say(chatId, '/status')).toMatch(/^Bot: (on|off)\nOpen signals: 1$/);
    const signals = (await say(chatId, '/signals 2')).split('\n');
    expect(signals).toHaveLength(2);
    expect(signals[0]).toBe(`ID: ${signalIds[1]} · Pair: ${signals[0].match(/Pair: (\S+)/)![1]} · Direction: long · Status: Active · PnL, $: $12.35 · PnL, %: -`);
    expect(await say(chatId, '/signals 99')).toBe(M.usage(`/signals [n], n from 1 to ${TELEGRAM_CHAT_LIMITS.signalsMax}`));
    expect(await say(chatId, '/nonsense')).toBe(M.unknownCommand);
  });

  it('Limited: only the group fields and rows', async () => {
    const { chatId } = await linkedUser(perms('Full', { signals: { status: 'Limited', fields: ['id', 'status'], is_only_finished: true, signals_count: 100 } }));
    expect(await say(chatId, '/signals 5')).toBe(`ID: ${signalIds[0]} · Status: Finished`);
    expect(await say(chatId, '/status')).toMatch(/^Bot: (on|off)\nOpen signals: 0$/);
  });

  it('ReadOnly reads but may not act; NP sections answer "not allowed"', async () => {
    const readOnly = await linkedUser(permsAll('ReadOnly'));
    expect(await say(readOnly.chatId, '/status')).toMatch(/^Bot: (on|off)\nOpen signals: 1$/);
    expect(await say(readOnly.chatId, '/bot off')).toBe(M.notAllowed);
    const none = await linkedUser(perms('NP'));
    expect(await say(none.chatId, '/status')).toBe(`Bot: ${M.notAllowed}\nSignals: ${M.notAllowed}`);
    expect(await say(none.chatId, '/signals')).toBe(M.notAllowed);
  });
});

describe('reading commands: the console figures within the user privileges', () => {
  let world: Awaited<ReturnType<typeof makeSignalWorld>>;
  let positionId: string;

  beforeAll(async () => {
    world = await makeSignalWorld(ctx.db);
    const signalId = await makeSignal(ctx.db, world, { status: 'active', state: 'active_fp', execution: 100, ageMinutes: 3, position: 'open', orders: ['FILLED'] });
    [{ id: positionId }] = await ctx.db.query(`SELECT id::text FROM positions WHERE signal_id = $1`, [signalId]);
    // A result of today (the default account is the oldest: this one when the describe runs alone).
    await makeSignal(ctx.db, world, { status: 'finished', state: 'finished', ageMinutes: 20 });
    await ctx.db.query(
      `INSERT INTO account_metrics (exchange_account_id, at, nav, asset_sum, balance_daily, return_day_percent) VALUES ($1, date_trunc('minute', now()), 1234.5, 1200, 1000, 23.45)`,
      [world.accountId],
    );
  });

  it('/help lists every command', async () => {
    const { chatId } = await linkedUser(permsAll('Full'));
    const help = await say(chatId, '/help');
    for (const command of Object.values(TELEGRAM_COMMANDS)) expect(help).toContain(`${command.usage} — ${command.help}`);
  });

  it('/positions: Full sees the positions list fields; Limited only its group fields; NP is not allowed', async () => {
    const full = await linkedUser(permsAll('Full'));
    const lines = await say(full.chatId, '/positions');
    const ticker = world.pairs[0].ticker;
    expect(lines).toContain(`#${positionId} Ticker: ${ticker} · Profile: ${world.profiles[0].title} · Side: long · Size, $: 200.00 · R-PnL: 0.00 · U-PnL: 5.00`);
    const limited = await linkedUser(perms('Full', { APA: { status: 'Limited', fields: ['ticker', 'u_pnl'] } }));
    expect(await say(limited.chatId, '/positions')).toContain(`#${positionId} Ticker: ${ticker} · U-PnL: 5.00`);
    const none = await linkedUser(perms('Full', { APA: { status: 'NP' } }));
    expect(await say(none.chatId, '/positions')).toBe(M.notAllowed);
    expect(await say(none.chatId, '/balance')).toBe(M.notAllowed);
  });

  it('/profit and /daily: the realised figures By Months shows, of the default account', async () => {
    const { token, chatId } = await linkedUser(permsAll('Full'));
    const months = (await ctx.http().get(`${API_PREFIX}${API_PATHS.statisticsAdmin}`).set(...auth(token)).expect(200)).body as MonthsStats;
    const account = months.exchange_account!.title;
    // Every finished signal of the test is of today: the month's total and the last days' are the same figures.
    const total = months.total!;
    const figures = `Res-$: ${formatMoney(total.return_realized, 2)} · PF: ${total.profit_factor ?? '-'} · W%: ${total.winrate === null ? '-' : `${total.winrate.toFixed(2)}%`} · Q-sign: ${total.qty_total}`;
    const profit = await say(chatId, '/profit');
    expect(profit).toBe(`${M.profitOf(account, TELEGRAM_CHAT_LIMITS.profitDaysDefault)}\n${figures}`);
    expect(total.qty_total).toBeGreaterThan(0);
    expect(await say(chatId, '/profit 1')).toBe(`${M.profitOf(account, 1)}\n${figures}`);
    const daily = (await say(chatId, '/daily 3')).split('\n');
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(daily).toEqual([M.dailyOf(account), `${today}: ${figures}`, `${yesterday}: Res-$: $0.00 · PF: - · W%: - · Q-sign: 0`, expect.stringMatching(/: Res-\$: \$0\.00 · PF: - · W%: - · Q-sign: 0$/)]);
    expect(await say(chatId, '/daily 0')).toBe(M.usage(`/daily [n], n from 1 to ${TELEGRAM_CHAT_LIMITS.dailyMax}`));
    expect(await say(chatId, '/profit x')).toBe(M.usage(`/profit [days], days from 1 to ${TELEGRAM_CHAT_LIMITS.profitDaysMax}`));
    const none = await linkedUser(perms('Full', { stats_by_months: { status: 'NP' } }));
    expect(await say(none.chatId, '/profit')).toBe(M.notAllowed);
    expect(await say(none.chatId, '/daily')).toBe(M.notAllowed);
  });

  it('/balance: each account the side list shows, with its decimals', async () => {
    const { chatId } = await linkedUser(permsAll('ReadOnly'));
    const [{ title }] = await ctx.db.query(`SELECT title FROM exchange_accounts WHERE id = $1`, [world.accountId]);
    expect((await say(chatId, '/balance')).split('\n')).toContain(`${title}: NAV: 1234.50 · Asset sum: 1200.00 · Balance daily: 1000.00 · Return day %: 23.45`);
  });

  it('/alerts: the newest notifications of the feed; NP is not allowed', async () => {
    const { chatId } = await linkedUser(permsAll('ReadOnly'));
    await ctx.app.get(NotificationsService).notify({ title: 'Risk trigger fired', text_body: 'Daily loss over 5%' });
    expect((await say(chatId, '/alerts')).split('\n')[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC Risk trigger fired: Daily loss over 5%$/);
    const none = await linkedUser(perms('Full', { notifications: { status: 'NP' } }));
    expect(await say(none.chatId, '/alerts')).toBe(M.notAllowed);
  });
});

describe('acting commands', () => {
  it('/bot asks for a confirmation, then is the engine command a click makes, audited as the user via Telegram', async () => {
    const { user, chatId } = await linkedUser(permsAll('Full'));
    const [{ status }] = await ctx.db.query(`SELECT status FROM bot_status`);
    const wanted = status === 'enabled' ? 'off' : 'on';
    const question = await say(chatId, `/bot ${wanted}`);
    expect(question).toBe(M.confirm(wanted === 'on' ? M.botOn : M.botOff));
    const asked = sentTo(chatId).at(-1)!;
    const [confirm, cancel] = asked.buttons![0];
    expect([confirm.text, cancel.text]).toEqual([M.confirmButton, M.cancelButton]);

    const callbackId = fake.pushCallback(TOKEN, chatId, asked.message_id!, confirm.callback_data);
    const what = wanted === 'on' ? M.botOn : M.botOff;
    await waitUntil(() => fake.edits.some((e) => e.message_id === asked.message_id && e.text === M.done(what)), 20_000);
    expect(fake.callbackAnswers.some((a) => a.callback_query_id === callbackId)).toBe(true);
    expect(fake.edits.filter((e) => e.message_id === asked.message_id).map((e) => e.text)).toEqual([M.sentToEngine(what), M.done(what)]);
    const [now] = await ctx.db.query(`SELECT status FROM bot_status`);
    expect(now.status).toBe(wanted === 'on' ? 'enabled' : 'disabled');
    const [audit] = await ctx.db.query(`SELECT log_data FROM logs WHERE user_id = $1 AND event_type LIKE 'engine_%able_bot'`, [user.id]);
    expect(audit.log_data.credential).toEqual({ kind: 'telegram', chat_id: String(chatId) });

    // A button works once.
    const again = fake.pushCallback(TOKEN, chatId, asked.message_id!, confirm.callback_data);
    await waitUntil(() => fake.callbackAnswers.some((a) => a.callback_query_id === again));
    expect(fake.callbackAnswers.find((a) => a.callback_query_id === again)!.text).toBe(M.confirmationExpired);
  }, 30_000);

  it('/close <signal id> closes the position at market through the signals service, for those with the close right', async () => {
    const world = await makeSignalWorld(ctx.db);
    const signalId = Number(await makeSignal(ctx.db, world, { status: 'active', state: 'active_fp', execution: 100, ageMinutes: 5, position: 'open', orders: ['FILLED'] }));
    const readOnly = await linkedUser(permsAll('ReadOnly'));
    expect(await say(readOnly.chatId, `/close ${signalId}`)).toBe(M.notAllowed);

    const { chatId } = await linkedUser(permsAll('Full'));
    expect(await say(chatId, '/close x')).toBe(M.usage('/close <signal id>'));
    expect(await say(chatId, `/close ${signalId}`)).toBe(M.confirm(M.closeSignal(signalId)));
    const asked = sentTo(chatId).at(-1)!;
    fake.pushCallback(TOKEN, chatId, asked.message_id!, asked.buttons![0][0].callback_data);
    const what = M.closeSignal(signalId);
    await waitUntil(() => fake.edits.filter((e) => e.message_id === asked.message_id).length === 2, 20_000);
    expect(fake.edits.filter((e) => e.message_id === asked.message_id).map((e) => e.text)).toEqual([M.sentToEngine(what), M.done(what)]);
    const [command] = await ctx.db.query(`SELECT kind, status FROM engine_commands WHERE idempotency_key LIKE 'user:%' ORDER BY id DESC LIMIT 1`);
    expect(command).toEqual({ kind: 'close_market', status: 'succeeded' });
    const [position] = await ctx.db.query(`SELECT state FROM positions WHERE signal_id = $1`, [signalId]);
    expect(position.state).not.toBe('open');
  }, 30_000);

  it('/closeall asks for the count of open positions, then closes each at market in one bulk close', async () => {
    const world = await makeSignalWorld(ctx.db);
    const ids: string[] = [];
    for (const age of [4, 6]) ids.push(await makeSignal(ctx.db, world, { status: 'active', state: 'active_fp', execution: 100, ageMinutes: age, position: 'open', orders: ['FILLED'] }));
    const readOnly = await linkedUser(permsAll('ReadOnly'));
    expect(await say(readOnly.chatId, '/closeall')).toBe(M.notAllowed);

    const { user, chatId } = await linkedUser(permsAll('Full'));
    const [{ n }] = await ctx.db.query(`SELECT count(*)::int AS n FROM positions WHERE closed_at IS NULL AND state = 'open' AND signal_id IS NOT NULL`);
    expect(n).toBeGreaterThanOrEqual(2);
    expect(await say(chatId, '/closeall')).toBe(M.confirm(M.closeAll(n)));
    const asked = sentTo(chatId).at(-1)!;
    fake.pushCallback(TOKEN, chatId, asked.message_id!, asked.buttons![0][0].callback_data);
    // Sent, then each close's result edited in once the engine has answered them all.
    await waitUntil(() => fake.edits.filter((e) => e.message_id === asked.message_id).length === 2, 20_000);
    const [sent, results] = fake.edits.filter((e) => e.message_id === asked.message_id).map((e) => e.text);
    expect(sent).toBe(M.sentManyToEngine(M.closeAll(n), n));
    const closed: string[] = (await ctx.db.query(`SELECT signal_id::text AS id FROM positions WHERE state <> 'open' AND signal_id IS NOT NULL ORDER BY signal_id`)).map((r: { id: string }) => r.id);
    expect(closed).toEqual(expect.arrayContaining(ids));
    const lines = results.split('\n');
    expect(lines[0]).toBe(M.manyResults(M.closeAll(n), n, 0));
    for (const id of ids) expect(lines).toContain(M.closeResult(id, null));
    expect(lines).toHaveLength(n + 1);
    await waitUntil(async () => (await ctx.db.query(`SELECT 1 FROM positions WHERE signal_id = ANY($1::bigint[]) AND state = 'open'`, [ids])).length === 0, 20_000);
    const commands = await ctx.db.query(`SELECT kind, status FROM engine_commands WHERE requested_by = $1`, [user.id]);
    expect(commands).toHaveLength(n);
    expect(commands.every((c: { kind: string; status: string }) => c.kind === 'close_market' && c.status === 'succeeded')).toBe(true);
    // Nothing open any more.
    expect(await say(chatId, '/closeall')).toBe(M.nothingToClose);
  }, 40_000);

  it('/stop and /start <profile id>: confirmed, the profile routes own path, the engine result edited in', async () => {
    const world = await makeSignalWorld(ctx.db);
    const profileId = world.profiles[1].id;
    const readOnly = await linkedUser(permsAll('ReadOnly'));
    expect(await say(readOnly.chatId, `/stop ${profileId}`)).toBe(M.notAllowed);
    const { user, chatId } = await linkedUser(permsAll('Full'));
    expect(await say(chatId, '/stop')).toBe(M.usage(TELEGRAM_COMMANDS.stop.usage));
    expect(await say(chatId, '/stop 0')).toBe(M.usage(TELEGRAM_COMMANDS.stop.usage));

    for (const [command, what, status] of [
      ['stop', M.stopProfile(profileId), 'inactive'],
      ['start', M.startProfile(profileId), 'active'],
    ] as const) {
      expect(await say(chatId, `/${command} ${profileId}`)).toBe(M.confirm(what));
      const asked = sentTo(chatId).at(-1)!;
      fake.pushCallback(TOKEN, chatId, asked.message_id!, asked.buttons![0][0].callback_data);
      await waitUntil(() => fake.edits.filter((e) => e.message_id === asked.message_id).length === 2, 20_000);
      expect(fake.edits.filter((e) => e.message_id === asked.message_id).map((e) => e.text)).toEqual([M.sentToEngine(what), M.done(what)]);
      await waitUntil(async () => (await ctx.db.query(`SELECT status FROM strategy_profiles WHERE id = $1`, [profileId]))[0].status === status, 20_000);
    }
    const audits = await ctx.db.query(`SELECT log_data FROM logs WHERE user_id = $1 AND event_type LIKE 'engine_%profile' ORDER BY id`, [user.id]);
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(audits[0].log_data.credential).toEqual({ kind: 'telegram', chat_id: String(chatId) });
    // A refused act tells why: the profile is already active.
    expect(await say(chatId, `/start ${profileId}`)).toBe(M.confirm(M.startProfile(profileId)));
    const asked = sentTo(chatId).at(-1)!;
    fake.pushCallback(TOKEN, chatId, asked.message_id!, asked.buttons![0][0].callback_data);
    await waitUntil(() => fake.edits.some((e) => e.message_id === asked.message_id), 20_000);
    expect(fake.edits.find((e) => e.message_id === asked.message_id)!.text).toMatch(new RegExp(`^${M.startProfile(profileId)}: failed \\(.+\\)\\.$`));
  }, 60_000);

  it('Cancel carries out nothing', async () => {
    const { chatId } = await linkedUser(permsAll('Full'));
    const before = await ctx.db.query(`SELECT count(*)::int AS n FROM engine_commands`);
    await say(chatId, '/bot on');
    const asked = sentTo(chatId).at(-1)!;
    fake.pushCallback(TOKEN, chatId, asked.message_id!, asked.buttons![0][1].callback_data);
    await waitUntil(() => fake.edits.some((e) => e.message_id === asked.message_id && e.text === M.cancelled));
    expect(await ctx.db.query(`SELECT count(*)::int AS n FROM engine_commands`)).toEqual(before);
  });
});

describe('the Telegram alert channel', () => {
  it('delivers the user notifications to their linked chat through the deliveries outbox', async () => {
    const { user, token, chatId } = await linkedUser(permsAll('Full'));
    await ctx.http().put(CHANNELS).set(...auth(token)).send({ choices: { new_device_sign_in: ['telegram'] } }).expect(200);
    await ctx.app.get(NotificationsService).notify({ title: 'Sign-in from a new device', text_body: 'Firefox on Linux', kind: 'new_device_sign_in', userId: user.id });
    await waitUntil(() => sentTo(chatId).some((m) => m.text === 'Sign-in from a new device\nFirefox on Linux'), 15_000);
    await waitUntil(async () => (await ctx.db.query(`SELECT status FROM alert_deliveries WHERE user_id = $1 AND channel = 'telegram'`, [user.id]))[0]?.status === 'sent');
  });
});

describe('one poller, and a new bot token', () => {
  it('a second worker never polls at the same time, and takes over when the first stops', async () => {
    const second = await startWorker(ctx);
    try {
      const polls = fake.polls;
      await new Promise((r) => setTimeout(r, 4_000));
      expect(fake.polls).toBeGreaterThan(polls);
      expect(fake.conflicts).toBe(0);
      await worker.close();
      const chatId = nextChat++;
      expect(await say(chatId, '/help')).toBe(M.linkYourAccount);
      expect(fake.conflicts).toBe(0);
    } finally {
      worker = second;
    }
  }, 30_000);

  it('a token of another bot re-links nothing: linked chats answer as unknown until linked again', async () => {
    const { token, chatId } = await linkedUser(permsAll('Full'));
    await ctx.http().put(BOT_SETTINGS).set(...auth(adminToken)).send({ token: OTHER_BOT_TOKEN, chat_id: '-100500' }).expect(200);
    expect(await say(chatId, '/status', OTHER_BOT_TOKEN)).toBe(M.linkYourAccount);
    expect((await ctx.http().get(LINK).set(...auth(token)).expect(200)).body).toMatchObject({ linked: false });
  }, 30_000);
});
