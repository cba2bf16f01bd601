/**
 * Operator commands on a signal's run (the engine_commands kinds that target a signal, its orders or
 * its position), as pure changes of the run. A command the run's state does not allow throws
 * CommandRefused with the message the command row's error takes. What each close does to the exit is
 * described in positions/exits.ts; close_limit and close_best_limit hold the exit until it fills, so
 * their command is done when the signal is finished.
 *
 * A manually cancelled exit order is placed again at the next minute: the strategy always keeps one
 * while something is held (the closes are the way to move it).
 */
import { closeCoefficientProblem, ENGINE_MESSAGES, POSITION_MESSAGES, REDUCE_PERCENT, SIGNAL_MESSAGES } from '@console/contracts';
import type { Execution } from '../execution/port';
import { dec, type DecValue } from '../money';
import { exitPrice, reduceQuantity } from '../positions/exits';
import { applyFill, exitSide, type PositionBook } from '../positions/position';
import { cancelAtVenue, closeAtMarket, endSignal, isFinal, manageExit, refreshFigures, type MinuteContext, type RunEvent, type SignalRun, type StepResult } from './lifecycle';
import { isOpenOrder } from './orders';

export class CommandRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandRefused';
  }
}

function copy(run: SignalRun): SignalRun {
  return { ...run, signal: { ...run.signal }, orders: [...run.orders], position: { ...run.position }, exit: { ...run.exit }, entered: { ...run.entered }, exited: { ...run.exited } };
}

function held(run: SignalRun): void {
  if (isFinal(run) || run.position.active_p_coins.isZero() || run.position.avg_e_price === null) throw new CommandRefused(SIGNAL_MESSAGES.noOpenPosition);
}

/** Ends the run as finished when the command left nothing held. */
function settle(run: SignalRun, ctx: MinuteContext, events: RunEvent[]): StepResult {
  if (run.position.active_p_coins.isZero() && !isFinal(run)) endSignal(run, 'finished', 'finished', 'CANCELED_MANUAL', ctx, events);
  refreshFigures(run, ctx);
  return { run, events };
}

/** cancel_signal: only while nothing is processed (active_np, queued or not). */
export function cancelSignal(previous: SignalRun, ctx: MinuteContext): StepResult {
  if (isFinal(previous) || previous.signal.state !== 'active_np') throw new CommandRefused(SIGNAL_MESSAGES.notCancellable);
  const run = copy(previous);
  const events: RunEvent[] = [];
  endSignal(run, 'canceled', 'canceled_by_user', 'CANCELED_MANUAL', ctx, events);
  refreshFigures(run, ctx);
  return { run, events };
}

/**
 * cancel_order: an open order of the signal, by its key. The exit a limit close holds, cancelled, ends
 * that close: the exit rules take over again (and place the exit at the next minute).
 */
export function cancelOrder(previous: SignalRun, key: number, ctx: MinuteContext): StepResult {
  const index = previous.orders.findIndex((order) => order.key === key);
  if (index < 0 || !isOpenOrder(previous.orders[index])) throw new CommandRefused(ENGINE_MESSAGES.orderNotOpen);
  const run = copy(previous);
  if (run.orders[index].order_type === 'exit' && run.exit.hold) {
    run.exit.hold = null;
    run.position = { ...run.position, best_limit: false };
  }
  run.orders[index] = cancelAtVenue(run.orders[index], 'CANCELED_MANUAL', ctx);
  refreshFigures(run, ctx);
  return { run, events: [{ kind: 'order_cancelled', order_key: key, detail: 'CANCELED_MANUAL' }] };
}

/** close_market: everything held at market; the signal is finished. */
export function closeMarket(previous: SignalRun, ctx: MinuteContext): StepResult {
  held(previous);
  const run = copy(previous);
  const events: RunEvent[] = [];
  closeAtMarket(run, ctx, events);
  return settle(run, ctx, events);
}

/** close_limit {coefficient}: the exit for the whole position at avg + sign · c · ATR, held there until it fills. */
export function closeLimit(previous: SignalRun, coefficient: number, ctx: MinuteContext): StepResult {
  const problem = closeCoefficientProblem(coefficient);
  if (problem) throw new CommandRefused(problem);
  held(previous);
  const run = copy(previous);
  const events: RunEvent[] = [];
  const s = ctx.settings.signal;
  const atr = ctx.market.atr(s.timeframe, s.atr_n_periods, s.atr_smooth_algo) ?? run.exit.atr;
  const avg = run.position.avg_e_price ?? dec(ctx.candle.close);
  run.exit.hold = { kind: 'close_limit', price: exitPrice(run.position.side, avg, coefficient, atr, ctx.tickDecimals), coefficient };
  run.position = { ...run.position, k_exit_coeff: coefficient, best_limit: false };
  manageExit(run, ctx, events, true);
  return settle(run, ctx, events);
}

/** close_best_limit: the exit chases the best maker price every minute until it fills. */
export function closeBestLimit(previous: SignalRun, ctx: MinuteContext): StepResult {
  held(previous);
  const run = copy(previous);
  const events: RunEvent[] = [];
  run.exit.hold = { kind: 'best_limit' };
  run.position = { ...run.position, best_limit: true };
  manageExit(run, ctx, events, true);
  return settle(run, ctx, events);
}

/** reduce_position {percent}: that share of the coins at market; the exit follows the rest at once. */
export function reducePosition(previous: SignalRun, percent: DecValue, ctx: MinuteContext): StepResult {
  const p = dec(percent);
  if (p.lessThanOrEqualTo(REDUCE_PERCENT.min) || p.greaterThanOrEqualTo(REDUCE_PERCENT.max) || p.decimalPlaces() > REDUCE_PERCENT.decimals) {
    throw new CommandRefused(POSITION_MESSAGES.reducePercentRange);
  }
  held(previous);
  const quantity = reduceQuantity(previous.position.active_p_coins, p);
  if (quantity.isZero()) throw new CommandRefused(POSITION_MESSAGES.reducePercentRange);
  const run = copy(previous);
  const events: RunEvent[] = [];
  closeAtMarket(run, ctx, events, quantity);
  run.position = { ...run.position, reduce_p: p };
  manageExit(run, ctx, events, true);
  return settle(run, ctx, events);
}

/** set_skip_check: sets only the flags sent; the exit moves to the coefficient that follows. */
export function setSkipCheck(previous: SignalRun, flags: { skip_check_by_timer?: boolean; skip_check_by_distance?: boolean }, ctx: MinuteContext): StepResult {
  if (flags.skip_check_by_timer === undefined && flags.skip_check_by_distance === undefined) throw new CommandRefused(POSITION_MESSAGES.skipCheckRequired);
  if (isFinal(previous)) throw new CommandRefused(POSITION_MESSAGES.positionClosed);
  const run = copy(previous);
  const events: RunEvent[] = [];
  run.position = {
    ...run.position,
    skip_check_by_timer: flags.skip_check_by_timer ?? run.position.skip_check_by_timer,
    skip_check_by_distance: flags.skip_check_by_distance ?? run.position.skip_check_by_distance,
  };
  manageExit(run, ctx, events);
  refreshFigures(run, ctx);
  return { run, events };
}

/** recover_k_exit: the profile's exit coefficient again, no rule lowering it from now on. */
export function recoverKExit(previous: SignalRun, ctx: MinuteContext): StepResult {
  if (isFinal(previous)) throw new CommandRefused(POSITION_MESSAGES.positionClosed);
  const run = copy(previous);
  const events: RunEvent[] = [];
  run.position = { ...run.position, k_e_recovery: true };
  manageExit(run, ctx, events);
  refreshFigures(run, ctx);
  return { run, events };
}

/**
 * close_lost_position {quantity}: a position found on the exchange without a signal, closed (in part)
 * at market. It keeps no state; the caller deletes it when no coins are left.
 */
export function closeLostPosition(
  position: PositionBook,
  quantity: DecValue,
  execution: Execution,
): PositionBook {
  const q = dec(quantity);
  if (q.lessThanOrEqualTo(0) || q.greaterThan(position.active_p_coins)) throw new CommandRefused(POSITION_MESSAGES.quantityRange);
  const done = execution.submit({ kind: 'exit', direction: exitSide(position.side), quantity: q });
  if (done.kind !== 'filled') throw new Error(`a market order came back ${done.kind}, not filled`);
  const fill = done.fill;
  return applyFill(position, { direction: exitSide(position.side), price: fill.price, quantity: q, fee: fill.fee });
}

/**
 * An alert's close of a signal: what is held goes at market (the signal is finished); a signal that
 * holds nothing yet (queued, or waiting for its enter orders) is cancelled.
 */
export function closeOnAlert(previous: SignalRun, ctx: MinuteContext): StepResult {
  if (isFinal(previous)) throw new CommandRefused(SIGNAL_MESSAGES.noOpenPosition);
  if (previous.position.active_p_coins.greaterThan(0)) return closeMarket(previous, ctx);
  const run = copy(previous);
  const events: RunEvent[] = [];
  endSignal(run, 'canceled', 'canceled_by_user', 'CANCELED_MANUAL', ctx, events);
  refreshFigures(run, ctx);
  return { run, events };
}
