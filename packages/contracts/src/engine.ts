/**
 * The engine-command boundary: an operator action on trading state is a command row
 * the engine carries out. Each kind names its target, the section whose rights it needs, and the
 * action_state its target shows while the command is pending and after it succeeded.
 */
import type { SectionName } from './sections';
import type { ActionState, EngineCommandKind, EngineCommandStatus, EngineCommandTarget } from './trading';

export interface EngineCommandEffect<T extends EngineCommandTarget = EngineCommandTarget> {
  target: T;
  /** Who may ask for it (write) and read its state (read). */
  section: SectionName;
  /** The target's action_state while pending, and once the engine has done it (failure: back to NONE). */
  pending: ActionState;
  done: ActionState;
  /**
   * Held kinds on the same target this kind replaces: asked while one of them is pending, it is accepted
   * (not 409) and the engine ends the held command `superseded`.
   */
  supersedes?: readonly EngineCommandKind[];
  /**
   * The command leaves its target's action_state alone: an alert's order on a profile is no change of
   * the profile, and must not hide a start or stop under way on it.
   */
  quiet?: true;
}

const cancel = <T extends EngineCommandTarget>(target: T, section: SectionName): EngineCommandEffect<T> => ({ target, section, pending: 'CANCELLING', done: 'CANCELLED' });
const close = (section: SectionName): EngineCommandEffect<'position'> => ({ target: 'position', section, pending: 'CLOSING', done: 'CLOSED' });
const alert = (): EngineCommandEffect<'strategy_profile'> => ({ target: 'strategy_profile', section: 'profiles', pending: 'CHANGING', done: 'CHANGED', quiet: true });
const change = <T extends EngineCommandTarget>(target: T, section: SectionName): EngineCommandEffect<T> => ({ target, section, pending: 'CHANGING', done: 'CHANGED' });

const EFFECTS = {
  cancel_signal: cancel('signal', 'signals'),
  cancel_order: cancel('order', 'orders'),
  close_market: { ...close('APA'), supersedes: ['close_limit', 'close_best_limit'] },
  close_limit: close('APA'),
  close_best_limit: close('APA'),
  close_lost_position: close('APA'),
  reduce_position: change('position', 'APA'),
  set_skip_check: change('position', 'APA'),
  recover_k_exit: change('position', 'APA'),
  start_profile: change('strategy_profile', 'profiles'),
  stop_profile: change('strategy_profile', 'profiles'),
  start_mm_profile: change('mm_profile', 'mm_profiles'),
  stop_mm_profile: change('mm_profile', 'mm_profiles'),
  start_ticker_config: change('ticker_config', 'tickers_configs'),
  stop_ticker_config: change('ticker_config', 'tickers_configs'),
  enable_bot: change('system', 'bot_status'),
  disable_bot: change('system', 'bot_status'),
  set_broker_program: change('exchange_account', 'exchange_account'),
  alert_open: alert(),
  alert_close: alert(),
  alert_close_all: alert(),
} satisfies Record<EngineCommandKind, EngineCommandEffect>;

/** The kind of row a command of kind K acts on. */
export type EngineCommandTargetOf<K extends EngineCommandKind> = (typeof EFFECTS)[K]['target'];

/**
 * Each kind's effect. Its target's type stays exact, also for a kind known only as a type parameter, so
 * a command's rule can be typed by the row it reads.
 */
export const ENGINE_COMMAND_EFFECTS: { readonly [K in EngineCommandKind]: EngineCommandEffect<EngineCommandTargetOf<K>> } = EFFECTS;

/**
 * Kinds an engine may keep pending while they wait (a limit close until its order fills). It holds them
 * under a lease (engine_commands.lease_owner, lease_expires_at) renewed every turn; a command whose lease
 * has run out is taken by the next engine that looks.
 */
export const HELD_COMMAND_KINDS: readonly EngineCommandKind[] = ['close_limit', 'close_best_limit'];

/** How long a held command's lease lasts without renewal (the bundled engine renews it every second or so). */
export const ENGINE_COMMAND_LEASE_SECONDS = 30;

/** `GET engine/commands/{id}/`: what the SPA polls while it shows CANCELLING, CLOSING or CHANGING. */
export interface EngineCommandState {
  id: string;
  kind: EngineCommandKind;
  target_type: EngineCommandTarget;
  target_id: string | null;
  status: EngineCommandStatus;
  error: string | null;
  /** The target's action_state now (null for targets without one). */
  action_state: ActionState | null;
  created_at: string;
  completed_at: string | null;
}

/** A bulk action's answer: one command per target, in the order asked. */
export interface BulkCommandsAnswer {
  commands: EngineCommandState[];
}

/** Header a client sends to make a retried request the same command (any printable text up to 100). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX = 100;

export const ENGINE_MESSAGES = {
  orderNotOpen: 'This order is no longer open, so it cannot be cancelled.',
  badIdempotencyKey: `The Idempotency-Key header takes up to ${IDEMPOTENCY_KEY_MAX} printable characters.`,
  keyReused: 'This Idempotency-Key was already used for another action.',
  /** A different action (or the same one with other inputs) asked while one on the row is pending. */
  actionRunning: 'An action on this row is already running. Wait until it is done.',
  /** A limit close the engine held until its price, overtaken by the signal ending another way. */
  closeOvertaken: 'The signal ended before the close order filled.',
  /** A held limit close replaced by a close at market (the command's status is `superseded`). */
  closeSuperseded: 'Replaced by a close at market before the limit order filled.',
  /** A held limit close whose resting order the operator cancelled (the command's status is `superseded`). */
  closeCancelled: 'Cancelled with its limit order before it filled.',
  /** A command whose target the engine does not know (deleted, or a lost position it does not trade). */
  targetUnknown: 'The engine does not trade this row, so it cannot carry out this action.',
  /** A row another writer made whose strategy profile has no settings document the engine can run. */
  settingsInvalid: "The row's strategy profile has no valid settings, so the engine cannot carry out this action.",
  /** A row another writer made on a pair the engine's market has no prices for. */
  pairNotOnMarket: "The row's pair is not on the engine's market, so the engine cannot carry out this action.",
} as const;
