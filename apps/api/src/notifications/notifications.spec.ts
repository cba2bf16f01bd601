import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decryptSecret } from '../common/crypto/secrets';
import { SETTINGS_MESSAGES as M } from '@console/contracts';
import { auth, fullAccessToken } from '../test/factories';
import { FakeTelegram, startFakeTelegram, waitUntil } from '../test/fake-telegram';
import { createTestApp, TestContext } from '../test/harness';
import { startWorker } from '../test/worker';
import { NotificationsService } from './notifications.service';

const S = '/api/v2/notifications/tg-bot-settings/';
const N = '/api/v2/notifications/';
const TOKEN = '123456789:AAFakeTokenForTests-abcdefghijWXYZ';

describe('Telegram settings and notifications', () => {
  let ctx: TestContext;
  let fake: FakeTelegram;
  let worker: INestApplicationContext;
  let admin: string;

  beforeAll(async () => {
    fake = await startFakeTelegram();
    ctx = await createTestApp({ TELEGRAM_API_BASE_URL: fake.url, TELEGRAM_RETRY_DELAY_MS: '20' });
    admin = await fullAccessToken(ctx);
    worker = await startWorker(ctx);
  });
  afterAll(async () => {
    await worker?.close();
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => fake.respondWith(200));

  const send = async (method: 'post' | 'put', path: string, body: object, status: number) =>
    ctx.http()[method](path).set(...auth(admin)).send(body).expect(status);
  /** Each test that sends sets up the bot itself (POST creates the settings or saves over them). */
  const configureBot = async () => {
    const res = await ctx.http().post(S).set(...auth(admin)).send({ token: TOKEN, chat_id: '-100200300' });
    expect([200, 201]).toContain(res.status);
    return res;
  };

  it('answers empty settings before the first save, then creates with POST and updates after', async () => {
    await ctx.db.query(`DELETE FROM tg_bot_settings`);
    expect((await ctx.http().get(S).set(...auth(admin)).expect(200)).body).toEqual({
      id: null,
      token: '',
      chat_id: '',
      investor_bot_token: '',
      investor_chat_id: '',
      investor_report_time: '00:00:00',
    });
    const created = await send('post', S, { token: TOKEN, chat_id: '-100200300' }, 201);
    expect(created.body).toEqual({ id: expect.any(Number), token: '********WXYZ', chat_id: '-100200300', investor_bot_token: '', investor_chat_id: '', investor_report_time: '00:00:00' });
    const again = await send('post', S, { token: created.body.token, chat_id: '-100200301' }, 200);
    expect(again.body).toMatchObject({ id: created.body.id, chat_id: '-100200301', token: '********WXYZ' });
    await send('put', `${S}${created.body.id}/`, { token: created.body.token, chat_id: '-100200300' }, 200);
    await send('put', `${S}999999/`, { token: TOKEN, chat_id: '1' }, 404);
    const [row] = await ctx.db.query(`SELECT count(*)::int AS n, max(token_enc) AS token_enc FROM tg_bot_settings`);
    expect(row.n).toBe(1);
    expect(row.token_enc).not.toContain(TOKEN);
    expect(decryptSecret(row.token_enc, ctx.config.encryptionKey)).toBe(TOKEN);
  });

  it('validates token and chat ID with the spec’s limits', async () => {
    expect((await send('put', S, { token: '', chat_id: '1' }, 400)).body).toEqual({ token: [M.botTokenBlank] });
    expect((await send('put', S, { token: 't'.repeat(513), chat_id: '1' }, 400)).body).toEqual({ token: [M.botTokenTooLong] });
    expect((await send('put', S, { token: TOKEN }, 400)).body).toEqual({ chat_id: [M.chatIdBlank] });
    expect((await send('put', S, { token: TOKEN, chat_id: '1'.repeat(17) }, 400)).body).toEqual({ chat_id: [M.chatIdTooLong] });
    expect((await send('put', S, { token: TOKEN, chat_id: '1', investor_report_time: '07:00' }, 400)).body).toEqual({ investor_report_time: [M.reportHourRange] });
    expect((await send('put', S, { token: TOKEN, chat_id: '1', investor_report_time: 'soon' }, 400)).body).toEqual({ investor_report_time: [M.reportTimeInvalid] });
  });

  it('notify stores the notification and delivers it to Telegram through the worker', async () => {
    await configureBot();
    const { id } = await ctx.app.get(NotificationsService).notify({ title: 'Position closed', text_body: 'BTCUSDT closed at +1.2%' });
    await fake.waitFor((r) => r.some((m) => m.text.includes('BTCUSDT closed')));
    const message = fake.received.find((m) => m.text.includes('BTCUSDT closed'))!;
    expect(message).toEqual({ token: TOKEN, chat_id: '-100200300', text: 'Position closed\n\nBTCUSDT closed at +1.2%' });
    await waitUntil(async () => (await ctx.db.query(`SELECT status FROM telegram_outbox WHERE notification_id = $1`, [id]))[0].status === 'sent');

    const feed = await ctx.http().get(N).set(...auth(admin)).expect(200);
    expect(feed.body.results[0]).toEqual({ id, title: 'Position closed', text_body: 'BTCUSDT closed at +1.2%', created_at: expect.any(String) });
  });

  it('retries with backoff and writes an error log row when the last attempt fails', async () => {
    await configureBot();
    fake.respondWith(500);
    const before = fake.attempts;
    const { id } = await ctx.app.get(NotificationsService).notify({ title: 'Will fail', text_body: 'Telegram is down' });
    const failure = async () => (await ctx.db.query(`SELECT log_data FROM logs WHERE type = 'error' AND event_type = 'telegram_send_failed' AND log_data->>'notification_id' = $1`, [id]))[0];
    await waitUntil(async () => !!(await failure()), 15_000);
    expect(fake.attempts - before).toBe(5);
    expect((await failure()).log_data).toMatchObject({ attempts: 5, bot: 'main', error: 'Telegram answered 500: Internal Server Error' });
    const [outbox] = await ctx.db.query(`SELECT status, attempts FROM telegram_outbox WHERE notification_id = $1`, [id]);
    expect(outbox).toEqual({ status: 'failed', attempts: 5 });
  });

  it('does not retry what Telegram refuses for good (unknown chat), and logs it at once', async () => {
    await configureBot();
    fake.respondWith(400);
    const before = fake.attempts;
    const { id } = await ctx.app.get(NotificationsService).notify({ title: 'Bad chat', text_body: 'x' });
    await waitUntil(async () => (await ctx.db.query(`SELECT 1 FROM logs WHERE type = 'error' AND log_data->>'notification_id' = $1`, [id])).length === 1);
    expect(fake.attempts - before).toBe(1);
  });

  it('pages the feed newest first', async () => {
    const service = ctx.app.get(NotificationsService);
    for (let i = 0; i < 12; i++) await service.notify({ title: `n${i}`, text_body: '' });
    const page = await ctx.http().get(`${N}?page=1&page_size=5`).set(...auth(admin)).expect(200);
    expect(page.body.results.map((r: { title: string }) => r.title)).toEqual(['n11', 'n10', 'n9', 'n8', 'n7']);
    expect(page.body.next).toMatch(/page=2/);
  });

  it('no answer and no log row ever holds a bot token', async () => {
    const created = await configureBot();
    const answers = [
      created.text,
      (await send('post', S, { token: created.body.token, chat_id: '-100200301' }, 200)).text,
      (await send('put', `${S}${created.body.id}/`, { token: TOKEN, chat_id: '-100200300', investor_bot_token: TOKEN, investor_chat_id: '-1' }, 200)).text,
      (await send('put', S, { token: TOKEN, chat_id: '1'.repeat(17) }, 400)).text,
      (await ctx.http().get(S).set(...auth(admin)).expect(200)).text,
    ];
    for (const text of answers) expect(text).not.toContain(TOKEN);
    const logs: { text: string }[] = await ctx.db.query(`SELECT log_data::text AS text FROM logs`);
    expect(logs.some((l) => l.text.includes('tg_bot') || l.text.includes('chat_id'))).toBe(true);
    for (const { text } of logs) expect(text).not.toContain(TOKEN);
  });
});
