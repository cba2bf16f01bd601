import { Inject, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import type { EngineCommandKind } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { firstRow } from '../common/database/sql';
import type { EngineCommand, EngineOutcome, TradingEngine } from './trading-engine';

type Effect = (m: EntityManager, command: EngineCommand) => Promise<unknown>;

/**
 * A signal's position closed at once: no coins or open size left, the unrealised PnL realised, its open
 * orders cancelled and the signal finished. Only an open position (a second close changes nothing).
 */
const closePosition: Effect = async (m, c) => {
  const closed = await firstRow<{ signal_id: string }>(
    m,
    `UPDATE positions SET state = 'closed', closed_at = greatest(now(), created_at), r_pnl = r_pnl + u_pnl, u_pnl = 0, active_p_coins = 0, active_p_size_usd = 0, updated_at = now()
      WHERE id = $1 AND state = 'open' RETURNING signal_id::text`,
    [c.target_id],
  );
  if (!closed) return;
  await m.query(`UPDATE orders SET status = 'CANCELED_MANUAL', state = 'CANCELED', exchange_status = 'CANCELED', updated_at = now() WHERE signal_id = $1 AND status IN ('PLACED', 'PLACING')`, [
    closed.signal_id,
  ]);
  await m.query(`UPDATE signals SET status = 'finished', state = 'finished', finished_at = greatest(now(), created_at), updated_at = now() WHERE id = $1 AND finished_at IS NULL`, [
    closed.signal_id,
  ]);
};

/** What the bundled simulation does to the trading tables for each kind it knows. */
const SIMULATED_EFFECTS: Partial<Record<EngineCommandKind, Effect>> = {
  cancel_order: (m, c) =>
    m.query(`UPDATE orders SET status = 'CANCELED_MANUAL', state = 'CANCELED', exchange_status = 'CANCELED', updated_at = now() WHERE id = $1`, [c.target_id]),
  cancel_signal: async (m, c) => {
    await m.query(`UPDATE signals SET status = 'canceled', state = 'canceled_by_user', finished_at = greatest(now(), created_at), updated_at = now() WHERE id = $1`, [
      c.target_id,
    ]);
    // Its orders still open go with it, as the generator's user-cancelled signals have them.
    await m.query(
      `UPDATE orders SET status = 'CANCELED_MANUAL', state = 'CANCELED', exchange_status = 'CANCELED', updated_at = now() WHERE signal_id = $1 AND status IN ('PLACED', 'PLACING')`,
      [c.target_id],
    );
  },
  close_market: closePosition,
  close_limit: closePosition,
  close_best_limit: closePosition,
  // Only from the pending state the request set: a later opposite request has the last word.
  start_ticker_config: (m, c) => m.query(`UPDATE ticker_configs SET status = 'active', updated_at = now() WHERE id = $1 AND status = 'starting'`, [c.target_id]),
  stop_ticker_config: (m, c) => m.query(`UPDATE ticker_configs SET status = 'inactive', updated_at = now() WHERE id = $1 AND status = 'stopping'`, [c.target_id]),
  stop_profile: (m, c) => m.query(`UPDATE strategy_profiles SET status = 'inactive', updated_at = now() WHERE id = $1 AND status = 'stopping'`, [c.target_id]),
  stop_mm_profile: (m, c) => m.query(`UPDATE mm_profiles SET status = 'inactive', updated_at = now() WHERE id = $1 AND status = 'stopping'`, [c.target_id]),
  enable_bot: (m) => m.query(`UPDATE bot_status SET status = 'enabled', updated_at = now()`),
  disable_bot: (m) => m.query(`UPDATE bot_status SET status = 'disabled', updated_at = now()`),
};

/**
 * Stands in for the trading engine until the bundled paper-trading engine exists: after a short delay
 * every command succeeds, with the state changes above, so screens and tests see the whole round trip.
 */
@Injectable()
export class SimulatedEngine implements TradingEngine {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute(command: EngineCommand): Promise<EngineOutcome> {
    if (this.config.engineSimulatedDelayMs) await sleep(this.config.engineSimulatedDelayMs);
    const effect = SIMULATED_EFFECTS[command.kind];
    return { status: 'succeeded', apply: effect ? (m) => effect(m, command).then(() => undefined) : undefined };
  }
}
