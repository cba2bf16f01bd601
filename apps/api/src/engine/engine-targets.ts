import type { EngineCommandTarget } from '@console/contracts';

/** Where each kind of target lives, and whether it shows an action_state. */
export const ENGINE_TARGET_TABLES: Record<EngineCommandTarget, { table: string; actionState: boolean }> = {
  signal: { table: 'signals', actionState: true },
  order: { table: 'orders', actionState: true },
  position: { table: 'positions', actionState: true },
  strategy_profile: { table: 'strategy_profiles', actionState: true },
  mm_profile: { table: 'mm_profiles', actionState: true },
  ticker_config: { table: 'ticker_configs', actionState: false },
  exchange_account: { table: 'exchange_accounts', actionState: false },
  // The bot's one status row: commands on it carry no target id.
  system: { table: 'bot_status', actionState: true },
};

/** SQL that picks the target row (`$1` = id; the system row has none). */
export function targetWhere(target: EngineCommandTarget): string {
  return target === 'system' ? 'singleton' : 'id = $1';
}
