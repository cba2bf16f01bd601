import { Inject, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import type { EngineCommandKind } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { SIMULATED_POSITION_EFFECTS } from './simulated-position-effects';
import type { EngineCommand, EngineOutcome, TradingEngine } from './trading-engine';

type Effect = (m: EntityManager, command: EngineCommand) => Promise<unknown>;

/** What the bundled simulation does to the trading tables for each kind it knows. */
const SIMULATED_EFFECTS: Partial<Record<EngineCommandKind, Effect>> = {
  cancel_order: (m, c) =>
    m.query(`UPDATE orders SET status = 'CANCELED_MANUAL', state = 'CANCELED', exchange_status = 'CANCELED', updated_at = now() WHERE id = $1`, [c.target_id]),
  cancel_signal: (m, c) =>
    m.query(`UPDATE signals SET status = 'canceled', state = 'canceled_by_user', finished_at = greatest(now(), created_at), updated_at = now() WHERE id = $1`, [
      c.target_id,
    ]),
  // Only from the pending state the request set: a later opposite request has the last word.
  start_ticker_config: (m, c) => m.query(`UPDATE ticker_configs SET status = 'active', updated_at = now() WHERE id = $1 AND status = 'starting'`, [c.target_id]),
  stop_ticker_config: (m, c) => m.query(`UPDATE ticker_configs SET status = 'inactive', updated_at = now() WHERE id = $1 AND status = 'stopping'`, [c.target_id]),
  stop_profile: (m, c) => m.query(`UPDATE strategy_profiles SET status = 'inactive', updated_at = now() WHERE id = $1 AND status = 'stopping'`, [c.target_id]),
  stop_mm_profile: (m, c) => m.query(`UPDATE mm_profiles SET status = 'inactive', updated_at = now() WHERE id = $1 AND status = 'stopping'`, [c.target_id]),
  enable_bot: (m) => m.query(`UPDATE bot_status SET status = 'enabled', updated_at = now()`),
  disable_bot: (m) => m.query(`UPDATE bot_status SET status = 'disabled', updated_at = now()`),
  ...SIMULATED_POSITION_EFFECTS,
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
