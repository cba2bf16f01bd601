/**
 * The Telegram commands answered by the worker as its own OS process (as `npm start` runs it), not inside
 * the test's API process: a list page with more rows than it shows carries a sealed cursor, whose key only
 * the API's bootstrap used to set, so on such data `/status` and `/signals` failed in the worker alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX, PAGE_SIZES, permsAll, TELEGRAM_CHAT_LIMITS, TELEGRAM_CHAT_MESSAGES as M, type TelegramLinkState } from '@console/contracts';
import { startFakeTelegram, waitUntil, type FakeTelegram } from '../test/fake-telegram';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/harness';
import { startHost, type HostProcess } from '../test/host-processes';
import { makeSignal, makeSignalWorld } from '../test/signal-fixtures';

const TOKEN = '700300:WorkerProcessBotTokenAAbb';
const CHAT_ID = 7300;

let ctx: TestContext;
let fake: FakeTelegram;
let worker: HostProcess;

const sentTo = () => fake.received.filter((m) => m.chat_id === String(CHAT_ID));

async function say(text: string): Promise<string> {
  const before = sentTo().length;
  fake.pushMessage(TOKEN, CHAT_ID, text);
  await waitUntil(() => sentTo().length > before, 20_000);
  return sentTo()[before].text;
}

beforeAll(async () => {
  fake = await startFakeTelegram();
  ctx = await createTestApp({ TELEGRAM_API_BASE_URL: fake.url });
  const c = ctx.config;
  worker = startHost('worker', 'worker', {
    DATABASE_URL: c.databaseUrl,
    REDIS_URL: c.redisUrl,
    REDIS_PREFIX: c.redisPrefix,
    JWT_SECRET: c.jwtSecret,
    ENCRYPTION_KEY: Buffer.from(c.encryptionKey).toString('hex'),
    TELEGRAM_API_BASE_URL: fake.url,
    TELEGRAM_POLL_TIMEOUT_S: '1',
    DAILY_REPORT_HOUR_UTC: '24',
    WORKER_METRICS_PORT: '0',
    CAPTCHA_PROVIDER: 'off',
    LOG_LEVEL: 'info',
  });
  await worker.waitForLog((line) => /^worker \S+ started$/.test(line.msg ?? ''), 60_000);
}, 90_000);

afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
  await fake?.close();
});

describe('commands answered by a worker process of its own', () => {
  it('/status and /signals answer over more signals than a page shows; a command that fails answers so and is logged', async () => {
    const admin = await makeUser(ctx.db, { perms: permsAll('Full') });
    const token = (await sessionFor(ctx, admin.id)).access;
    await ctx.http().post(`${API_PREFIX}${API_PATHS.tgBotSettings}`).set(...auth(token)).send({ token: TOKEN, chat_id: '-100730' }).expect(201);
    const world = await makeSignalWorld(ctx.db);
    const open = PAGE_SIZES.signals.options[0] + 2;
    for (let i = 0; i < open; i++) await makeSignal(ctx.db, world, { status: 'active', state: 'active_np', ageMinutes: 10 + i });
    const issued = (await ctx.http().post(`${API_PREFIX}${API_PATHS.telegramLink}`).set(...auth(token)).expect(200)).body as TelegramLinkState;
    expect(await say(`/start ${issued.code}`)).toBe(M.linked(admin.email));

    expect(await say('/status')).toMatch(new RegExp(`^Bot: (on|off)\\nOpen signals: ${open}$`));
    const signals = (await say('/signals')).split('\n');
    expect(signals).toHaveLength(TELEGRAM_CHAT_LIMITS.signalsDefault);
    expect(signals[0]).toMatch(/^ID: \d+ · Pair: \S+ · Direction: long · Status: Active · /);

    // A failure on the console's side (here the signals table gone for a moment) is answered, not silent.
    await ctx.db.query(`ALTER TABLE signals RENAME TO signals_away`);
    try {
      expect(await say('/signals 3')).toBe(M.commandFailed('/signals'));
    } finally {
      await ctx.db.query(`ALTER TABLE signals_away RENAME TO signals`);
    }
    const logged = await worker.waitForLog((line) => line.context === 'TelegramCommands' && String(line.msg).startsWith(`/signals from chat ${CHAT_ID} failed:`));
    expect(logged.level).toBe(50);
    expect(await say('/signals 1')).toMatch(/^ID: \d+ /);
  }, 90_000);
});
