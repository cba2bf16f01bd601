import type { EntityManager } from 'typeorm';
import type { EngineCommandKind } from '@console/contracts';
import type { EngineCommand } from './trading-engine';

type Effect = (m: EntityManager, command: EngineCommand) => Promise<unknown>;

/**
 * What the simulation does for the position administration commands. Each is written to be harmless
 * when run on a position that moved meanwhile (closed: nothing; a flag already set: the same value).
 */
export const SIMULATED_POSITION_EFFECTS: Partial<Record<EngineCommandKind, Effect>> = {
  // Sells the percent of what is held: size, coins and unrealised PnL shrink by it; that part of the PnL is realised.
  reduce_position: (m, c) =>
    m.query(
      `UPDATE positions SET active_p_coins = round(active_p_coins * (1 - $2::numeric / 100), 12),
              active_p_size_usd = round(active_p_size_usd * (1 - $2::numeric / 100), 8),
              r_pnl = r_pnl + round(u_pnl * $2::numeric / 100, 8), u_pnl = u_pnl - round(u_pnl * $2::numeric / 100, 8),
              reduce_p = $2::numeric, updated_at = now()
        WHERE id = $1 AND closed_at IS NULL`,
      [c.target_id, c.payload.percent],
    ),
  set_skip_check: (m, c) =>
    m.query(
      `UPDATE positions SET skip_check_by_timer = coalesce($2::boolean, skip_check_by_timer), skip_check_by_distance = coalesce($3::boolean, skip_check_by_distance),
              updated_at = now() WHERE id = $1 AND closed_at IS NULL`,
      [c.target_id, c.payload.skip_check_by_timer ?? null, c.payload.skip_check_by_distance ?? null],
    ),
  recover_k_exit: (m, c) => m.query(`UPDATE positions SET k_e_recovery = true, updated_at = now() WHERE id = $1 AND closed_at IS NULL`, [c.target_id]),
  // A lost position has no signal and so no closed state: closed whole, it is gone from the exchange and from the table.
  close_lost_position: async (m, c) => {
    await m.query(
      `UPDATE positions SET active_p_size_usd = round(active_p_size_usd * (active_p_coins - $2::numeric) / active_p_coins, 8),
              active_p_coins = active_p_coins - $2::numeric, updated_at = now()
        WHERE id = $1 AND state IS NULL AND active_p_coins > $2::numeric`,
      [c.target_id, c.payload.quantity],
    );
    await m.query(`DELETE FROM positions WHERE id = $1 AND state IS NULL AND active_p_coins <= $2::numeric`, [c.target_id, c.payload.quantity]);
  },
};
