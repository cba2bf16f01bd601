import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX, permsAll, TELEGRAM_CHAT_MESSAGES as M, TELEGRAM_WEBHOOK } from '@console/contracts';
import { startFakeTelegram, waitUntil, type FakeTelegram } from '../test/fake-telegram';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/harness';
import { startWorker } from '../test/worker';

const WEBHOOK = `${API_PREFIX}${API_PATHS.telegramWebhook}`;
const TOKEN = '700300:WebhookBotTokenAbcdEfgh';
const PUBLIC_URL = 'https://console.example.test';

let ctx: TestContext;
let fake: FakeTelegram;
let worker: INestApplicationContext;

const message = (updateId: number, chatId: number, text: string) => ({
  update_id: updateId,
  message: { message_id: updateId, chat: { id: chatId, type: 'private' }, from: { id: chatId }, text },
});

beforeAll(async () => {
  fake = await startFakeTelegram();
  ctx = await createTestApp({ TELEGRAM_API_BASE_URL: fake.url, PUBLIC_URL, TELEGRAM_POLL_TIMEOUT_S: '1', TELEGRAM_LEASE_MARGIN_MS: '1000' });
  const admin = await makeUser(ctx.db, { perms: permsAll('Full') });
  const token = (await sessionFor(ctx, admin.id)).access;
  await ctx.http().post(`${API_PREFIX}${API_PATHS.tgBotSettings}`).set(...auth(token)).send({ token: TOKEN, chat_id: '-100700' }).expect(201);
  worker = await startWorker(ctx);
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await ctx?.close();
  await fake?.close();
});

describe('webhook mode (PUBLIC_URL https)', () => {
  it('sets the webhook with a secret, takes posts carrying it once each, and answers the chat; no getUpdates', async () => {
    await waitUntil(() => fake.webhooks.length > 0, 15_000);
    const [hook] = fake.webhooks;
    expect(hook).toMatchObject({ token: TOKEN, url: `${PUBLIC_URL}${WEBHOOK}` });
    expect(hook.secret_token).toMatch(/^[0-9a-f]{64}$/);

    await ctx.http().post(WEBHOOK).set(TELEGRAM_WEBHOOK.secretHeader, hook.secret_token).send(message(41, 9001, '/status')).expect(204);
    // Telegram's retry of the same update adds nothing.
    await ctx.http().post(WEBHOOK).set(TELEGRAM_WEBHOOK.secretHeader, hook.secret_token).send(message(41, 9001, '/status')).expect(204);
    await waitUntil(() => fake.received.some((m) => m.chat_id === '9001'), 15_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(fake.received.filter((m) => m.chat_id === '9001').map((m) => m.text)).toEqual([M.linkYourAccount]);
    expect(fake.polls).toBe(0);
  }, 30_000);

  it('refuses a post without the secret header or with another one, and a body that is no update', async () => {
    const refused = await ctx.http().post(WEBHOOK).send(message(42, 9002, '/status')).expect(404);
    expect(refused.body.detail).toBe(M.webhookRefused);
    await ctx.http().post(WEBHOOK).set(TELEGRAM_WEBHOOK.secretHeader, 'f'.repeat(64)).send(message(43, 9002, '/status')).expect(404);
    const invalid = await ctx.http().post(WEBHOOK).set(TELEGRAM_WEBHOOK.secretHeader, fake.webhooks[0].secret_token).send({ update_id: 'x' }).expect(400);
    expect(invalid.body.detail).toBe(M.updateInvalid);
    expect(await ctx.db.query(`SELECT update_id::int FROM telegram_updates ORDER BY id`)).toEqual([{ update_id: 41 }]);
  });
});

describe('back to long polling', () => {
  it('PUBLIC_URL back to http: the webhook is deleted once and getUpdates answers the chats again', async () => {
    await worker.close();
    worker = await startWorker(ctx, { config: { publicUrl: 'http://console.example.test' } });
    await waitUntil(() => fake.deletedWebhooks.length > 0, 15_000);
    expect(fake.deletedWebhooks).toEqual([TOKEN]);
    fake.pushMessage(TOKEN, 9003, '/help');
    await waitUntil(() => fake.received.some((m) => m.chat_id === '9003'), 15_000);
    expect(fake.received.filter((m) => m.chat_id === '9003').map((m) => m.text)).toEqual([M.linkYourAccount]);
    expect(fake.webhookConflicts).toBe(0);
    expect(fake.deletedWebhooks).toEqual([TOKEN]);
    const [state] = await ctx.db.query(`SELECT webhook_url FROM telegram_poll_state`);
    expect(state.webhook_url).toBeNull();
  }, 40_000);
});

