import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { permsAll } from '@console/contracts';
import { heartbeatKey } from '../../queues/queues';
import { auth, makeGroup, makeUser, sessionFor } from '../../test/factories';
import { beatEngine } from '../../test/engine';
import { createTestApp, createTestDatabase, TestContext } from '../../test/harness';
import { replicaUnavailableReason, startStreamingReplica, StreamingReplica } from '../../test/streaming-replica';

const adminUrl = inject('adminDatabaseUrl');

/** A base backup copies the primary's whole cluster: on a shared machine with big databases that takes a while. */
const REPLICA_SETUP_MS = 10 * 60_000;

describe('read replica (a real streaming replica of the test PostgreSQL)', () => {
  /** Why this machine cannot make a replica; every test is skipped with it. */
  let skipReason: string | null = null;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let replica: StreamingReplica;
  let ctx: TestContext;
  let writer: string;
  let reader: string;
  let writerId: number;
  const databaseName = () => new URL(database.url).pathname.slice(1);
  const caughtUp = () => replica.caughtUp(adminUrl, databaseName());
  const pause = () => replica.pauseReplay(databaseName());
  const resume = async () => {
    await replica.resumeReplay(databaseName());
    await caughtUp();
  };
  const groupNames = async (token: string): Promise<string[]> => {
    const res = await ctx.http().get('/api/v2/users/groups/?page_size=500').set(...auth(token)).expect(200);
    return (res.body.results as { name: string }[]).map((g) => g.name);
  };
  // The worker's and the engine's heartbeats: health is ok with both fresh.
  const beat = async () => {
    await ctx.redis.zadd(heartbeatKey(ctx.config.redisPrefix), Date.now(), 'test-worker');
    await beatEngine(ctx);
  };

  beforeAll(async () => {
    skipReason = await replicaUnavailableReason(adminUrl);
    if (skipReason) {
      console.warn(`read replica tests skipped: ${skipReason}`);
      return;
    }
    database = await createTestDatabase();
    replica = await startStreamingReplica(adminUrl);
    // A window far longer than any test, so that no assertion depends on how fast the machine is.
    ctx = await createTestApp({ DATABASE_READ_URL: replica.url(databaseName()), READ_AFTER_WRITE_MS: '600000' }, database);
    const writerUser = await makeUser(ctx.db, { perms: permsAll('Full') });
    const readerUser = await makeUser(ctx.db, { perms: permsAll('Full') });
    writerId = writerUser.id;
    writer = (await sessionFor(ctx, writerUser.id)).access;
    reader = (await sessionFor(ctx, readerUser.id)).access;
    await caughtUp();
  }, REPLICA_SETUP_MS);

  afterAll(async () => {
    await ctx?.close();
    await replica?.destroy();
  });

  /** Each test starts with it: skipped, naming the reason, where no replica can be made. */
  const needsReplica = ({ skip }: { skip: (note?: string) => void }) => {
    if (skipReason) skip(skipReason);
  };

  it('serves a list from the replica: a row the paused replica has not replayed is missing until it replays', async (test) => {
    needsReplica(test);
    await caughtUp();
    await pause();
    try {
      const behind = await makeGroup(ctx.db, { name: `written on the primary ${Date.now()}` });
      expect(await groupNames(reader)).not.toContain(behind.name);
      // The API's read pool is connected to the replica's server.
      const [pool] = await replica.query<{ n: number }>(databaseName(), `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'trading-console-read'`);
      expect(pool.n).toBeGreaterThan(0);
      await resume();
      expect(await groupNames(reader)).toContain(behind.name);
    } finally {
      await replica.resumeReplay(databaseName());
    }
  });

  it('serves statistics and charts from the replica too', async (test) => {
    needsReplica(test);
    await caughtUp();
    await pause();
    try {
      const [account]: { id: number }[] = await ctx.db.query(
        `INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ('Behind the replica', 'key', 'not-a-real-secret', 10) RETURNING id`,
      );
      // The replica does not know the account yet: to the statistics it does not exist.
      const stale = await ctx.http().get(`/api/v2/statistics/statistics-chart/?exchange_account=${account.id}`).set(...auth(reader)).expect(400);
      expect(stale.body).toHaveProperty('exchange_account');
      const months = await ctx.http().get(`/api/v2/statistics/statistics-admin/?exchange_account=${account.id}`).set(...auth(reader)).expect(400);
      expect(months.body).toHaveProperty('exchange_account');
      await resume();
      const chart = await ctx.http().get(`/api/v2/statistics/statistics-chart/?exchange_account=${account.id}`).set(...auth(reader)).expect(200);
      expect(chart.body.exchange_account).toEqual({ id: account.id, title: 'Behind the replica' });
    } finally {
      await replica.resumeReplay(databaseName());
    }
  });

  it("reads a user's own write at once from the primary, while others read the replica until it replays", async (test) => {
    needsReplica(test);
    await caughtUp();
    await pause();
    try {
      const name = `created through the API ${Date.now()}`;
      await ctx.http().post('/api/v2/users/groups/').set(...auth(writer)).send({ name, perms: [] }).expect(201);
      // The writer's reads stay on the primary for READ_AFTER_WRITE_MS, across API processes (the mark is in Redis).
      expect(await ctx.redis.pttl(`${ctx.config.redisPrefix}:read-after-write:${writerId}`)).toBeGreaterThan(0);
      expect(await groupNames(writer)).toContain(name);
      expect(await groupNames(reader)).not.toContain(name);
      await resume();
      expect(await groupNames(reader)).toContain(name);
    } finally {
      await replica.resumeReplay(databaseName());
    }
  });

  it('reports the replica and its lag in health, which stays ok', async (test) => {
    needsReplica(test);
    await caughtUp();
    await beat();
    const current = await ctx.http().get('/api/v2/health/').expect(200);
    // Other databases of the cluster may be writing meanwhile, so the lag is small rather than exactly 0.
    expect(current.body).toMatchObject({ status: 'ok', database: 'up', redis: 'up', worker: 'up', replica: 'up' });
    expect(current.body.replica_lag_seconds).toBeGreaterThanOrEqual(0);
    await pause();
    try {
      await makeGroup(ctx.db);
      await replica.received(adminUrl, databaseName());
      await beat();
      const lagging = await ctx.http().get('/api/v2/health/').expect(200);
      expect(lagging.body).toMatchObject({ status: 'ok', replica: 'up' });
      // WAL waits to be replayed: the lag counts from the last replayed commit.
      expect(lagging.body.replica_lag_seconds).toBeGreaterThan(0);
    } finally {
      await resume();
    }
  });

  it('falls back to the primary while the replica is down, and health says so without failing', async (test) => {
    needsReplica(test);
    await caughtUp();
    await replica.stopServer();
    try {
      const written = await makeGroup(ctx.db, { name: `written while the replica is down ${Date.now()}` });
      expect(await groupNames(reader)).toContain(written.name);
      await beat();
      const health = await ctx.http().get('/api/v2/health/').expect(200);
      expect(health.body).toEqual({ status: 'ok', database: 'up', redis: 'up', worker: 'up', engine: 'up', replica: 'down', replica_lag_seconds: null });
    } finally {
      await replica.startServer();
    }
    await caughtUp();
    await beat();
    const back = await ctx.http().get('/api/v2/health/').expect(200);
    expect(back.body).toMatchObject({ status: 'ok', replica: 'up' });
  });
});
