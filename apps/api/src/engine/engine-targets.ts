import type { EngineCommandTarget } from '@console/contracts';

export interface EngineTargetTable {
  table: string;
  /** Whether the row shows the command's action_state. */
  actionState: boolean;
  /**
   * Whether a pending command on a row refuses every other command on it (409) rather than only one of
   * the same kind with other inputs. A position or the bot takes one change at a time: a reduce under a
   * close, or "on" under "off", would leave the engine and the row's one action_state disagreeing.
   * Profiles and ticker configs let a later opposite request have the last word (start while stopping),
   * their own status rules deciding.
   */
  oneAtATime: boolean;
}

/** Where each kind of target lives, and how its commands share a row. */
export const ENGINE_TARGET_TABLES: Record<EngineCommandTarget, EngineTargetTable> = {
  signal: { table: 'signals', actionState: true, oneAtATime: true },
  order: { table: 'orders', actionState: true, oneAtATime: true },
  position: { table: 'positions', actionState: true, oneAtATime: true },
  strategy_profile: { table: 'strategy_profiles', actionState: true, oneAtATime: false },
  mm_profile: { table: 'mm_profiles', actionState: true, oneAtATime: false },
  ticker_config: { table: 'ticker_configs', actionState: false, oneAtATime: false },
  exchange_account: { table: 'exchange_accounts', actionState: false, oneAtATime: false },
  // The bot's one status row: commands on it carry no target id.
  system: { table: 'bot_status', actionState: true, oneAtATime: true },
};

/** SQL that picks the target row (`$1` = id; the system row has none). */
export function targetWhere(target: EngineCommandTarget): string {
  return target === 'system' ? 'singleton' : 'id = $1';
}

/** SQL that picks a set of target rows (`$1` = their ids as a bigint array; the system row has none). */
export function targetsWhere(target: EngineCommandTarget): string {
  return target === 'system' ? 'singleton' : 'id = ANY($1::bigint[])';
}
