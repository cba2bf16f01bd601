import type { MigrationInterface } from 'typeorm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS } from '@console/migrations';
import { createTestApp, createTestDatabase, TestContext } from '../../test/harness';
import { databaseUrl, withAdminClient } from '../../test/services';
import { createDataSource, runMigrations } from './data-source';

const INDEX = 'logs_pair_id_type_id_idx';
const PARTITIONING = 'PartitionLogsAndAccountMetrics1734220800000';

/** Reverts the migrations of `url` from the newest down to `name` included. */
async function revertThrough(url: string, name: string): Promise<void> {
  const ds = createDataSource(url);
  await ds.initialize();
  try {
    for (;;) {
      const [{ name: last }] = await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`);
      const migration = MIGRATIONS.find((m) => m.name === last);
      await ds.undoLastMigration({ transaction: migration && (new migration() as MigrationInterface).transaction === false ? 'none' : 'each' });
      if (last === name) return;
    }
  } finally {
    await ds.destroy();
  }
}

describe('migrations', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    // These landed migrations build indexes concurrently, which a partitioned table refuses: they are
    // tested on the plain logs table they were written for.
    await revertThrough(ctx.config.databaseUrl, PARTITIONING);
  });
  afterAll(() => ctx.close());

  const validity = async () =>
    (await ctx.db.query(`SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1`, [INDEX]))[0]?.valid;

  const runUp = async (name: string) => {
    const migration = MIGRATIONS.find((m) => m.name === name);
    if (!migration) throw new Error(`${name} is not listed`);
    const runner = ctx.db.createQueryRunner();
    try {
      await new migration().up(runner);
    } finally {
      await runner.release();
    }
  };

  it('an invalid leftover of a failed concurrent index build, kept by a rerun of its migration, is rebuilt by the next one', async () => {
    expect(await validity()).toBe(true);
    // What a failed CREATE INDEX CONCURRENTLY leaves behind: the index, marked invalid.
    await ctx.db.query(`UPDATE pg_index SET indisvalid = false WHERE indexrelid = $1::regclass`, [INDEX]);
    // The landed migration run again skips it (IF NOT EXISTS) and would be recorded as done.
    await runUp('AddLogsCombinedFilterIndexes1732780800000');
    expect(await validity()).toBe(false);
    await runUp('RebuildInvalidLogsFilterIndexes1732953600000');
    expect(await validity()).toBe(true);
  });

  it('the rebuild leaves valid indexes as they are', async () => {
    const oid = async () => (await ctx.db.query(`SELECT $1::regclass::oid AS oid`, [INDEX]))[0].oid;
    const before = await oid();
    await runUp('RebuildInvalidLogsFilterIndexes1732953600000');
    expect(await oid()).toBe(before);
    expect(await validity()).toBe(true);
  });
});

describe('the month partitioning of logs and account_metrics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await revertThrough(ctx.config.databaseUrl, PARTITIONING);
  });
  afterAll(() => ctx.close());

  it('moves every row as it was into its month, keeps the ids going on, and the rollups as they were', async () => {
    const [{ id: account }] = await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ('M', 'k', 'x', 1) RETURNING id`);
    await ctx.db.query(
      `INSERT INTO logs (created_at, type, event_type, user_id, profile_id, profile_title, log_data)
       SELECT timestamptz '2025-11-20T00:00:00Z' + i * interval '1 day', 'user', 'login_success', 1, i % 3, 'P', jsonb_build_object('i', i) FROM generate_series(1, 90) i`,
    );
    // A stray old row: its month gets a partition, the empty months after it none.
    await ctx.db.query(`INSERT INTO logs (created_at, type, event_type) VALUES ('2024-03-05T00:00:00Z', 'system', 'stray')`);
    await ctx.db.query(
      `INSERT INTO account_metrics (exchange_account_id, at, nav, deposit_at) SELECT $1, timestamptz '2026-01-31T23:00:00Z' + i * interval '1 minute', 1000 + i, 900 FROM generate_series(0, 119) i`,
      [account],
    );
    const snapshot = async () => ({
      logs: await ctx.db.query(`SELECT id::text, created_at, type, event_type, user_id, profile_id, log_data FROM logs ORDER BY id`),
      metrics: await ctx.db.query(`SELECT exchange_account_id, at, nav::text FROM account_metrics ORDER BY at`),
      bars: await ctx.db.query(`SELECT tf, at, nav_open::text, nav_close::text, minutes FROM account_metric_bars ORDER BY tf, at`),
      profiles: await ctx.db.query(`SELECT id, title FROM log_profiles ORDER BY id`),
    });
    const before = await snapshot();
    const runner = ctx.db.createQueryRunner();
    try {
      await runner.startTransaction();
      await new (MIGRATIONS.find((m) => m.name === PARTITIONING)!)().up(runner);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect(await snapshot()).toEqual(before);
    const inMonths = await ctx.db.query(`SELECT tableoid::regclass::text AS partition, count(*)::int AS n FROM logs GROUP BY 1 ORDER BY 1`);
    expect(inMonths.map((r: { partition: string }) => r.partition)).toEqual(['logs_p202403', 'logs_p202511', 'logs_p202512', 'logs_p202601', 'logs_p202602']);
    expect(await ctx.db.query(`SELECT to_regclass('logs_p202404') AS t`)).toEqual([{ t: null }]);
    const metricsIn = await ctx.db.query(`SELECT tableoid::regclass::text AS partition, count(*)::int AS n FROM account_metrics GROUP BY 1 ORDER BY 1`);
    expect(metricsIn).toEqual([{ partition: 'account_metrics_p202601', n: 60 }, { partition: 'account_metrics_p202602', n: 60 }]);
    const [{ id }] = await ctx.db.query(`INSERT INTO logs (type, event_type) VALUES ('system', 'after') RETURNING id::text`);
    expect(BigInt(id)).toBeGreaterThan(BigInt(before.logs.at(-1).id));
    // The statement triggers came along: a new row feeds the filter lookup and the bars again.
    await ctx.db.query(`INSERT INTO logs (type, event_type, profile_id, profile_title) VALUES ('system', 'after', 77, 'Moved')`);
    expect(await ctx.db.query(`SELECT title FROM log_profiles WHERE id = 77`)).toEqual([{ title: 'Moved' }]);
    await ctx.db.query(`INSERT INTO account_metrics (exchange_account_id, at, nav, deposit_at) VALUES ($1, '2026-02-01T01:00:00Z', 5000, 900)`, [account]);
    expect(await ctx.db.query(`SELECT nav_high::int AS high FROM account_metric_bars WHERE tf = '1h' AND at = '2026-02-01T01:00:00Z'`)).toEqual([{ high: 5000 }]);
  });
});

describe('every migration goes down and up again', () => {
  it('reverts all, leaving only the migrations table, then applies all again', async () => {
    const database = await createTestDatabase();
    const ds = createDataSource(database.url);
    await ds.initialize();
    try {
      const tables = async () =>
        (await ds.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1`)).map(
          (r: { table_name: string }) => r.table_name,
        );
      const before = await tables();
      expect(before).toEqual(expect.arrayContaining(['signals', 'orders', 'positions', 'engine_commands', 'export_tasks']));
      // TypeORM's undo ignores a migration's own `transaction = false` (concurrent index builds): pass it.
      for (const migration of [...MIGRATIONS].reverse()) {
        await ds.undoLastMigration({ transaction: (new migration() as MigrationInterface).transaction === false ? 'none' : 'each' });
      }
      expect(await tables()).toEqual(['migrations']);
      const ran = await ds.runMigrations({ transaction: 'each' });
      expect(ran).toHaveLength(MIGRATIONS.length);
      expect(await tables()).toEqual(before);
    } finally {
      await ds.destroy();
      await database.drop();
    }
  });
});

describe('migrating from several hosts at once', () => {
  it('runs each migration once when two processes migrate an empty database together', async () => {
    const admin = inject('adminDatabaseUrl');
    const name = `console_test_empty_${Date.now().toString(36)}`;
    await withAdminClient(admin, (c) => c.query(`CREATE DATABASE ${name}`));
    const url = databaseUrl(admin, name);
    try {
      const [first, second] = await Promise.all([runMigrations(url), runMigrations(url)]);
      // One of them ran everything; the other waited and found nothing pending.
      expect([first.length, second.length].sort((a, b) => a - b)).toEqual([0, MIGRATIONS.length]);
      const ds = createDataSource(url);
      await ds.initialize();
      try {
        expect(Number((await ds.query(`SELECT count(*) AS n FROM migrations`))[0].n)).toBe(MIGRATIONS.length);
      } finally {
        await ds.destroy();
      }
    } finally {
      await withAdminClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  }, 120_000);
});

describe('groups made before the market_data section', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await revertThrough(ctx.config.databaseUrl, 'GrantMarketDataToExchangeAccountHolders1735128000000');
  });
  afterAll(() => ctx.close());

  it('get the level they have on exchange accounts, and a group that already has one keeps it', async () => {
    const group = async (name: string, perms: object[]) =>
      (await ctx.db.query(`INSERT INTO groups (name, perms) VALUES ($1, $2) RETURNING id`, [name, JSON.stringify(perms)]))[0].id as number;
    const full = await group('Old full', [{ section_name: 'exchange_account', status: 'Full' }]);
    const readOnly = await group('Old read', [{ section_name: 'exchange_account', status: 'ReadOnly' }]);
    const none = await group('Old none', [{ section_name: 'signals', status: 'Full' }]);
    const chosen = await group('Already chosen', [{ section_name: 'exchange_account', status: 'Full' }, { section_name: 'market_data', status: 'NP' }]);
    const runner = ctx.db.createQueryRunner();
    try {
      const migration = MIGRATIONS.find((m) => m.name === 'GrantMarketDataToExchangeAccountHolders1735128000000')!;
      await new migration().up(runner);
    } finally {
      await runner.release();
    }
    const levelOf = async (id: number) =>
      (await ctx.db.query(`SELECT p->>'status' AS status FROM groups, jsonb_array_elements(perms) p WHERE id = $1 AND p->>'section_name' = 'market_data'`, [id])).map((r: { status: string }) => r.status);
    expect(await levelOf(full)).toEqual(['Full']);
    expect(await levelOf(readOnly)).toEqual(['ReadOnly']);
    expect(await levelOf(none)).toEqual([]);
    expect(await levelOf(chosen)).toEqual(['NP']);
  });
});

describe('groups made before the backtests section', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await revertThrough(ctx.config.databaseUrl, 'GrantBacktestsToProfileHolders1735460200000');
  });
  afterAll(() => ctx.close());

  it('get the level they have on strategy profiles when it is Full or ReadOnly, and a group that already has one keeps it', async () => {
    const group = async (name: string, perms: object[]) =>
      (await ctx.db.query(`INSERT INTO groups (name, perms) VALUES ($1, $2) RETURNING id`, [name, JSON.stringify(perms)]))[0].id as number;
    const full = await group('Profiles full', [{ section_name: 'profiles', status: 'Full' }]);
    const readOnly = await group('Profiles read', [{ section_name: 'profiles', status: 'ReadOnly' }]);
    const limited = await group('Profiles limited', [{ section_name: 'profiles', status: 'Limited', fields: ['title'] }]);
    const chosen = await group('Backtests chosen', [{ section_name: 'profiles', status: 'Full' }, { section_name: 'backtests', status: 'NP' }]);
    const runner = ctx.db.createQueryRunner();
    try {
      const migration = MIGRATIONS.find((m) => m.name === 'GrantBacktestsToProfileHolders1735460200000')!;
      await new migration().up(runner);
    } finally {
      await runner.release();
    }
    const levelOf = async (id: number) =>
      (await ctx.db.query(`SELECT p->>'status' AS status FROM groups, jsonb_array_elements(perms) p WHERE id = $1 AND p->>'section_name' = 'backtests'`, [id])).map((r: { status: string }) => r.status);
    expect(await levelOf(full)).toEqual(['Full']);
    expect(await levelOf(readOnly)).toEqual(['ReadOnly']);
    expect(await levelOf(limited)).toEqual([]);
    expect(await levelOf(chosen)).toEqual(['NP']);
  });
});
