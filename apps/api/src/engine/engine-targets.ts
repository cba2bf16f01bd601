import type {
  ActionState,
  BotStatus,
  EngineCommandTarget,
  MmProfileStatus,
  OrderStatus,
  PositionState,
  SignalState,
  StrategyProfileStatus,
  TickerConfigStatus,
} from '@console/contracts';

/**
 * Each target's row as a command reads it while it is locked: what the features' rules check and the
 * audit row names (the signal of an order or a position). Ids and numbers as text, times as Dates.
 */
export interface EngineTargetRows {
  signal: { id: string; state: SignalState; action_state: ActionState };
  order: { id: string; signal_id: string; status: OrderStatus; action_state: ActionState };
  position: { id: string; signal_id: string | null; state: PositionState | null; closed_at: Date | null; active_p_coins: string; action_state: ActionState };
  strategy_profile: { id: string; status: StrategyProfileStatus; settings: Record<string, unknown>; action_state: ActionState };
  mm_profile: { id: string; status: MmProfileStatus; action_state: ActionState };
  ticker_config: { id: string; status: TickerConfigStatus };
  exchange_account: { id: string };
  system: { id: string; status: BotStatus; action_state: ActionState };
}

export type EngineTargetRow<T extends EngineCommandTarget = EngineCommandTarget> = EngineTargetRows[T];

export interface EngineTargetTable<T extends EngineCommandTarget> {
  table: string;
  /** The columns a locked row is read by: each field of the target's row and the SQL that reads it. */
  columns: Readonly<Record<keyof EngineTargetRow<T>, string>>;
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

const ID = 'id::text';

/** Where each kind of target lives, what a command reads of it, and how its commands share a row. */
export const ENGINE_TARGET_TABLES: { readonly [T in EngineCommandTarget]: EngineTargetTable<T> } = {
  signal: { table: 'signals', columns: { id: ID, state: 'state', action_state: 'action_state' }, actionState: true, oneAtATime: true },
  order: { table: 'orders', columns: { id: ID, signal_id: 'signal_id::text', status: 'status', action_state: 'action_state' }, actionState: true, oneAtATime: true },
  position: {
    table: 'positions',
    columns: {
      id: ID,
      signal_id: 'signal_id::text',
      state: 'state',
      closed_at: 'closed_at',
      active_p_coins: 'active_p_coins::text',
      action_state: 'action_state',
    },
    actionState: true,
    oneAtATime: true,
  },
  strategy_profile: { table: 'strategy_profiles', columns: { id: ID, status: 'status', settings: 'settings', action_state: 'action_state' }, actionState: true, oneAtATime: false },
  mm_profile: { table: 'mm_profiles', columns: { id: ID, status: 'status', action_state: 'action_state' }, actionState: true, oneAtATime: false },
  ticker_config: { table: 'ticker_configs', columns: { id: ID, status: 'status' }, actionState: false, oneAtATime: false },
  exchange_account: { table: 'exchange_accounts', columns: { id: ID }, actionState: false, oneAtATime: false },
  // The bot's one status row: commands on it carry no target id.
  system: { table: 'bot_status', columns: { id: ID, status: 'status', action_state: 'action_state' }, actionState: true, oneAtATime: true },
};

/** The select list of a target's locked row: its columns by the names of the row's fields. */
export function targetColumns(target: EngineCommandTarget): string {
  return Object.entries(ENGINE_TARGET_TABLES[target].columns)
    .map(([field, sql]) => `${sql} AS ${field}`)
    .join(', ');
}

/** The signal a command's audit row names: the signal itself, or the one an order or a position belongs to. */
export function auditSignalId(target: EngineCommandTarget, targetId: string | null, row: EngineTargetRow): string | null {
  if (target === 'signal') return targetId;
  return 'signal_id' in row ? row.signal_id : null;
}

/** SQL that picks the target row (`$1` = id; the system row has none). */
export function targetWhere(target: EngineCommandTarget): string {
  return target === 'system' ? 'singleton' : 'id = $1';
}

/** SQL that picks a set of target rows (`$1` = their ids as a bigint array; the system row has none). */
export function targetsWhere(target: EngineCommandTarget): string {
  return target === 'system' ? 'singleton' : 'id = ANY($1::bigint[])';
}
