/**
 * A signal's life, minute by minute: the rows it writes (signal, orders, position) from the candle of
 * each minute, the settings and what happened before. Pure: the caller feeds the pair's market first,
 * then hands the run, the candle and the settings in and writes the run that comes back.
 *
 * Each minute, in this order:
 * 1. A queued signal (no MM slot yet) waits as long as its first enter order's timer, then is
 *    canceled_by_mmsp. (The caller starts it with `activateSignal` when a slot frees.)
 * 2. Resting orders fill on the candle (enter orders first, then the exit), as the fill rules say.
 * 3. The position is marked at the close; once everything entered is out again the signal is finished
 *    (enter orders still open are cancelled by movement).
 * 4. Enter orders past their timer are cancelled by the timer.
 * 5. High/low change: while enter orders wait and the price has stayed more than
 *    high_low_change_percentage % beyond the start point in the signal's direction for
 *    high_low_change_timer minutes, the market ran away from the ladder: they are cancelled by movement.
 * 6. Before anything is filled: the signal is canceled_by_roc when the price gives back
 *    revert_threshold % of the move from the origin to the start point (d · (start point − close) ≥
 *    revert / 100 · d · (start point − origin)), and canceled_by_atr when the ATR falls below its threshold.
 * 7. Signal max duration: past signal_duration_minutes from its creation, a position is closed at
 *    market (finished); a signal that entered nothing is missed.
 * 8. Nothing filled and no enter order left: missed.
 * 9. The exit order follows the position (positions/exits.ts): k_exit from the coefficient in force
 *    and the ATR it was priced with. The ATR is looked at every atr_timer minutes and taken when it has
 *    changed by change_of_atr_percentage % or more; a changed size is taken once size_timer_minutes have
 *    passed since the exit was last placed (at once when there is none). A re-priced exit cancels the
 *    old one (CANCELED_BY_MOVEMENT). Exits are GTC (one that crosses on placement takes the profit at
 *    once); best-limit exits are post-only (GTX).
 *
 * States: active_np nothing filled; active_pp some entered while enter orders still wait; active_fp
 * entered and none wait; _pf once part of the position is out again (exit fills or a reduce).
 * size_currency and size_coins are the planned size until the first fill, then what was entered
 * (value and coins); execution = 100 · entered coins / planned coins; exit_place is the open exit's
 * price, and once finished the average exit price; pnl_in_usd = r_pnl + u_pnl and pnl_in_percent its
 * percent of size_currency.
 */
import type { Direction, OrderKind, OrderSide, SignalState, SignalStatus, Timeframe, TimeInForce } from '@console/contracts';
import { orderAfterFill } from '../execution/orders';
import type { Execution, Fill } from '../execution/port';
import { MINUTE_MS, type Candle } from '../market/candle';
import { dec, isPositive, numberOf, toScale, ZERO, type Dec } from '../money';
import { adverseDistanceInAtr, bestLimitPrice, exitCoefficient, exitPrice } from '../positions/exits';
import { applyFill, entrySide, exitSide, markPosition, newPosition, positionPnl, type PositionBook } from '../positions/position';
import { cancelledOrder, isOpenOrder, planLadder, type CancelStatus, type LadderStep, type OrderRow } from './orders';
import type { PairMarket } from './market-view';
import type { StrategySettings } from './settings';
import { directionSign, type SignalFigures } from './signal';

/** The signals columns the engine writes. */
export interface SignalRow {
  direction: Direction;
  timeframe: Timeframe;
  status: SignalStatus;
  state: SignalState;
  execution: Dec;
  size_currency: Dec;
  size_coins: Dec;
  start_point: Dec;
  avg_e_price: Dec | null;
  exit_place: Dec | null;
  current_price: Dec | null;
  pnl_in_usd: Dec | null;
  pnl_in_percent: Dec | null;
  tr_in_atr: Dec | null;
  inc_vola: Dec | null;
  atr_minus_1: Dec | null;
  atr_t_percent: Dec | null;
  created_at: number;
  minute_activated_at: number | null;
  finished_at: number | null;
}

/** The positions columns the engine writes; created_at is the first fill (null before it). */
export interface RunPosition extends PositionBook {
  created_at: number | null;
  closed_at: number | null;
  k_exit: Dec | null;
  k_exit_coeff: number | null;
  reduce_p: Dec;
  k_e_recovery: boolean;
  skip_check_by_timer: boolean;
  skip_check_by_distance: boolean;
  best_limit: boolean;
}

/** An operator's close that holds the exit where it was put until it fills. */
export type ExitHold = { kind: 'close_limit'; price: Dec; coefficient: number } | { kind: 'best_limit' };

export interface SignalRun {
  signal: SignalRow;
  orders: OrderRow[];
  position: RunPosition;
  /** The enter orders planned at the start (placed when the signal starts). */
  ladder: LadderStep[];
  planned_coins: Dec;
  roc_origin: number;
  exit: { atr: number; atr_checked_at: number; placed_at: number | null; hold: ExitHold | null };
  entered: { coins: Dec; value: Dec };
  exited: { coins: Dec; value: Dec };
  /** Since when the price has been beyond the high/low change limit (null: it is not). */
  beyond_since: number | null;
  next_key: number;
}

export interface MinuteContext {
  /** The end of the candle's minute: when this step happens. */
  now: number;
  /** The pair's latest minute candle. */
  candle: Candle;
  market: PairMarket;
  settings: StrategySettings;
  /** Where the step's intents go: a venue at this minute's market. */
  execution: Execution;
  tickDecimals: number;
  /**
   * Whether the signal's shown figures (price, sizes, execution, PnL) and its position's mark (prices,
   * u_pnl) follow each step: the live engine writes them every minute; a backtest reads none of them (it
   * values open positions itself when it takes its equity), and skips their decimal work.
   */
  shownFigures: boolean;
}

/** What a run's step reports; each is a log row (its event_type, but the start and queueing: signal_received). */
export const RUN_EVENT_KINDS = ['signal_started', 'signal_queued', 'order_placed', 'order_filled', 'order_cancelled', 'order_expired', 'signal_finished', 'signal_missed', 'signal_cancelled'] as const;
export type RunEventKind = (typeof RUN_EVENT_KINDS)[number];

export interface RunEvent {
  kind: RunEventKind;
  order_key?: number;
  /** Why, in the engine's words (a cancel's status, a signal's final state). */
  detail?: string;
}

export interface StepResult {
  run: SignalRun;
  events: RunEvent[];
}

const FINAL_STATUSES: readonly SignalStatus[] = ['finished', 'missed', 'canceled'];
export const isFinal = (run: SignalRun): boolean => FINAL_STATUSES.includes(run.signal.status);
const ratio = (value: number | null): Dec | null => (value === null || !Number.isFinite(value) ? null : toScale(value, 'ratio'));
const minutes = (ms: number) => ms / MINUTE_MS;

/** A working copy the step functions change in place; the caller's run is never touched. */
function draft(run: SignalRun): SignalRun {
  return { ...run, signal: { ...run.signal }, orders: [...run.orders], position: { ...run.position }, exit: { ...run.exit }, entered: { ...run.entered }, exited: { ...run.exited } };
}

function newRunPosition(side: Direction): RunPosition {
  return { ...newPosition(side), created_at: null, closed_at: null, k_exit: null, k_exit_coeff: null, reduce_p: ZERO, k_e_recovery: false, skip_check_by_timer: false, skip_check_by_distance: false, best_limit: false };
}

/** Applies a fill of one of the run's orders: the order row, the position, the tallies. */
export function applyOrderFill(run: SignalRun, index: number, fill: Fill, now: number, events: RunEvent[]): void {
  const order = run.orders[index];
  run.orders[index] = { ...order, ...orderAfterFill(order, fill), updated_at: now };
  const position = applyFill(run.position, { direction: order.direction, price: fill.price, quantity: fill.quantity, fee: fill.fee });
  run.position = { ...run.position, ...position, created_at: run.position.created_at ?? now };
  const value = fill.price.times(fill.quantity);
  if (order.order_type === 'enter') run.entered = { coins: run.entered.coins.plus(fill.quantity), value: run.entered.value.plus(value) };
  else run.exited = { coins: run.exited.coins.plus(fill.quantity), value: run.exited.value.plus(value) };
  events.push({ kind: 'order_filled', order_key: order.key, detail: fill.liquidity });
}

export interface NewOrder {
  order_type: OrderKind;
  direction: OrderSide;
  price: Dec;
  quantity: Dec;
  time_in_force: TimeInForce;
  timer_minutes: number | null;
}

/** Places an order at the market of the step: it rests, fills at once (taker) or expires (post-only crossing). */
export function placeOrder(run: SignalRun, order: NewOrder, ctx: MinuteContext, events: RunEvent[]): void {
  run.orders.push({
    key: run.next_key++,
    ...order,
    position_direction: run.signal.direction,
    filled_quantity: ZERO,
    state: 'PLACING',
    status: 'PLACING',
    exchange_status: null,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  toMarket(run, run.orders.length - 1, ctx, events);
}

/** An order written but not on the market yet (PLACING) reaches it: it rests, fills at once or expires. */
function toMarket(run: SignalRun, index: number, ctx: MinuteContext, events: RunEvent[]): void {
  const row: OrderRow = { ...run.orders[index], state: 'PLACED', status: 'PLACED', exchange_status: 'NEW', updated_at: ctx.now };
  run.orders[index] = row;
  events.push({ kind: 'order_placed', order_key: row.key });
  const placed = ctx.execution.submit({ kind: 'place', order: row });
  if (placed.kind === 'filled') applyOrderFill(run, index, placed.fill, ctx.now, events);
  if (placed.kind === 'expired') {
    run.orders[index] = { ...row, state: 'CANCELED', status: 'CANCELED_BY_MOVEMENT', exchange_status: 'EXPIRED' };
    events.push({ kind: 'order_expired', order_key: row.key });
  }
}

/**
 * Orders another writer left on their way (a run the engine adopted): those still PLACING reach the
 * market, those CANCELING are cancelled, as the market answers them at once. The engine's own runs
 * have none.
 */
function settleInFlight(run: SignalRun, ctx: MinuteContext, events: RunEvent[]): void {
  for (let i = 0; i < run.orders.length; i++) {
    const order = run.orders[i];
    if (order.status === 'PLACING') toMarket(run, i, ctx, events);
    else if (order.status === 'CANCELING') {
      run.orders[i] = cancelAtVenue(order, 'CANCELED_MANUAL', ctx);
      events.push({ kind: 'order_cancelled', order_key: order.key, detail: 'CANCELED_MANUAL' });
    }
  }
}

/** An open order leaves the book: the cancel goes to the venue, the row takes the status that says why. */
export function cancelAtVenue(order: OrderRow, status: CancelStatus, ctx: MinuteContext): OrderRow {
  ctx.execution.submit({ kind: 'cancel', order });
  return cancelledOrder(order, status, ctx.now);
}

function cancelOpen(run: SignalRun, kind: OrderKind | 'all', status: CancelStatus, ctx: MinuteContext, events: RunEvent[]): void {
  run.orders = run.orders.map((order) => {
    if (!isOpenOrder(order) || (kind !== 'all' && order.order_type !== kind)) return order;
    events.push({ kind: 'order_cancelled', order_key: order.key, detail: status });
    return cancelAtVenue(order, status, ctx);
  });
}

/** Ends the signal: open orders cancelled, the final status and state, the finish time. */
export function endSignal(run: SignalRun, status: SignalStatus, state: SignalState, orderStatus: CancelStatus, ctx: MinuteContext, events: RunEvent[]): void {
  const { now } = ctx;
  cancelOpen(run, 'all', orderStatus, ctx, events);
  // A signal never ends before it began, also one another writer stamped later than the engine's minute.
  run.signal = { ...run.signal, status, state, finished_at: Math.max(now, run.signal.created_at) };
  if (run.position.created_at !== null && run.position.state === 'open' && run.position.active_p_coins.isZero()) {
    run.position = { ...run.position, state: 'closed', closed_at: now, u_pnl: ZERO, active_p_size_usd: ZERO };
  }
  if (run.position.state === 'closed' && run.position.closed_at === null) run.position = { ...run.position, closed_at: now };
  events.push({ kind: status === 'finished' ? 'signal_finished' : status === 'missed' ? 'signal_missed' : 'signal_cancelled', detail: state });
}

/** A signal the market and the gates gave: planned, and started at once or queued for an MM slot. */
export function startSignal(figures: SignalFigures, size_currency: Dec, outcome: 'start' | 'queue', ctx: MinuteContext): StepResult {
  const { settings } = ctx;
  const start_point = dec(figures.start_point).toDecimalPlaces(ctx.tickDecimals);
  const ladder = planLadder(settings, { start_point, atr: figures.atr, size_currency, tickDecimals: ctx.tickDecimals });
  const planned_coins = ladder.reduce((total, step) => total.plus(step.quantity), ZERO);
  const run: SignalRun = {
    signal: {
      direction: settings.direction,
      timeframe: settings.signal.timeframe,
      status: 'in_queue',
      state: 'active_np',
      execution: ZERO,
      size_currency,
      size_coins: planned_coins,
      start_point,
      avg_e_price: null,
      exit_place: null,
      current_price: dec(ctx.candle.close),
      pnl_in_usd: null,
      pnl_in_percent: null,
      tr_in_atr: ratio(figures.tr_in_atr),
      inc_vola: ratio(figures.inc_vola),
      atr_minus_1: ratio(figures.atr_minus_1),
      atr_t_percent: ratio(figures.atr_t_percent),
      created_at: ctx.now,
      minute_activated_at: null,
      finished_at: null,
    },
    orders: [],
    position: newRunPosition(settings.direction),
    ladder,
    planned_coins,
    roc_origin: figures.roc_origin,
    exit: { atr: figures.atr, atr_checked_at: ctx.now, placed_at: null, hold: null },
    entered: { coins: ZERO, value: ZERO },
    exited: { coins: ZERO, value: ZERO },
    beyond_since: null,
    next_key: 1,
  };
  if (outcome === 'queue') return { run, events: [{ kind: 'signal_queued' }] };
  return activateSignal(run, ctx);
}

/**
 * Starts a queued (or new) signal: its enter orders go to the market. A queued signal another writer
 * made may hold its ladder as orders written but not placed (PLACING): those go, not a second ladder.
 */
export function activateSignal(previous: SignalRun, ctx: MinuteContext): StepResult {
  const run = draft(previous);
  const events: RunEvent[] = [{ kind: 'signal_started' }];
  run.signal.status = 'active';
  run.signal.minute_activated_at = ctx.now;
  if (run.orders.some((order) => order.order_type === 'enter' && order.status === 'PLACING')) settleInFlight(run, ctx, events);
  else for (const step of run.ladder) placeOrder(run, { order_type: 'enter', direction: step.direction, price: step.price, quantity: step.quantity, time_in_force: 'GTC', timer_minutes: step.timer_minutes }, ctx, events);
  manageExit(run, ctx, events);
  refreshFigures(run, ctx);
  return { run, events };
}

/** Where the exit should be now: price, quantity and how it is placed; null when nothing is held. */
function desiredExit(run: SignalRun, ctx: MinuteContext): { price: Dec; coefficient: number | null; time_in_force: TimeInForce } | null {
  const p = run.position;
  if (p.avg_e_price === null || p.active_p_coins.isZero()) return null;
  const hold = run.exit.hold;
  if (hold?.kind === 'best_limit') return { price: bestLimitPrice(p.side, ctx.candle.close, ctx.tickDecimals), coefficient: null, time_in_force: 'GTX' };
  if (hold?.kind === 'close_limit') return { price: hold.price, coefficient: hold.coefficient, time_in_force: 'GTC' };
  const o = ctx.settings.orders;
  if (ctx.now - run.exit.atr_checked_at >= o.atr_timer * MINUTE_MS) {
    const atr = ctx.market.atr(ctx.settings.signal.timeframe, ctx.settings.signal.atr_n_periods, ctx.settings.signal.atr_smooth_algo);
    if (atr !== null && atr > 0 && Math.abs(atr / run.exit.atr - 1) * 100 >= o.change_of_atr_percentage) run.exit.atr = atr;
    run.exit.atr_checked_at = ctx.now;
  }
  const coefficient = exitCoefficient({
    base: o.exit_order_place_coefficient,
    byTime: o.exit_by_time,
    byDistance: o.exit_by_distance,
    minutesInPosition: minutes(ctx.now - (p.created_at ?? ctx.now)),
    adverseAtr: adverseDistanceInAtr(p.side, p.avg_e_price, ctx.candle.close, run.exit.atr),
    skip_check_by_timer: p.skip_check_by_timer,
    skip_check_by_distance: p.skip_check_by_distance,
    k_e_recovery: p.k_e_recovery,
  });
  return { price: exitPrice(p.side, p.avg_e_price, coefficient, run.exit.atr, ctx.tickDecimals), coefficient, time_in_force: 'GTC' };
}

/**
 * Keeps the exit order where it should be. `resize` forces the size to follow at once (after a reduce);
 * otherwise a size change waits for the size timer.
 */
export function manageExit(run: SignalRun, ctx: MinuteContext, events: RunEvent[], resize = false): void {
  const want = desiredExit(run, ctx);
  const index = run.orders.findIndex((o) => o.order_type === 'exit' && isOpenOrder(o));
  const current = index < 0 ? null : run.orders[index];
  if (!want) {
    if (current) cancelOpen(run, 'exit', 'CANCELED_BY_MOVEMENT', ctx, events);
    return;
  }
  const held = run.position.active_p_coins;
  run.position = { ...run.position, k_exit: want.price, k_exit_coeff: want.coefficient ?? run.position.k_exit_coeff };
  const left = current ? current.quantity.minus(current.filled_quantity) : ZERO;
  const sizeDue = resize || run.exit.placed_at === null || ctx.now - run.exit.placed_at >= ctx.settings.orders.size_timer_minutes * MINUTE_MS;
  const quantity = current && !sizeDue && left.lessThanOrEqualTo(held) ? left : held;
  if (current && current.price.equals(want.price) && left.equals(quantity)) return;
  if (current) cancelOpen(run, 'exit', 'CANCELED_BY_MOVEMENT', ctx, events);
  run.exit.placed_at = ctx.now;
  placeOrder(run, { order_type: 'exit', direction: exitSide(run.position.side), price: want.price, quantity, time_in_force: want.time_in_force, timer_minutes: null }, ctx, events);
}

function stateOf(run: SignalRun): SignalState {
  if (run.entered.coins.isZero()) return 'active_np';
  const waiting = run.orders.some((o) => o.order_type === 'enter' && isOpenOrder(o));
  const partlyOut = isPositive(run.exited.coins);
  if (waiting) return partlyOut ? 'active_pp_pf' : 'active_pp';
  return partlyOut ? 'active_fp_pf' : 'active_fp';
}

/** The signal's figures from its orders and position (status and state of an open signal included). */
export function refreshFigures(run: SignalRun, ctx: MinuteContext): void {
  const s = run.signal;
  const p = run.position;
  const entered = isPositive(run.entered.coins);
  if (!FINAL_STATUSES.includes(s.status) && s.status !== 'in_queue') s.state = stateOf(run);
  if (!ctx.shownFigures) return;
  s.current_price = dec(ctx.candle.close);
  s.size_currency = entered ? toScale(run.entered.value, 'money') : s.size_currency;
  s.size_coins = entered ? run.entered.coins : run.planned_coins;
  s.execution = run.planned_coins.isZero() ? ZERO : toScale(run.entered.coins.div(run.planned_coins).times(100), 'ratio');
  s.avg_e_price = p.avg_e_price;
  s.exit_place = s.status === 'finished' && isPositive(run.exited.coins) ? toScale(run.exited.value.div(run.exited.coins), 'price') : p.k_exit;
  if (entered) {
    const pnl = positionPnl(p);
    s.pnl_in_usd = pnl;
    s.pnl_in_percent = s.size_currency.isZero() ? null : toScale(pnl.div(s.size_currency).times(100), 'ratio');
  }
}

/** One minute of an open signal's life; a finished, missed or cancelled run comes back unchanged. */
export function stepSignal(previous: SignalRun, ctx: MinuteContext): StepResult {
  if (isFinal(previous)) return { run: previous, events: [] };
  const run = draft(previous);
  const events: RunEvent[] = [];
  const { settings, now } = ctx;
  const o = settings.orders;
  const d = directionSign(settings.direction);

  if (run.signal.status === 'in_queue') {
    if (now - run.signal.created_at >= (run.ladder[0]?.timer_minutes ?? 0) * MINUTE_MS) endSignal(run, 'canceled', 'canceled_by_mmsp', 'CANCELED_BY_TIMER', ctx, events);
    refreshFigures(run, ctx);
    return { run, events };
  }

  settleInFlight(run, ctx, events);
  // Resting orders meet the minute's candle: enter orders first, then the exit.
  for (const kind of ['enter', 'exit'] as const) {
    for (let i = 0; i < run.orders.length; i++) {
      const order = run.orders[i];
      if (order.order_type !== kind || (order.status !== 'PLACED' && order.status !== 'PARTIALLY_FILLED')) continue;
      if (kind === 'exit' && run.position.active_p_coins.isZero()) continue;
      const fill = ctx.execution.fillOf(order);
      if (!fill) continue;
      const capped = kind === 'exit' && fill.quantity.greaterThan(run.position.active_p_coins) ? { ...fill, quantity: run.position.active_p_coins } : fill;
      applyOrderFill(run, i, capped, now, events);
    }
  }
  if (run.position.created_at !== null && ctx.shownFigures) run.position = markPosition(run.position, { current_price: ctx.candle.close, mark_price: ctx.candle.close });

  const finish = (status: SignalStatus, state: SignalState, orderStatus: CancelStatus) => {
    endSignal(run, status, state, orderStatus, ctx, events);
    refreshFigures(run, ctx);
    return { run, events };
  };
  if (isPositive(run.entered.coins) && run.position.active_p_coins.isZero()) return finish('finished', 'finished', 'CANCELED_BY_MOVEMENT');

  // Enter orders past their timer (looked for first: most minutes have none, and the list stays as it is).
  const timedOut = (order: OrderRow) => order.order_type === 'enter' && isOpenOrder(order) && order.timer_minutes !== null && now - order.created_at >= order.timer_minutes * MINUTE_MS;
  if (run.orders.some(timedOut)) {
    run.orders = run.orders.map((order) => {
      if (!timedOut(order)) return order;
      events.push({ kind: 'order_cancelled', order_key: order.key, detail: 'CANCELED_BY_TIMER' });
      return cancelAtVenue(order, 'CANCELED_BY_TIMER', ctx);
    });
  }

  // The market ran away from the ladder.
  const waiting = run.orders.some((order) => order.order_type === 'enter' && isOpenOrder(order));
  const startPoint = numberOf(run.signal.start_point);
  const beyond = (100 * d * (ctx.candle.close - startPoint)) / startPoint > o.high_low_change_percentage;
  run.beyond_since = waiting && beyond ? (run.beyond_since ?? now) : null;
  if (run.beyond_since !== null && now - run.beyond_since >= o.high_low_change_timer * MINUTE_MS) {
    cancelOpen(run, 'enter', 'CANCELED_BY_MOVEMENT', ctx, events);
    run.beyond_since = null;
  }

  if (run.entered.coins.isZero()) {
    const revert = settings.signal.revert_threshold;
    const move = d * (startPoint - run.roc_origin);
    if (revert !== null && move > 0 && d * (startPoint - ctx.candle.close) >= (revert / 100) * move) return finish('canceled', 'canceled_by_roc', 'CANCELED_BY_MOVEMENT');
    const atr = ctx.market.atr(settings.signal.timeframe, settings.signal.atr_n_periods, settings.signal.atr_smooth_algo);
    if (atr !== null && (100 * atr) / ctx.candle.close < settings.signal.atr_threshold_percents) return finish('canceled', 'canceled_by_atr', 'CANCELED_BY_MOVEMENT');
  }

  if (now - run.signal.created_at >= settings.signal.signal_duration_minutes * MINUTE_MS) {
    if (isPositive(run.position.active_p_coins)) closeAtMarket(run, ctx, events);
    return run.entered.coins.isZero() ? finish('missed', 'missed', 'CANCELED_BY_TIMER') : finish('finished', 'finished', 'CANCELED_BY_TIMER');
  }
  if (run.entered.coins.isZero() && !run.orders.some((order) => order.order_type === 'enter' && isOpenOrder(order))) return finish('missed', 'missed', 'CANCELED_BY_TIMER');

  manageExit(run, ctx, events);
  if (isPositive(run.entered.coins) && run.position.active_p_coins.isZero()) return finish('finished', 'finished', 'CANCELED_BY_MOVEMENT');
  refreshFigures(run, ctx);
  return { run, events };
}

/** Sells (or buys back) everything held at market, as a filled exit order. */
export function closeAtMarket(run: SignalRun, ctx: MinuteContext, events: RunEvent[], quantity?: Dec): void {
  const coins = quantity ?? run.position.active_p_coins;
  if (coins.lessThanOrEqualTo(0)) return;
  cancelOpen(run, 'exit', 'CANCELED_BY_MOVEMENT', ctx, events);
  marketOrder(run, exitSide(run.position.side), coins, ctx, events);
}

/** A market order recorded as an immediate-or-cancel order row filled at its fill price. */
export function marketOrder(run: SignalRun, direction: OrderSide, quantity: Dec, ctx: MinuteContext, events: RunEvent[]): void {
  const order_type = direction === entrySide(run.position.side) ? 'enter' : 'exit';
  const done = ctx.execution.submit({ kind: order_type === 'enter' ? 'open' : 'exit', direction, quantity });
  if (done.kind !== 'filled') throw new Error(`a market order came back ${done.kind}, not filled`);
  const fill = done.fill;
  run.orders.push({
    key: run.next_key++,
    order_type,
    direction,
    position_direction: run.signal.direction,
    price: fill.price,
    quantity,
    filled_quantity: ZERO,
    state: 'PLACED',
    status: 'PLACED',
    exchange_status: 'NEW',
    time_in_force: 'IOC',
    created_at: ctx.now,
    updated_at: ctx.now,
    timer_minutes: null,
  });
  events.push({ kind: 'order_placed', order_key: run.orders[run.orders.length - 1].key, detail: 'market' });
  applyOrderFill(run, run.orders.length - 1, fill, ctx.now, events);
}
