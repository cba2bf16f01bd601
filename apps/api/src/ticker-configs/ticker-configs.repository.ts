import { Injectable } from '@nestjs/common';
import type { TickerConfig, TickerConfigStatus } from '@console/contracts';
import { type Db, firstRow, queryRows } from '../common/database/sql';
import { TICKER_CONFIG_COLUMNS, TICKER_CONFIG_FROM } from './ticker-configs.list';

/** Every statement on `ticker_configs` and `ticker_config_pairs` outside the list declaration. */
@Injectable()
export class TickerConfigsRepository {
  /** The config as answered; `lock` holds its row until the transaction ends. */
  async find(db: Db, id: number, { lock = false } = {}): Promise<TickerConfig | undefined> {
    // Locked first, then read by a statement of its own: read after any wait for the lock, the joined
    // rows (pairs, profiles, names) are the latest committed, not the first statement's snapshot.
    if (lock) await db.query(`SELECT 1 FROM ticker_configs WHERE id = $1 FOR UPDATE`, [id]);
    return firstRow(db, `SELECT ${TICKER_CONFIG_COLUMNS} FROM ${TICKER_CONFIG_FROM} WHERE tc.id = $1`, [id]);
  }

  async insert(db: Db, title: string): Promise<number> {
    const [row] = await queryRows<{ id: number }>(db, `INSERT INTO ticker_configs (title) VALUES ($1) RETURNING id`, [title]);
    return row.id;
  }

  async setTitle(db: Db, id: number, title: string): Promise<void> {
    await db.query(`UPDATE ticker_configs SET title = $2, updated_at = now() WHERE id = $1`, [id, title]);
  }

  async setStatus(db: Db, id: number, status: TickerConfigStatus): Promise<void> {
    await db.query(`UPDATE ticker_configs SET status = $2, updated_at = now() WHERE id = $1`, [id, status]);
  }

  /** Replaces the config's pairs with these. */
  async setPairs(db: Db, id: number, pairIds: readonly number[]): Promise<void> {
    await db.query(`DELETE FROM ticker_config_pairs WHERE ticker_config_id = $1 AND NOT (pair_id = ANY($2::int[]))`, [id, pairIds]);
    await db.query(`INSERT INTO ticker_config_pairs (ticker_config_id, pair_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [id, pairIds]);
    await db.query(`UPDATE ticker_configs SET updated_at = now() WHERE id = $1`, [id]);
  }

  /** Of these pair ids, the ones that do not name an existing pair that is switched on. */
  async notActivePairs(db: Db, pairIds: readonly number[]): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      db,
      `SELECT given.id FROM unnest($1::int[]) AS given(id) WHERE NOT EXISTS (SELECT 1 FROM pairs p WHERE p.id = given.id AND p.is_active)`,
      [pairIds],
    );
    return rows.map((r) => r.id);
  }

  /** How many strategy profiles trade this list, and how many of them run (active or stopping). */
  async profileUse(db: Db, id: number): Promise<{ profiles: number; running: number }> {
    return (await firstRow<{ profiles: number; running: number }>(
      db,
      `SELECT count(*)::int AS profiles, count(*) FILTER (WHERE status IN ('active', 'stopping'))::int AS running FROM strategy_profiles WHERE ticker_config_id = $1`,
      [id],
    ))!;
  }

  async delete(db: Db, id: number): Promise<void> {
    await db.query(`DELETE FROM ticker_configs WHERE id = $1`, [id]);
  }
}
