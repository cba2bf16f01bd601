import type { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@console/contracts';
import { INVESTOR_REPORTS_QUEUE } from '../../queues/queue-producers.module';
import { JOBS } from '../../queues/queues';
import { auth, fullAccessToken } from '../../test/factories';
import { FakeTelegram, startFakeTelegram } from '../../test/fake-telegram';
import { createTestApp, TestContext } from '../../test/harness';
import { startWorker } from '../../test/worker';
import { SETTINGS_MESSAGES as M } from '@console/contracts';

const SETTINGS = '/api/v2/notifications/investor-reports-settings/';
const SCHEDULER = '/api/v2/notifications/investor-reports-scheduler/';
const INVESTOR_TOKEN = '987654321:AAInvestorBotTokenForTests-zyxwQRST';

describe('investor report settings and schedule', () => {
  let ctx: TestContext;
  let fake: FakeTelegram;
  let admin: string;
  let queue: Queue;
  beforeAll(async () => {
    fake = await startFakeTelegram();
    ctx = await createTestApp({ TELEGRAM_API_BASE_URL: fake.url, TELEGRAM_RETRY_DELAY_MS: '20' });
    admin = await fullAccessToken(ctx);
    queue = ctx.app.get(INVESTOR_REPORTS_QUEUE);
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  const put = (body: object) => ctx.http().put(SETTINGS).set(...auth(admin)).send(body);
  const schedule = (body: object) => ctx.http().post(SCHEDULER).set(...auth(admin)).send(body);
  const schedulerKeys = async () => (await queue.getJobSchedulers(0, -1)).map((s) => s.key).sort();

  it('saves the investor bot, answers the token masked, and refuses unchanged values', async () => {
    expect((await ctx.http().get(SETTINGS).set(...auth(admin)).expect(200)).body).toEqual({ investor_bot_token: '', investor_chat_id: '' });
    const saved = await put({ investor_bot_token: INVESTOR_TOKEN, investor_chat_id: '@investors' }).expect(200);
    expect(saved.body).toEqual({ investor_bot_token: '********QRST', investor_chat_id: '@investors' });
    expect(saved.text).not.toContain(INVESTOR_TOKEN);
    expect((await put({ investor_bot_token: INVESTOR_TOKEN, investor_chat_id: '@investors' }).expect(400)).body).toEqual({ detail: MESSAGES.valuesNotChanged });
    expect((await put({ investor_bot_token: '********QRST', investor_chat_id: '@investors' }).expect(400)).body).toEqual({ detail: MESSAGES.valuesNotChanged });
    await put({ investor_bot_token: '********QRST', investor_chat_id: '-100999' }).expect(200);
    expect((await ctx.http().get(SETTINGS).set(...auth(admin)).expect(200)).body).toEqual({ investor_bot_token: '********QRST', investor_chat_id: '-100999' });
    // The alert bot's settings answer the same investor fields, masked.
    expect((await ctx.http().get('/api/v2/notifications/tg-bot-settings/').set(...auth(admin)).expect(200)).body).toMatchObject({ investor_bot_token: '********QRST', token: '' });
    const logs: { text: string }[] = await ctx.db.query(`SELECT log_data::text AS text FROM logs`);
    for (const { text } of logs) expect(text).not.toContain(INVESTOR_TOKEN);
  });

  it('validates the investor settings', async () => {
    expect((await put({ investor_bot_token: '', investor_chat_id: '1' }).expect(400)).body).toEqual({ investor_bot_token: [M.botTokenBlank] });
    expect((await put({ investor_bot_token: 't'.repeat(513), investor_chat_id: '1' }).expect(400)).body).toEqual({ investor_bot_token: [M.botTokenTooLong] });
    expect((await put({ investor_bot_token: INVESTOR_TOKEN }).expect(400)).body).toEqual({ investor_chat_id: [M.chatIdBlank] });
    expect((await put({ investor_bot_token: INVESTOR_TOKEN, investor_chat_id: '1'.repeat(513) }).expect(400)).body).toEqual({ investor_chat_id: [M.investorChatIdTooLong] });
    await put({ investor_bot_token: INVESTOR_TOKEN, investor_chat_id: '1'.repeat(512) }).expect(200);
  });

  it('creates schedule entries as job schedulers in Redis, and deleting one removes its scheduler', async () => {
    const daily = await schedule({ schedule_type: 'daily', investor_report_time: '03:30', local_investor_report_time: '06:30:00' }).expect(201);
    expect(daily.body).toEqual({ id: expect.any(Number), schedule_type: 'daily', investor_report_time: '03:30:00', local_investor_report_time: '06:30:00', schedule_crontab: '0 30 3 * * *' });
    const weekly = await schedule({ schedule_type: 'weekly', investor_report_time: '06:00:00' }).expect(201);
    expect(weekly.body.schedule_crontab).toBe('0 0 6 * * 1');
    const custom = await schedule({ schedule_type: 'custom', schedule_crontab: '15 2 * * 1-5' }).expect(201);
    expect(custom.body).toMatchObject({ schedule_crontab: '15 2 * * 1-5', investor_report_time: '02:15:00' });
    expect(await schedulerKeys()).toEqual([daily.body.id, weekly.body.id, custom.body.id].map((id) => `investor-report-${id}`).sort());
    const stored = (await queue.getJobSchedulers(0, -1)).find((s) => s.key === `investor-report-${daily.body.id}`)!;
    expect(stored).toMatchObject({ pattern: '0 30 3 * * *', tz: 'UTC' });

    const list = await ctx.http().get(SCHEDULER).set(...auth(admin)).expect(200);
    expect(list.body.count).toBe(3);

    await ctx.http().delete(`${SCHEDULER}${weekly.body.id}/`).set(...auth(admin)).expect(204);
    expect(await schedulerKeys()).not.toContain(`investor-report-${weekly.body.id}`);
    await ctx.http().delete(`${SCHEDULER}${weekly.body.id}/`).set(...auth(admin)).expect(404);
    const events = await ctx.db.query(`SELECT event_type FROM logs WHERE event_type LIKE 'investor_report_schedule_%' ORDER BY id`);
    expect(events.map((e: { event_type: string }) => e.event_type)).toEqual([
      'investor_report_schedule_created',
      'investor_report_schedule_created',
      'investor_report_schedule_created',
      'investor_report_schedule_deleted',
    ]);
  });

  it('refuses times after 6:00, bad types, and missing or invalid cron expressions', async () => {
    expect((await schedule({ schedule_type: 'daily', investor_report_time: '07:00:00' }).expect(400)).body).toEqual({ investor_report_time: [M.reportHourRange] });
    // 6:00 is the latest run: one minute or one second past it is refused, for cron entries too.
    expect((await schedule({ schedule_type: 'daily', investor_report_time: '06:59' }).expect(400)).body).toEqual({ investor_report_time: [M.reportHourRange] });
    expect((await schedule({ schedule_type: 'weekly', investor_report_time: '06:00:01' }).expect(400)).body).toEqual({ investor_report_time: [M.reportHourRange] });
    expect((await schedule({ schedule_type: 'custom', schedule_crontab: '30 6 * * *' }).expect(400)).body).toEqual({ schedule_crontab: [M.reportHourRange] });
    expect((await schedule({ schedule_type: 'custom', schedule_crontab: '0,30 5-6 * * *' }).expect(400)).body).toEqual({ schedule_crontab: [M.reportHourRange] });
    await schedule({ schedule_type: 'custom', schedule_crontab: '0 6 * * 1-5' }).expect(201);
    expect((await schedule({ schedule_type: 'daily', investor_report_time: '25:00' }).expect(400)).body).toEqual({ investor_report_time: [M.reportTimeInvalid] });
    expect((await schedule({ schedule_type: 'daily' }).expect(400)).body).toEqual({ investor_report_time: [M.reportTimeInvalid] });
    expect((await schedule({ schedule_type: 'hourly', investor_report_time: '01:00' }).expect(400)).body).toEqual({ schedule_type: [M.scheduleTypeInvalid] });
    expect((await schedule({ schedule_type: 'custom' }).expect(400)).body).toEqual({ schedule_crontab: [M.cronRequired] });
    expect((await schedule({ schedule_type: 'custom', schedule_crontab: 'every day' }).expect(400)).body).toEqual({ schedule_crontab: [M.cronInvalid] });
    expect((await schedule({ schedule_type: 'custom', schedule_crontab: '61 2 * * *' }).expect(400)).body).toEqual({ schedule_crontab: [M.cronInvalid] });
    expect((await schedule({ schedule_type: 'custom', schedule_crontab: '0 */2 * * *' }).expect(400)).body).toEqual({ schedule_crontab: [M.reportHourRange] });
    expect((await schedule({}).expect(400)).body).toHaveProperty('schedule_type');
  });

  it('a worker registers every stored schedule at start, drops orphans, and a run sends the report through the investor bot', async () => {
    await schedule({ schedule_type: 'daily', investor_report_time: '01:30:00' }).expect(201);
    // Redis lost its schedulers, and holds one for an entry that no longer exists.
    for (const key of await schedulerKeys()) await queue.removeJobScheduler(key);
    await queue.upsertJobScheduler('investor-report-424242', { pattern: '0 0 1 * * *', tz: 'UTC' }, { name: JOBS.sendInvestorReport, data: { scheduleId: 424242 } });
    await put({ investor_bot_token: INVESTOR_TOKEN, investor_chat_id: '-100777' }).expect(200);
    await ctx.db.query(`INSERT INTO pairs (ticker, is_active) VALUES ('BTCUSDT', true), ('ETHUSDT', false)`);

    let worker: INestApplicationContext | undefined;
    try {
      worker = await startWorker(ctx);
      const ids: { id: number }[] = await ctx.db.query(`SELECT id FROM investor_report_schedules ORDER BY id`);
      expect(await schedulerKeys()).toEqual(ids.map((r) => `investor-report-${r.id}`).sort());

      await queue.add(JOBS.sendInvestorReport, { scheduleId: ids[0].id });
      await fake.waitFor((r) => r.some((m) => m.text.startsWith('Investor report')));
      const report = fake.received.find((m) => m.text.startsWith('Investor report'))!;
      expect(report.token).toBe(INVESTOR_TOKEN);
      expect(report.chat_id).toBe('-100777');
      expect(report.text).toContain('Active trading pairs: 1 of 2');
      const [row] = await ctx.db.query(`SELECT last_run_at FROM investor_report_schedules WHERE id = $1`, [ids[0].id]);
      expect(row.last_run_at).not.toBeNull();
    } finally {
      await worker?.close();
    }
  });
});
