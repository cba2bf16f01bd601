/**
 * An open signal another writer made (the data generator, test fixtures, an earlier engine, a team's own
 * engine before a switch), taken over as a run the engine steps by its own rules from then on. What the
 * rows hold is taken as it is; what only a run holds is rebuilt as far as the rows and the profile's
 * settings tell it:
 * - Orders keep their rows, keyed by their place in id order. An enter order's timer is its rung's on
 *   the profile's ladder (the k-th enter order, the k-th rung); an order FILLED counts as filled whole.
 * - What entered and what went out again are the orders' fills. Where the position holds other than
 *   those fills say (a writer that keeps its positions apart from its orders), the position wins:
 *   entered = held + out, at the average entry price.
 * - The position is its row (an open signal's position is open); without a row it is made from the
 *   fills. The average entry price is the row's, else its size / coins, else the fills' average.
 * - The ladder is the enter orders; a queued signal without any gets the profile's ladder at the
 *   market's ATR now. The planned coins are the ladder's, else the signal's size_coins (nothing entered
 *   yet) or what entered / execution; never less than what entered (an over-plan position is whole).
 * - The exit's ATR is the one the position's k_exit was priced with ((k_exit − avg) / k_exit_coeff),
 *   else the market's now; like every run's, it is checked again after atr_timer minutes.
 * - The origin of the signal's move is not stored: the start point stands for it, so the revert rule
 *   (canceled_by_roc) never ends an adopted signal.
 * - best_limit on: the exit chases the best price, as after close_best_limit. A close_limit's held
 *   price is not stored: the exit follows the profile's rules.
 */
import { dec, maxDec, quantityDown, sum, toScale, ZERO, type Dec } from '../money';
import { sideSign } from '../positions/position';
import type { MinuteContext, RunPosition, SignalRun } from '../strategy/lifecycle';
import { isOpenOrder, planLadder, type LadderStep, type OrderRow } from '../strategy/orders';
import type { ForeignPositionRow, ForeignRun, ForeignSignalRow } from './sql/adoption';

const decOrNull = (value: string | null | undefined): Dec | null => (value === null || value === undefined ? null : dec(value));

interface Tally {
  coins: Dec;
  value: Dec;
}

/** The run of an open signal another writer made, at the minute `ctx` describes. */
export function adoptRun(rows: ForeignRun, ctx: MinuteContext): SignalRun {
  const s = rows.signal;
  const p = rows.position;
  const orders = adoptOrders(rows, ctx);
  const exited = tally(orders, 'exit');
  const filledEnter = tally(orders, 'enter');
  const held = p ? dec(p.active_p_coins) : maxDec(filledEnter.coins.minus(exited.coins), ZERO);
  const avg = averageEntry(p, filledEnter, s) ?? (held.greaterThan(0) ? dec(ctx.candle.close) : null);
  const entered = filledEnter.coins.minus(exited.coins).equals(held) ? filledEnter : { coins: held.plus(exited.coins), value: avg ? held.plus(exited.coins).times(avg) : ZERO };
  const position = adoptPosition(p, s, orders, { held, avg, entered, exited }, ctx);

  const onLadder = orders.filter((o) => o.order_type === 'enter' && (o.time_in_force === 'GTC' || o.time_in_force === 'GTX'));
  const start_point = decOrNull(s.start_point) ?? onLadder[0]?.price ?? avg ?? dec(ctx.candle.close);
  const { settings } = ctx;
  const atrNow = ctx.market.atr(settings.signal.timeframe, settings.signal.atr_n_periods, settings.signal.atr_smooth_algo);
  const ladder: LadderStep[] = onLadder.length
    ? onLadder.map((o) => ({ direction: o.direction, price: o.price, quantity: o.quantity, timer_minutes: o.timer_minutes ?? 0 }))
    : s.status === 'in_queue' && atrNow !== null && atrNow > 0
      ? planLadder(settings, { start_point, atr: atrNow, size_currency: dec(s.size_currency), tickDecimals: ctx.tickDecimals })
      : [];
  const ladderCoins = sum(ladder.map((step) => step.quantity));
  const execution = dec(s.execution);
  const plannedByRows = ladderCoins.greaterThan(0)
    ? ladderCoins
    : entered.coins.isZero()
      ? dec(s.size_coins)
      : execution.greaterThan(0)
        ? quantityDown(entered.coins.times(100).div(execution))
        : entered.coins;
  // More entered than the plan (a writer that filled past its ladder): the plan is what entered, so the
  // execution is whole, not past 100 %.
  const planned_coins = maxDec(plannedByRows, entered.coins);

  const pricedAtr =
    position.k_exit && avg && position.k_exit_coeff !== null && position.k_exit_coeff > 0 ? position.k_exit.minus(avg).abs().div(position.k_exit_coeff).toNumber() : null;
  const openExit = orders.find((o) => o.order_type === 'exit' && isOpenOrder(o));
  return {
    signal: {
      direction: s.direction,
      timeframe: s.timeframe,
      status: s.status,
      state: s.state,
      execution,
      size_currency: dec(s.size_currency),
      size_coins: dec(s.size_coins),
      start_point,
      avg_e_price: decOrNull(s.avg_e_price),
      exit_place: decOrNull(s.exit_place),
      current_price: decOrNull(s.current_price),
      pnl_in_usd: decOrNull(s.pnl_in_usd),
      pnl_in_percent: decOrNull(s.pnl_in_percent),
      tr_in_atr: decOrNull(s.tr_in_atr),
      inc_vola: decOrNull(s.inc_vola),
      atr_minus_1: decOrNull(s.atr_minus_1),
      atr_t_percent: decOrNull(s.atr_t_percent),
      created_at: s.created_at.getTime(),
      minute_activated_at: s.minute_activated_at?.getTime() ?? null,
      finished_at: null,
    },
    orders,
    position,
    ladder,
    planned_coins,
    roc_origin: start_point.toNumber(),
    exit: { atr: pricedAtr ?? atrNow ?? 0, atr_checked_at: ctx.now, placed_at: openExit?.created_at ?? null, hold: position.best_limit ? { kind: 'best_limit' } : null },
    entered,
    exited,
    beyond_since: null,
    next_key: orders.length + 1,
  };
}

function adoptOrders(rows: ForeignRun, ctx: MinuteContext): OrderRow[] {
  const rungs = ctx.settings.orders.enter_orders;
  let rung = 0;
  return rows.orders.map((o, i) => {
    const quantity = dec(o.quantity);
    const onLadder = o.order_type === 'enter' && (o.time_in_force === 'GTC' || o.time_in_force === 'GTX');
    return {
      key: i + 1,
      order_type: o.order_type,
      direction: o.direction,
      position_direction: o.position_direction,
      price: dec(o.price),
      quantity,
      filled_quantity: o.status === 'FILLED' ? quantity : dec(o.filled_quantity),
      state: o.state,
      status: o.status,
      exchange_status: o.exchange_status,
      time_in_force: o.time_in_force,
      created_at: o.created_at.getTime(),
      updated_at: o.updated_at.getTime(),
      timer_minutes: onLadder ? (rungs[rung++]?.timer_minutes ?? null) : null,
    };
  });
}

function tally(orders: readonly OrderRow[], kind: OrderRow['order_type']): Tally {
  let coins = ZERO;
  let value = ZERO;
  for (const o of orders) {
    if (o.order_type !== kind || o.filled_quantity.isZero()) continue;
    coins = coins.plus(o.filled_quantity);
    value = value.plus(o.filled_quantity.times(o.price));
  }
  return { coins, value };
}

function averageEntry(p: ForeignPositionRow | null, entered: Tally, s: ForeignSignalRow): Dec | null {
  if (p?.avg_e_price) return dec(p.avg_e_price);
  if (p && dec(p.active_p_coins).greaterThan(0) && dec(p.active_p_size_usd).greaterThan(0)) return toScale(dec(p.active_p_size_usd).div(p.active_p_coins), 'price');
  if (entered.coins.greaterThan(0)) return toScale(entered.value.div(entered.coins), 'price');
  return decOrNull(s.avg_e_price);
}

function adoptPosition(
  p: ForeignPositionRow | null,
  s: ForeignSignalRow,
  orders: readonly OrderRow[],
  book: { held: Dec; avg: Dec | null; entered: Tally; exited: Tally },
  ctx: MinuteContext,
): RunPosition {
  const side = p?.side ?? s.direction;
  const { held, avg } = book;
  const filled = orders.filter((o) => o.filled_quantity.greaterThan(0));
  const firstFill = filled.length ? Math.min(...filled.map((o) => o.updated_at)) : null;
  const realisedByFills = avg ? toScale(book.exited.value.minus(book.exited.coins.times(avg)).times(sideSign(side)), 'money') : ZERO;
  const current = p?.current_price ?? s.current_price;
  return {
    side,
    // An open signal's position is open, whatever the row said: its signal is not over.
    state: 'open',
    active_p_coins: held,
    active_p_size_usd: p ? dec(p.active_p_size_usd) : avg ? toScale(held.times(avg), 'money') : ZERO,
    avg_e_price: avg,
    r_pnl: p ? dec(p.r_pnl) : realisedByFills,
    u_pnl: p ? dec(p.u_pnl) : ZERO,
    current_price: decOrNull(current),
    mark_price: decOrNull(p?.mark_price ?? current),
    created_at: p ? p.created_at.getTime() : held.greaterThan(0) || book.entered.coins.greaterThan(0) ? (firstFill ?? ctx.now) : null,
    closed_at: null,
    k_exit: decOrNull(p?.k_exit),
    k_exit_coeff: p?.k_exit_coeff ? Number(p.k_exit_coeff) : null,
    reduce_p: p ? dec(p.reduce_p) : ZERO,
    k_e_recovery: p?.k_e_recovery ?? false,
    skip_check_by_timer: p?.skip_check_by_timer ?? false,
    skip_check_by_distance: p?.skip_check_by_distance ?? false,
    best_limit: p?.best_limit ?? false,
  };
}
