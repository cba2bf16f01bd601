/** Positions for tests: an open one on a fresh signal (makeOrder's chain), or a lost one (no signal, no state). */
import type { DataSource } from 'typeorm';
import { makeOrderIn, OrderFixture } from './trading-fixtures';

export interface PositionFixture extends OrderFixture {
  positionId: string;
}

/** In one transaction, so the engine adopts the signal with its position. */
export async function makePosition(db: DataSource, opts: { coins?: number; sizeUsd?: number; uPnl?: number } = {}): Promise<PositionFixture> {
  return db.transaction(async (m) => {
    const chain = await makeOrderIn(m);
    const [position]: { id: string }[] = await m.query(
      `INSERT INTO positions (signal_id, exchange_account_id, profile_id, pair_id, side, state, active_p_size_usd, active_p_coins, u_pnl, avg_e_price,
                              current_price, mark_price, k_exit, k_exit_coeff)
       VALUES ($1, $2, $3, $4, 'long', 'open', $5, $6, $7, 100, 101.123456, 101.1234567, 0.123456789, 0.6) RETURNING id::text`,
      [chain.signalId, chain.accountId, chain.profileId, chain.pairId, opts.sizeUsd ?? 400, opts.coins ?? 4, opts.uPnl ?? 8],
    );
    return { ...chain, positionId: position.id };
  });
}

export async function makeLostPosition(db: DataSource, opts: { accountId: number; pairId: number; side?: 'long' | 'short'; coins?: number }): Promise<string> {
  const [row]: { id: string }[] = await db.query(
    `INSERT INTO positions (exchange_account_id, pair_id, side, active_p_size_usd, active_p_coins, avg_e_price, current_price, mark_price)
     VALUES ($1, $2, $3, $4, $5, 500, 500, 500) RETURNING id::text`,
    [opts.accountId, opts.pairId, opts.side ?? 'short', 500 * (opts.coins ?? 2), opts.coins ?? 2],
  );
  return row.id;
}
