/**
 * Lost positions: rows on the exchange without a signal (state, signal and profile null), which the
 * engine holds no run for (the exchange venue's reconciliation writes them). A close at market changes
 * the row; once nothing is left it is closed as a traded position is: closed_at set, coins, size and
 * u_pnl 0, r_pnl kept, so what the close realised stays on record.
 */
import type { Direction } from '@console/contracts';
import type { Db } from '../db';

export interface LostPositionRow {
  id: string;
  pair_id: number;
  side: Direction;
  active_p_coins: string;
  active_p_size_usd: string;
  avg_e_price: string | null;
  r_pnl: string;
  u_pnl: string;
  current_price: string | null;
  mark_price: string | null;
}

/** The lost position, locked until the transaction ends; none when the row is gone or has a signal. */
export async function readLostPosition(db: Db, id: string | null): Promise<LostPositionRow | null> {
  const { rows } = await db.query<LostPositionRow>(
    `SELECT id::text, pair_id, side, active_p_coins::text, active_p_size_usd::text, avg_e_price::text, r_pnl::text, u_pnl::text,
            current_price::text, mark_price::text
       FROM positions WHERE id = $1 AND state IS NULL AND signal_id IS NULL AND closed_at IS NULL FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export async function writeLostPosition(
  db: Db,
  row: Pick<LostPositionRow, 'id' | 'active_p_coins' | 'active_p_size_usd' | 'avg_e_price' | 'r_pnl' | 'u_pnl' | 'current_price' | 'mark_price'>,
  updatedAt: string | null,
): Promise<void> {
  const closed = Number(row.active_p_coins) === 0;
  await db.query(
    `UPDATE positions SET active_p_coins = $2, active_p_size_usd = $3, avg_e_price = $4, r_pnl = $5, u_pnl = $6, current_price = $7, mark_price = $8,
            updated_at = $9, closed_at = CASE WHEN $10 THEN coalesce($9, now()) END WHERE id = $1 AND state IS NULL`,
    [row.id, row.active_p_coins, closed ? '0' : row.active_p_size_usd, row.avg_e_price, row.r_pnl, closed ? '0' : row.u_pnl, row.current_price, row.mark_price, updatedAt, closed],
  );
}
