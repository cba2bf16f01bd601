/**
 * The market figures the account metrics and the risk triggers need besides the runs: each traded pair's
 * minute closes for historical VaR, the open exposures that VaR revalues, and the share of a group's
 * pairs in an opposite move (opposite_dir's measure).
 */
import type { Direction, Timeframe } from '@console/contracts';
import { MINUTE_MS } from '../market/candle';
import type { MarketData } from '../market/port';
import { DEFAULT_VAR_SETTINGS, historicalVar, type Exposure, type VarSettings } from '../metrics/var';
import { dec, ZERO, type Dec } from '../money';
import { sideSign } from '../positions/position';
import type { SignalRun } from '../strategy/lifecycle';
import type { PairMarket } from '../strategy/market-view';
import type { AtrSmoothing } from '../strategy/indicators';
import { isOpenOrder } from '../strategy/orders';
import { isOppositeMove } from '../strategy/signal';

/**
 * The newest `lookbackMinutes + 1` minute closes of each ticker asked for, from the market data port:
 * read whole the first time (and after a gap, or a minute the source has no candle for), then one
 * minute at a time. The same minute always gives the same window, so a resumed engine computes the VaR an uninterrupted one did.
 */
export class CloseHistory {
  private readonly series = new Map<string, { last: number; closes: number[] }>();

  constructor(
    private readonly market: Pick<MarketData, 'candle' | 'range'>,
    private readonly lookbackMinutes = DEFAULT_VAR_SETTINGS.lookbackMinutes,
  ) {}

  /** Closes from `minute − lookback` to `minute`, oldest first. */
  closes(ticker: string, minute: number): readonly number[] {
    const known = this.series.get(ticker);
    if (known?.last === minute) return known.closes;
    const next = known && known.last === minute - MINUTE_MS ? this.market.candle(ticker, minute) : null;
    if (known && next) {
      known.closes.push(next.close);
      if (known.closes.length > this.lookbackMinutes + 1) known.closes.shift();
      known.last = minute;
      return known.closes;
    }
    const block = this.market.range(ticker, minute - this.lookbackMinutes * MINUTE_MS, minute + MINUTE_MS);
    const entry = { last: minute, closes: Array.from(block.close.subarray(0, block.length)) };
    this.series.set(ticker, entry);
    return entry.closes;
  }

  /** Lets a ticker's closes go (its market changed): they are read whole from the new one next time. */
  forget(ticker: string): void {
    this.series.delete(ticker);
  }

  /** Closes of every ticker named, for `historicalVar`. */
  closesOf(tickers: Iterable<string>, minute: number): Map<string, readonly number[]> {
    return new Map([...new Set(tickers)].map((ticker) => [ticker, this.closes(ticker, minute)]));
  }
}

/** An open run with the ticker it trades. */
export interface OpenRun {
  ticker: string;
  run: SignalRun;
}

/**
 * USD exposures (+ long, − short): each position's coins at its mark price; `withOrders` adds the
 * unfilled part of each open enter order at its price, as if it had filled.
 */
export function exposuresOf(runs: readonly OpenRun[]): { positions: Exposure[]; withOrders: Exposure[] } {
  const positions: Exposure[] = [];
  const orders: Exposure[] = [];
  for (const { ticker, run } of runs) {
    const p = run.position;
    const sign = sideSign(p.side);
    const mark = p.mark_price ?? p.current_price;
    if (p.active_p_coins.greaterThan(0) && mark) positions.push({ ticker, notional: p.active_p_coins.times(mark).times(sign) });
    for (const o of run.orders) {
      if (o.order_type !== 'enter' || !isOpenOrder(o)) continue;
      const unfilled = o.quantity.minus(o.filled_quantity);
      if (unfilled.greaterThan(0)) orders.push({ ticker, notional: unfilled.times(o.price).times(sign) });
    }
  }
  return { positions, withOrders: [...positions, ...orders] };
}

/** The account's VaR, and the VaR with its open enter orders counted as filled. */
export function accountVar(runs: readonly OpenRun[], history: CloseHistory, minute: number, settings: VarSettings = DEFAULT_VAR_SETTINGS): { var: Dec; varWithOrders: Dec } {
  const { positions, withOrders } = exposuresOf(runs);
  if (!withOrders.length) return { var: ZERO, varWithOrders: ZERO };
  const closes = history.closesOf(withOrders.map((e) => e.ticker), minute);
  return { var: historicalVar(positions, closes, settings), varWithOrders: historicalVar(withOrders, closes, settings) };
}

/** One profile's pair as opposite_dir sees it: the pair's market, and the profile's time frame, ATR and direction. */
export interface OppositeUnit {
  profileId: number;
  market: PairMarket;
  timeframe: Timeframe;
  direction: Direction;
  n: number;
  algo: AtrSmoothing;
}

/**
 * Percent of the profiles' pairs (each profile's pair counted once) whose newest completed bar of the
 * profile's time frame moved against its direction by `sp` ATRs, the ATR at least `atrPercent` % of the
 * price; 0 when the profiles trade no pair.
 */
export function oppositeMovePercent(units: readonly OppositeUnit[], profileIds: readonly number[], sp: number, atrPercent: number): number {
  const group = units.filter((u) => profileIds.includes(u.profileId));
  if (!group.length) return 0;
  const moving = group.filter((u) => isOppositeMove(u.market, u.timeframe, u.direction, sp, atrPercent, u.n, u.algo)).length;
  return dec(moving).times(100).div(group.length).toNumber();
}
