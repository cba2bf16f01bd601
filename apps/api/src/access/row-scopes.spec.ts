import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { defaultPerm, type Perm, type SignalStatus } from '@console/contracts';
import { queryListPage, setCursorSecret } from '../common/list-query/list-query';
import type { ListDeclaration } from '../common/list-query/list-declaration';
import { createTestDatabase } from '../test/harness';
import { makeOrder } from '../test/trading-fixtures';
import { SIGNAL_ROWS } from './row-scopes';

/** A bare signals list (the real one comes with the signals screen): enough to see which rows a scope lets through. */
const SIGNALS: ListDeclaration<{ status?: string; page_size?: number }> = {
  name: 'signals (scope test)',
  from: 'signals',
  columns: 'signals.id::text AS id, signals.status',
  key: 'signals.id',
  filters: { status: { column: 'signals.status' } },
  orderings: {},
  defaultOrder: [{ column: 'signals.created_at', descending: true }],
  defaultPageSize: 500,
  count: { kind: 'exact' },
};

/** 40 signals, one a minute, newest last: every fourth still active, the rest finished, missed or canceled in turn. */
const STATUSES: SignalStatus[] = ['active', 'finished', 'missed', 'finished'];

describe('row scopes: which signals a Limited group sees', () => {
  let db: DataSource;
  let drop: () => Promise<void>;
  let all: { id: string; status: string }[];
  beforeAll(async () => {
    setCursorSecret('row-scopes spec secret, long enough to be a real one');
    const database = await createTestDatabase();
    drop = database.drop;
    db = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    const chain = await makeOrder(db);
    await db.query(`DELETE FROM signals`);
    await db.query(
      `INSERT INTO signals (exchange_account_id, profile_id, pair_id, timeframe, direction, status, state, created_at, finished_at)
       SELECT $1, $2, $3, '1h', 'long', s.status, CASE s.status WHEN 'active' THEN 'active_pp' WHEN 'missed' THEN 'missed' ELSE 'finished' END,
              now() - make_interval(mins => 100 - i), CASE WHEN s.status = 'active' THEN NULL ELSE now() END
         FROM generate_series(1, 40) i, LATERAL (SELECT ($4::text[])[1 + i % 4] AS status) s`,
      [chain.accountId, chain.profileId, chain.pairId, STATUSES],
    );
    all = await db.query(`SELECT id::text, status FROM signals ORDER BY created_at DESC, id DESC`);
  });
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  const limited = (is_only_finished: boolean, signals_count: number): Perm => ({ ...defaultPerm('signals', 'Limited'), fields: ['status'], is_only_finished, signals_count });
  const seen = async (perm: Perm) => (await queryListPage<{ id: string; status: string }, { page_size?: number }>(db, SIGNALS, {}, SIGNAL_ROWS.where(perm))).rows;

  it('Full and ReadOnly see every signal', async () => {
    expect(SIGNAL_ROWS.where(defaultPerm('signals', 'Full'))).toEqual([]);
    expect(SIGNAL_ROWS.where(defaultPerm('signals', 'ReadOnly'))).toEqual([]);
    expect(await seen(defaultPerm('signals', 'Full'))).toEqual(all);
  });

  it('finished-only keeps the finished signals; signals_count keeps only the newest of them', async () => {
    const finished = all.filter((s) => s.status === 'finished');
    expect(await seen(limited(true, 200))).toEqual(finished);
    expect(await seen(limited(true, 7))).toEqual(finished.slice(0, 7));
    expect(await seen(limited(false, 5))).toEqual(all.slice(0, 5));
    expect(await seen(limited(false, 0))).toEqual([]);
  });

  it('the list filters apply inside the window, and a count says what the group can see', async () => {
    const window = all.slice(0, 10);
    const page = await queryListPage<{ id: string; status: string }, { status?: string; page_size?: number }>(db, SIGNALS, { status: 'missed', page_size: 2 }, SIGNAL_ROWS.where(limited(false, 10)));
    const expected = window.filter((s) => s.status === 'missed');
    expect(page.rows).toEqual(expected.slice(0, 2));
    expect(page.count).toBe(expected.length);
  });
});
