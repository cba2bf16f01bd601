/**
 * The closed value sets of the trading domain, defined once for the API, the
 * worker, the SPA and the generator. The database holds the same sets as CHECK constraints written out
 * in its migrations; a test compares the two, so a change here needs a new migration.
 */

/** Strategy profile and signal direction; also a position's side and an order's position direction. */
export const DIRECTIONS = ['long', 'short'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Working time frames of profiles and signals. */
export const TIMEFRAMES = ['1h', '4h', '1d', '1w', '1M'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

export const STRATEGY_PROFILE_STATUSES = ['active', 'inactive', 'stopping', 'draft'] as const;
export type StrategyProfileStatus = (typeof STRATEGY_PROFILE_STATUSES)[number];

/** The version of the strategy settings document (`settings.schema_type`). */
export const STRATEGY_SETTINGS_SCHEMA_TYPES = ['v1'] as const;
export type StrategySettingsSchemaType = (typeof STRATEGY_SETTINGS_SCHEMA_TYPES)[number];

export const MM_PROFILE_STATUSES = ['inactive', 'active', 'stopping', 'draft'] as const;
export type MmProfileStatus = (typeof MM_PROFILE_STATUSES)[number];

/** New configs are inactive; starting and stopping are the engine's moves between the two. */
export const TICKER_CONFIG_STATUSES = ['active', 'inactive', 'starting', 'stopping'] as const;
export type TickerConfigStatus = (typeof TICKER_CONFIG_STATUSES)[number];

/** What moved an account's MM deposit: the operator's increase, decrease, or the daily re-invest. */
export const DEPOSIT_TRANSACTION_TYPES = ['deposit', 'withdrawal', 'reinvest'] as const;
export type DepositTransactionType = (typeof DEPOSIT_TRANSACTION_TYPES)[number];

export const SIGNAL_STATUSES = ['active', 'in_queue', 'finished', 'missed', 'canceled'] as const;
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];

export const SIGNAL_STATES = [
  'canceled_by_mmsp',
  'canceled_by_atr',
  'active_np',
  'active_pp',
  'active_fp',
  'active_pp_pf',
  'active_fp_pf',
  'canceled_by_roc',
  'finished',
  'canceled_by_user',
  'missed',
] as const;
export type SignalState = (typeof SIGNAL_STATES)[number];

/** The statuses a detailed signal state may stand under (an active state is active or still queued). */
export const SIGNAL_STATUSES_OF_STATE: Record<SignalState, readonly SignalStatus[]> = {
  active_np: ['active', 'in_queue'],
  active_pp: ['active'],
  active_fp: ['active'],
  active_pp_pf: ['active'],
  active_fp_pf: ['active'],
  finished: ['finished'],
  missed: ['missed'],
  canceled_by_mmsp: ['canceled'],
  canceled_by_atr: ['canceled'],
  canceled_by_roc: ['canceled'],
  canceled_by_user: ['canceled'],
};

/** Where an operator's action on a target stands; set with the engine command, changed by its outcome. */
export const ACTION_STATES = ['NONE', 'CANCELLING', 'CANCELLED', 'CLOSING', 'CLOSED', 'CHANGING', 'CHANGED'] as const;
export type ActionState = (typeof ACTION_STATES)[number];

/** A signal order's state as the engine keeps it. */
export const ORDER_STATES = ['PLACING', 'PLACED', 'FILLED', 'PARTIALLY_FILLED', 'CANCELING', 'CANCELED', 'PLACEMENT_FAILED'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_STATUSES = [
  'PLACING',
  'PLACED',
  'FILLED',
  'PARTIALLY_FILLED',
  'CANCELING',
  'CANCELED_MANUAL',
  'CANCELED_BY_TIMER',
  'CANCELED_BY_MOVEMENT',
  'PLACEMENT_FAILED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Cancel is offered only for these (their text is green). */
export const OPEN_ORDER_STATUSES = ['PLACED', 'PLACING'] as const satisfies readonly OrderStatus[];

/** An order's kind (`order_type`): it opens or closes the position. */
export const ORDER_KINDS = ['enter', 'exit'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** An order's side on the exchange (`direction`). */
export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];

export const EXCHANGE_ORDER_STATUSES = ['NEW', 'CANCELED', 'CALCULATED', 'EXPIRED', 'TRADE'] as const;
export type ExchangeOrderStatus = (typeof EXCHANGE_ORDER_STATUSES)[number];

export const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK', 'GTX'] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];

/** A position's state; none (null) marks a lost position, found on the exchange without a signal. */
export const POSITION_STATES = ['open', 'closed'] as const;
export type PositionState = (typeof POSITION_STATES)[number];

export const RISK_TRIGGER_TYPES = ['imp_loss', 'var', 'nav', 'opposite_dir', 'nav_reducing', 'timer', 'nav_alerting'] as const;
export type RiskTriggerType = (typeof RISK_TRIGGER_TYPES)[number];

/** How a profile is tied to a risk trigger: in its group, or among the active profiles that block it. */
export const RISK_TRIGGER_PROFILE_ROLES = ['group', 'blocker_active'] as const;
export type RiskTriggerProfileRole = (typeof RISK_TRIGGER_PROFILE_ROLES)[number];

export const BOT_STATUSES = ['enabled', 'disabled'] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

/** The bot status button's texts: the action is enable or disable, the status enabled or disabled. */
export const BOT_CONTROL_TEXTS = {
  confirm: (action: 'enable' | 'disable') => `Are you sure you want to ${action} your profile?`,
  done: (status: BotStatus) => `Your profile now is ${status}`,
} as const;

/** xlsx exports made by the worker. */
export const EXPORT_KINDS = ['signals', 'orders', 'profiles_stats', 'account_stats', 'backtest_trades'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * An export task's status, named as the SPA polls for it (`task_status` SUCCESS): PENDING until its job is
 * in the queue (the sweeper queues it when Redis was away), QUEUED while it waits for a worker's slot,
 * STARTED once a run took it, PROGRESS while rows are written; CANCELLED once its requester cancelled it
 * while it waited or ran (final, with no file).
 */
export const EXPORT_STATUSES = ['PENDING', 'QUEUED', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE', 'CANCELLED'] as const;
/** A task no run has taken yet: it waits for the queue or for a worker's slot. */
export const EXPORT_WAITING_STATUSES = ['PENDING', 'QUEUED'] as const satisfies readonly ExportStatus[];
/** A task waiting or running: it counts against the per-user cap, and its requester may cancel it. */
export const EXPORT_UNFINISHED_STATUSES = [...EXPORT_WAITING_STATUSES, 'STARTED', 'PROGRESS'] as const satisfies readonly ExportStatus[];
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/**
 * Which of the worker's queues runs an export task, chosen when it is asked for: `small` for a task of at
 * most EXPORT_SMALL_ROWS rows, so that it never waits behind big ones; `main` for the rest.
 */
export const EXPORT_LANES = ['main', 'small'] as const;
export type ExportLane = (typeof EXPORT_LANES)[number];

/** Operator actions handed to the trading engine; the console never changes trading state itself. */
export const ENGINE_COMMAND_KINDS = [
  'cancel_signal',
  'cancel_order',
  'close_market',
  'close_limit',
  'close_best_limit',
  'reduce_position',
  'set_skip_check',
  'recover_k_exit',
  'close_lost_position',
  'start_profile',
  'stop_profile',
  'start_mm_profile',
  'stop_mm_profile',
  'start_ticker_config',
  'stop_ticker_config',
  'enable_bot',
  'disable_bot',
  'set_broker_program',
  'alert_open',
  'alert_close',
  'alert_close_all',
] as const;
export type EngineCommandKind = (typeof ENGINE_COMMAND_KINDS)[number];

/** What a command acts on; `system` (the bot) has no target id. */
export const ENGINE_COMMAND_TARGETS = ['signal', 'order', 'position', 'strategy_profile', 'mm_profile', 'ticker_config', 'exchange_account', 'system'] as const;
export type EngineCommandTarget = (typeof ENGINE_COMMAND_TARGETS)[number];

/** `superseded`: a held limit close replaced by a close at market before it filled (engine_commands.superseded_by). */
export const ENGINE_COMMAND_STATUSES = ['pending', 'succeeded', 'failed', 'superseded'] as const;
export type EngineCommandStatus = (typeof ENGINE_COMMAND_STATUSES)[number];

/**
 * Decimals the spec gives for trading numbers. The API rounds to these when it
 * answers (half away from zero) and the SPA formats with them; a number not named here keeps its value.
 */
export const TRADING_DECIMALS = {
  orderPrice: 5,
  /** Order size: price times quantity. */
  orderSize: 2,
  orderQuantity: 7,
  positionCoins: 4,
  kExit: 7,
  markPrice: 5,
  adminMetrics: 2,
  oneSignalQuota: 2,
  acgr: 2,
  avgTimePerSignal: 2,
  impLoss: 2,
  /** Percents on chart axes and in stats. */
  percent: 2,
  /** Turnover: whole dollars. */
  turnover: 0,
} as const;

/**
 * The scale (decimals kept) of each kind of NUMERIC column in the trading tables: prices and coin
 * quantities numeric(30, 12), money numeric(24, 8), percents, ratios and coefficients numeric(18, 8).
 * Whatever writes those columns rounds to these, so a stored value is the value computed.
 */
export const NUMERIC_SCALE = { money: 8, price: 12, quantity: 12, ratio: 8 } as const;
export type NumericScaleKind = keyof typeof NUMERIC_SCALE;
