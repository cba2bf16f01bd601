import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '@console/migrations';
import { createTestApp, TestContext } from '../../test/harness';

const INDEX = 'logs_pair_id_type_id_idx';

describe('migrations', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const validity = async () =>
    (await ctx.db.query(`SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1`, [INDEX]))[0]?.valid;

  it('a rerun of a concurrent index build replaces an invalid leftover of a failed one', async () => {
    expect(await validity()).toBe(true);
    // What a failed CREATE INDEX CONCURRENTLY leaves behind: the index, marked invalid.
    await ctx.db.query(`UPDATE pg_index SET indisvalid = false WHERE indexrelid = $1::regclass`, [INDEX]);
    expect(await validity()).toBe(false);
    const runner = ctx.db.createQueryRunner();
    try {
      const migration = MIGRATIONS.find((m) => m.name === 'AddLogsCombinedFilterIndexes1732780800000');
      if (!migration) throw new Error('migration not listed');
      await new migration().up(runner);
    } finally {
      await runner.release();
    }
    expect(await validity()).toBe(true);
  });
});
