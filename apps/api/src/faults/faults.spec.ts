/**
 * Fault tests: what the console keeps doing when Redis loses its data, when Redis is away, and when a
 * worker dies in the middle of a send. Later fault tests (exports, engine commands) belong here too.
 */
import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { DELIVERY_FAILURES, permsAll } from '@console/contracts';
import { schedulerId } from '../system-settings/investor-reports/investor-reports.jobs';
import { bullConnection, JOBS, QUEUES } from '../queues/queues';
import { TelegramProcessor } from '../system-settings/telegram/telegram.processor';
import { auth, makeUser, sessionFor, TestUser } from '../test/factories';
import { FakeTelegram, startFakeTelegram, waitUntil } from '../test/fake-telegram';
import { clearRedisPrefix, createTestApp, TestContext } from '../test/harness';
import { RedisProxy, startRedisProxy } from '../test/redis-proxy';
import { startWorker } from '../test/worker';

const TG_SETTINGS = '/api/v2/notifications/tg-bot-settings/';
const SCHEDULER = '/api/v2/notifications/investor-reports-scheduler/';
const ACCOUNTS = '/api/v2/strategies/exchange-accounts/';
const TOKEN = '123456789:AAFakeTokenForTests-abcdefghijWXYZ';

interface Running {
  ctx: TestContext;
  fake: FakeTelegram;
  worker?: INestApplicationContext;
  admin: string;
  user: TestUser;
  queues: Record<'maintenance' | 'telegram' | 'reports', Queue>;
}

/** An app whose main and investor bots point at a fake Telegram, with an administrator session. */
async function start(overrides: Record<string, string> = {}): Promise<Running> {
  const fake = await startFakeTelegram();
  const ctx = await createTestApp({ TELEGRAM_API_BASE_URL: fake.url, TELEGRAM_RETRY_DELAY_MS: '20', ...overrides });
  const user = await makeUser(ctx.db, { perms: permsAll('Full') });
  const admin = (await sessionFor(ctx, user.id)).access;
  await ctx.http().post(TG_SETTINGS).set(...auth(admin)).send({ token: TOKEN, chat_id: '-100200300' }).expect(201);
  const queue = (name: string) =>
    new Queue(name, { connection: bullConnection(ctx.config.redisUrl), prefix: ctx.config.redisPrefix }).on('error', () => undefined); // outages are the point here
  return { ctx, fake, admin, user, queues: { maintenance: queue(QUEUES.maintenance), telegram: queue(QUEUES.telegram), reports: queue(QUEUES.investorReports) } };
}

async function stop(run: Running | undefined): Promise<void> {
  if (!run) return;
  run.fake.release();
  // After an outage BullMQ's close can wait for good on its blocking connection; the worker process has
  // a deadline for that (src/worker.ts), and so does this test.
  await Promise.race([run.worker?.close(), pause(10_000)]);
  await Promise.all(Object.values(run.queues).map((q) => q.close()));
  await run.ctx.close();
  await run.fake.close();
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const textsOf = (fake: FakeTelegram, fragment: string) => fake.received.filter((m) => m.text.includes(fragment));

/** Waits until the outbox row of the text is marked sent. */
async function sentRow(run: Running, text: string): Promise<void> {
  await waitUntil(async () => {
    const rows: { status: string }[] = await run.ctx.db.query(`SELECT status FROM telegram_outbox WHERE text LIKE $1`, [`%${text}%`]);
    return rows.some((r) => r.status === 'sent');
  }, 20_000);
}

/**
 * Waits for `n` sweeper runs that began after now to complete: each of them saw the table as it is now,
 * so a row already sent cannot be queued again by them.
 */
async function sweepsFromNow(run: Running, n: number, timeoutMs = 60_000): Promise<void> {
  const since = Date.now();
  await waitUntil(async () => {
    const done = await run.queues.telegram.getJobs(['completed']);
    return done.filter((job) => job.name === JOBS.requeuePendingTelegram && (job.processedOn ?? 0) > since).length >= n;
    // A worker back from an outage resumes its schedules after its reconnect backoff: on a busy machine that took over 20 s.
  }, timeoutMs);
}

describe('Redis loses its data under a running worker', () => {
  let run: Running;
  beforeAll(async () => {
    run = await start({ SCHEDULE_CHECK_MS: '200', TELEGRAM_SWEEP_MS: '300' });
  });
  afterAll(() => stop(run));

  it('every job scheduler and every pending message come back from PostgreSQL', async () => {
    const { ctx, admin, queues } = run;
    const entry = await ctx.http().post(SCHEDULER).set(...auth(admin)).send({ schedule_type: 'daily', investor_report_time: '03:30' }).expect(201);
    run.worker = await startWorker(ctx);
    const expected: [Queue, string][] = [
      [queues.maintenance, JOBS.purgeExpiredAuth],
      [queues.telegram, JOBS.requeuePendingTelegram],
      [queues.reports, schedulerId(entry.body.id)],
    ];
    const allThere = async () => (await Promise.all(expected.map(([q, key]) => q.getJobScheduler(key)))).every(Boolean);
    await waitUntil(allThere, 10_000);

    // A message whose job Redis will lose: written a while ago, never sent.
    const [row]: { id: string }[] = await ctx.db.query(
      `INSERT INTO telegram_outbox (bot, text, created_at) VALUES ('main', 'Kept through a Redis flush', now() - interval '10 minutes') RETURNING id::text`,
    );
    // The running worker puts its schedulers back within one check (200 ms), so whether one is missing
    // right after the flush is a race; a key nothing writes again shows the whole prefix was wiped.
    const marker = `${ctx.config.redisPrefix}:flush-marker`;
    await ctx.redis.set(marker, '1');
    await clearRedisPrefix(ctx.redis, ctx.config.redisPrefix);
    expect(await ctx.redis.exists(marker)).toBe(0);

    await waitUntil(allThere, 10_000);
    await run.fake.waitFor(() => textsOf(run.fake, 'Kept through a Redis flush').length === 1, 10_000);
    // Several more sweeps after the row is marked sent: nothing is sent again.
    await sentRow(run, 'Kept through a Redis flush');
    await sweepsFromNow(run, 3);
    expect(textsOf(run.fake, 'Kept through a Redis flush')).toHaveLength(1);
    const [after] = await ctx.db.query(`SELECT status FROM telegram_outbox WHERE id = $1`, [row.id]);
    expect(after.status).toBe('sent');
  });

  it('a scheduler whose next job was lost (an outage as its job began) runs again', async () => {
    const { ctx, queues } = run;
    const key = JOBS.requeuePendingTelegram;
    const base = `${ctx.config.redisPrefix}:${QUEUES.telegram}`;
    // Atomically drops the scheduler's next job while it is still waiting, as an outage between a job's
    // start and BullMQ's adding of the next one leaves it: the scheduler stays, nothing will run.
    const dropNextJob = `
      local next = redis.call('ZSCORE', KEYS[1], ARGV[1])
      if not next then return 0 end
      local id = 'repeat:' .. ARGV[1] .. ':' .. next
      if not redis.call('ZSCORE', KEYS[2], id) then return 0 end
      redis.call('ZREM', KEYS[2], id)
      redis.call('DEL', ARGV[2] .. id)
      return 1`;
    await waitUntil(async () => (await ctx.redis.eval(dropNextJob, 2, `${base}:repeat`, `${base}:delayed`, key, `${base}:`)) === 1, 10_000);
    expect(await queues.telegram.getJobScheduler(key)).toBeTruthy();
    await sweepsFromNow(run, 2);
  });

  it('a scheduler whose next job went active with no worker holding it (its add of the following job failed) runs again', async () => {
    const { ctx, queues } = run;
    const key = JOBS.requeuePendingTelegram;
    const base = `${ctx.config.redisPrefix}:${QUEUES.telegram}`;
    // Moves the scheduler's next job to the active list with no lock, as a worker leaves a job it took
    // when adding the following one failed: BullMQ's stalled check takes two of its rounds (30 s each)
    // to give such a job back.
    const orphanNextJob = `
      local next = redis.call('ZSCORE', KEYS[1], ARGV[1])
      if not next then return 0 end
      local id = 'repeat:' .. ARGV[1] .. ':' .. next
      if not redis.call('ZSCORE', KEYS[2], id) then return 0 end
      redis.call('ZREM', KEYS[2], id)
      redis.call('LPUSH', KEYS[3], id)
      return 1`;
    await waitUntil(async () => (await ctx.redis.eval(orphanNextJob, 3, `${base}:repeat`, `${base}:delayed`, `${base}:active`, key)) === 1, 10_000);
    expect(await queues.telegram.getJobScheduler(key)).toBeTruthy();
    await sweepsFromNow(run, 2, 10_000);
  });
});

describe('Redis is away', () => {
  let run: Running;
  let proxy: RedisProxy;
  beforeAll(async () => {
    proxy = await startRedisProxy(inject('redisUrl'));
    run = await start({ REDIS_URL: proxy.url, TELEGRAM_SWEEP_MS: '300', TELEGRAM_REQUEUE_AFTER_MS: '500', SCHEDULE_CHECK_MS: '300' });
    run.worker = await startWorker(run.ctx);
  });
  afterEach(() => proxy.restore().catch(() => undefined));
  afterAll(async () => {
    await stop(run);
    await proxy.close();
  });

  it('a write that notifies answers at once, and its message is sent once Redis returns, once', async () => {
    const { ctx, admin } = run;
    await proxy.cut();
    // Without Redis the enqueue would wait for its return; the answer comes after ENQUEUE_TIMEOUT_MS (1 s) at most.
    const created = await ctx
      .http()
      .post(ACCOUNTS)
      .set(...auth(admin))
      .send({ title: 'Written during an outage', api_key: 'key-outage', api_secret: 'secret-outage-123', leverage: 5, broker_id: 'B1' })
      .timeout(5_000)
      .expect(201);
    expect(created.body.title).toBe('Written during an outage');
    const [accounts] = await ctx.db.query(`SELECT count(*)::int AS n FROM exchange_accounts WHERE title = 'Written during an outage'`);
    expect(accounts.n).toBe(1);
    expect(textsOf(run.fake, 'Written during an outage')).toHaveLength(0);

    await proxy.restore();
    await run.fake.waitFor(() => textsOf(run.fake, 'Written during an outage').length === 1, 20_000);
    await sentRow(run, 'Written during an outage');
    // The late enqueue reached Redis: the API's connection answers commands in order, and the enqueue was
    // held in it through the outage, so a ping sent through it now answers after it.
    const apiQueue = ctx.app.get<Queue>(getQueueToken(QUEUES.telegram));
    const apiClient = (await apiQueue.getBackend().client) as unknown as Redis;
    await apiClient.ping();
    // And the sweeper ran more than once after both.
    await sweepsFromNow(run, 2);
    expect(textsOf(run.fake, 'Written during an outage')).toHaveLength(1);
  }, 120_000);

  it('sign-in keeps working on in-memory limits while Redis is away', async () => {
    const { ctx, user } = run;
    await proxy.cut();
    const login = await ctx.http().post('/api/v2/users/login/').send({ email: user.email, password: user.password }).timeout(5_000).expect(200);
    expect(login.body.access).toEqual(expect.any(String));
    // The limits still hold: the account's five failures are counted in this process.
    for (let i = 0; i < 5; i++) await ctx.http().post('/api/v2/users/login/').send({ email: user.email, password: 'Wrong!pass1' }).timeout(5_000).expect(400);
    await ctx.http().post('/api/v2/users/login/').send({ email: user.email, password: user.password }).timeout(5_000).expect(429);
  });
});

describe('a worker dies in the middle of a send', () => {
  let run: Running;
  beforeAll(async () => {
    run = await start();
    run.worker = await startWorker(run.ctx);
  });
  afterAll(() => stop(run));

  it('the job that runs again finds its own send key and does not send a second time', async () => {
    const { ctx, fake } = run;
    const processor = run.worker!.get(TelegramProcessor);
    const [row]: { id: string }[] = await ctx.db.query(`INSERT INTO telegram_outbox (bot, text) VALUES ('main', 'Sent at most once') RETURNING id::text`);
    // The same job as BullMQ hands it out again after a stall: same id, same attempt number.
    const job = { id: `outbox-${row.id}`, data: { outboxId: row.id }, attemptsMade: 0, opts: { attempts: 5 } };

    fake.hold();
    const attemptsBefore = fake.attempts;
    const dying = processor.send(job).catch(() => 'cut off');
    await waitUntil(() => fake.attempts === attemptsBefore + 1, 5_000); // the request reached Telegram; then the worker "dies"

    expect(await processor.send(job)).toBe('interrupted');
    expect(fake.attempts).toBe(attemptsBefore + 1);
    const [after] = await ctx.db.query(`SELECT status, last_error FROM telegram_outbox WHERE id = $1`, [row.id]);
    expect(after).toEqual({ status: 'failed', last_error: DELIVERY_FAILURES.sendInterrupted });
    const logged = await ctx.db.query(`SELECT count(*)::int AS n FROM logs WHERE event_type = 'telegram_send_interrupted' AND log_data->>'outbox_id' = $1`, [row.id]);
    expect(logged[0].n).toBe(1);

    // A retry after a failed attempt is a new attempt, and sends again.
    fake.release();
    await dying;
    const [second]: { id: string }[] = await ctx.db.query(`INSERT INTO telegram_outbox (bot, text) VALUES ('main', 'Retried after a failure') RETURNING id::text`);
    const retry = { id: `outbox-${second.id}`, data: { outboxId: second.id }, opts: { attempts: 5 } };
    await ctx.db.query(`UPDATE telegram_outbox SET send_key = $2 WHERE id = $1`, [second.id, `outbox-${second.id}:0`]);
    expect(await processor.send({ ...retry, attemptsMade: 1 })).toBe('sent');
    expect(textsOf(fake, 'Retried after a failure')).toHaveLength(1);
  });
});
