import type { MigrationInterface } from 'typeorm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS } from '@console/migrations';
import { createTestApp, createTestDatabase, TestContext } from '../../test/harness';
import { databaseUrl, withAdminClient } from '../../test/services';
import { createDataSource, runMigrations } from './data-source';

const INDEX = 'logs_pair_id_type_id_idx';

describe('migrations', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
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
