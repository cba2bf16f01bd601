import type { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NotificationsService } from '../notifications/notifications.service';
import { InvestorReportsProcessor } from '../system-settings/investor-reports/investor-reports.processor';
import { MaintenanceProcessor } from '../maintenance/maintenance.processor';
import { bullConnection, heartbeatKey, JOBS, QUEUES } from '../queues/queues';
import { TelegramProcessor } from '../system-settings/telegram/telegram.processor';
import { auth, fullAccessToken } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { beatEngine } from '../test/engine';
import { createTestApp, TestContext } from '../test/harness';
import { startWorker } from '../test/worker';

/** The same number of workers on every queue. */
const eachQueue = (n: number) => Object.values(QUEUES).map(() => n);

describe('the worker process', () => {
  let ctx: TestContext;
  let queues: Queue[];
  const started: INestApplicationContext[] = [];
  // A Telegram stand-in that answers each message only after a while, to stop a worker mid-job.
  let slowTelegram: Server;
  let requestsSeen = 0;
  beforeAll(async () => {
    slowTelegram = createServer((req, res) => {
      requestsSeen += 1;
      req.resume();
      setTimeout(() => res.setHeader('content-type', 'application/json').end(JSON.stringify({ ok: true, result: {} })), 700);
    });
    await new Promise<void>((resolve) => slowTelegram.listen(0, '127.0.0.1', resolve));
    const telegramUrl = `http://127.0.0.1:${(slowTelegram.address() as AddressInfo).port}`;
    ctx = await createTestApp({ WORKER_CONCURRENCY: '3', TELEGRAM_API_BASE_URL: telegramUrl });
    queues = Object.values(QUEUES).map((name) => new Queue(name, { connection: bullConnection(ctx.config.redisUrl), prefix: ctx.config.redisPrefix }));
  });
  // Each test starts the worker processes it needs; none is left for the next.
  afterEach(async () => {
    await Promise.all(started.splice(0).map((w) => w.close()));
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.close()));
    await ctx.close();
    await new Promise((resolve) => slowTelegram.close(resolve));
  });

  const workersPerQueue = () => Promise.all(queues.map((q) => q.getWorkersCount()));
  const heartbeats = () => ctx.redis.zrange(heartbeatKey(ctx.config.redisPrefix), 0, -1);
  const schedulerKeys = async () => (await Promise.all(queues.map((q) => q.getJobSchedulers(0, -1)))).flat().map((s) => s.key).sort();
  const startWorkers = async (count: number) => {
    for (let i = 0; i < count; i++) started.push(await startWorker(ctx));
    return started;
  };

  it('the API process only enqueues: no queue has a worker', async () => {
    expect(await workersPerQueue()).toEqual(eachQueue(0));
    expect(await heartbeats()).toEqual([]);
  });

  it('one worker process takes every queue with the configured concurrency, beats, and registers the repeating jobs', async () => {
    const [worker] = await startWorkers(1);
    expect(await workersPerQueue()).toEqual(eachQueue(1));
    for (const processor of [MaintenanceProcessor, TelegramProcessor, InvestorReportsProcessor]) {
      expect(worker.get(processor).worker.concurrency).toBe(3);
    }
    expect(await heartbeats()).toHaveLength(1);
    expect(await schedulerKeys()).toEqual([JOBS.purgeExpiredAuth, JOBS.maintainPartitions, JOBS.requeuePendingTelegram, JOBS.reinvestMmDeposit, JOBS.requeuePendingExports, JOBS.purgeExpiredExports, JOBS.requeuePendingCandleImports, JOBS.requeuePendingBacktests, JOBS.requeuePendingCandleDownloads, JOBS.pollLiveCandles, JOBS.sweepAlertDeliveries].sort());
  });

  it('more worker processes run side by side (compose --scale), each with its own heartbeat, the schedulers once', async () => {
    await startWorkers(2);
    expect(await workersPerQueue()).toEqual(eachQueue(2));
    expect(await heartbeats()).toHaveLength(2);
    expect(await schedulerKeys()).toEqual([JOBS.purgeExpiredAuth, JOBS.maintainPartitions, JOBS.requeuePendingTelegram, JOBS.reinvestMmDeposit, JOBS.requeuePendingExports, JOBS.purgeExpiredExports, JOBS.requeuePendingCandleImports, JOBS.requeuePendingBacktests, JOBS.requeuePendingCandleDownloads, JOBS.pollLiveCandles, JOBS.sweepAlertDeliveries].sort());
  });

  it('a stopping worker closes its workers and leaves the heartbeat set; the others stay', async () => {
    await startWorkers(2);
    await started.pop()!.close();
    expect(await workersPerQueue()).toEqual(eachQueue(1));
    expect(await heartbeats()).toHaveLength(1);
    await beatEngine(ctx);
    await ctx.http().get('/api/v2/health/').expect(200);
    await started.pop()!.close();
    expect(await workersPerQueue()).toEqual(eachQueue(0));
    expect(await heartbeats()).toEqual([]);
    await ctx.http().get('/api/v2/health/').expect(503);
  });

  it('a stopping worker finishes the job it is running before it lets go of the database', async () => {
    const admin = await fullAccessToken(ctx);
    await ctx.http().post('/api/v2/notifications/tg-bot-settings/').set(...auth(admin)).send({ token: '123456789:AAStopTokenForTests-abcdefgh', chat_id: '-1' }).expect(201);
    const [worker] = await startWorkers(1);
    const { id } = await ctx.app.get(NotificationsService).notify({ title: 'During shutdown', text_body: 'x' });
    await waitUntil(() => requestsSeen > 0);
    await started.splice(started.indexOf(worker), 1)[0].close();
    const [row] = await ctx.db.query(`SELECT status FROM telegram_outbox WHERE notification_id = $1`, [id]);
    expect(row.status).toBe('sent');
  });
});
