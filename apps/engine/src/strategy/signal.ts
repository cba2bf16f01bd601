/**
 * The signal decision on a pair's candle stream. The settings are named, their arithmetic is not;
 * the readings chosen (d = +1 when the price direction is grow, −1 when fall; ATR of the signal's time
 * frame over atr_n_periods completed bars with its smoothing):
 *
 * - ATR threshold: atr_t_percent = 100 · ATR / close must be at least atr_threshold_percents.
 * - ATR-1: atr_minus_1 = 100 · ATR₋₁ / close, the ATR as it was one bar earlier; with the filter on it
 *   must lie in the filter's bounds. inc_vola = 100 · (ATR / ATR₋₁ − 1) is recorded.
 * - TR in ATR: tr_in_atr = the forming bar's true range so far / ATR; with a threshold it must reach it.
 * - Start point and ROC timer: the price `timer_minutes` ago is the move's origin; the start point is
 *   origin + d · start_point_coefficient · ATR, and the signal fires when the close has reached it
 *   (d · (close − start point) ≥ 0): the price moved that many ATRs in the direction within the timer.
 * - OPP indications: an opposite move blocks: on the OPP time frame, the newest completed bar moved
 *   against d by at least opp_sp ATRs (same N and smoothing) while that ATR is at least
 *   opp_atr_t_percent of the price.
 * - LE indications: the close must break the extreme of the last periods_amount completed bars of the LE
 *   time frame in the direction (above their highest high for grow, below their lowest low for fall).
 */
import type { Direction, Timeframe } from '@console/contracts';
import type { AtrSmoothing } from './indicators';
import { trueRange } from './indicators';
import type { PairMarket } from './market-view';
import type { StrategySettings } from './settings';

export interface SignalFigures {
  current_price: number;
  /** The signal time frame's ATR, in price. */
  atr: number;
  atr_t_percent: number;
  atr_minus_1: number | null;
  inc_vola: number | null;
  tr_in_atr: number;
  /** The price the move started from (the close timer_minutes ago). */
  roc_origin: number;
  start_point: number;
}

export type SignalMiss = 'warming_up' | 'atr_threshold' | 'atr_minus_1' | 'tr_in_atr' | 'no_move' | 'opposite_move' | 'no_breakout';

export type SignalVerdict = { fires: true; figures: SignalFigures } | { fires: false; miss: SignalMiss };

export const directionSign = (direction: Direction): 1 | -1 => (direction === 'long' ? 1 : -1);

/** Whether the newest completed bar of the time frame moved against `direction` by sp ATRs, with ATR ≥ atrPercent of the price. */
export function isOppositeMove(market: PairMarket, timeframe: Timeframe, direction: Direction, sp: number, atrPercent: number, n: number, algo: AtrSmoothing): boolean {
  const bars = market.timeframe(timeframe).completed();
  const atr = market.atr(timeframe, n, algo);
  const last = bars.at(-1);
  if (atr === null || !last || !market.last) return false;
  if ((100 * atr) / market.last.close < atrPercent) return false;
  return -directionSign(direction) * (last.close - last.open) >= sp * atr;
}

/** Whether the close breaks the extreme of the last `periods` completed bars in the direction. */
export function isBreakout(market: PairMarket, timeframe: Timeframe, direction: Direction, periods: number): boolean {
  const bars = market.timeframe(timeframe).completed();
  if (bars.length < periods || !market.last) return false;
  let extreme = direction === 'long' ? -Infinity : Infinity;
  for (let i = bars.length - periods; i < bars.length; i++) extreme = direction === 'long' ? Math.max(extreme, bars[i].high) : Math.min(extreme, bars[i].low);
  return direction === 'long' ? market.last.close > extreme : market.last.close < extreme;
}

/** Whether the profile's settings make a signal on the pair at its latest minute, with the figures it would carry. */
export function checkSignal(settings: StrategySettings, market: PairMarket): SignalVerdict {
  const s = settings.signal;
  const last = market.last;
  const atr = market.atr(s.timeframe, s.atr_n_periods, s.atr_smooth_algo);
  const origin = market.closeMinutesAgo(s.timer_minutes);
  if (!last || atr === null || !(atr > 0) || origin === null) return { fires: false, miss: 'warming_up' };
  const close = last.close;
  const atr_t_percent = (100 * atr) / close;
  if (atr_t_percent < s.atr_threshold_percents) return { fires: false, miss: 'atr_threshold' };

  const atrBefore = market.atr(s.timeframe, s.atr_n_periods, s.atr_smooth_algo, 1);
  const atr_minus_1 = atrBefore === null ? null : (100 * atrBefore) / close;
  const filter = s.atr_minus_1;
  if (filter && (atr_minus_1 === null || (filter.min !== null && atr_minus_1 < filter.min) || (filter.max !== null && atr_minus_1 > filter.max))) {
    return { fires: false, miss: 'atr_minus_1' };
  }

  const bars = market.timeframe(s.timeframe);
  const forming = bars.current();
  const previous = bars.completed().at(-1);
  const tr_in_atr = forming ? trueRange(forming.high, forming.low, previous ? previous.close : null) / atr : 0;
  if (s.tr_in_atr_threshold !== null && tr_in_atr < s.tr_in_atr_threshold) return { fires: false, miss: 'tr_in_atr' };

  const d = directionSign(settings.direction);
  const start_point = origin + d * s.start_point_coefficient * atr;
  if (d * (close - start_point) < 0) return { fires: false, miss: 'no_move' };

  for (const opp of settings.opp) {
    if (isOppositeMove(market, opp.timeframe, settings.direction, opp.opp_sp, opp.opp_atr_t_percent, s.atr_n_periods, s.atr_smooth_algo)) return { fires: false, miss: 'opposite_move' };
  }
  for (const le of settings.le) {
    if (!isBreakout(market, le.timeframe, settings.direction, le.periods_amount)) return { fires: false, miss: 'no_breakout' };
  }
  return {
    fires: true,
    figures: {
      current_price: close,
      atr,
      atr_t_percent,
      atr_minus_1,
      inc_vola: atrBefore ? 100 * (atr / atrBefore - 1) : null,
      tr_in_atr,
      roc_origin: origin,
      start_point,
    },
  };
}

/**
 * The figures a signal an alert asks for carries: the same readings at the latest minute, without the
 * market's conditions (the alert is the signal). It starts at the close, and its origin is the close too,
 * so there is no move to give back (no canceled_by_roc). Null while the pair's ATR is warming up.
 */
export function alertFigures(settings: StrategySettings, market: PairMarket): SignalFigures | null {
  const s = settings.signal;
  const last = market.last;
  const atr = market.atr(s.timeframe, s.atr_n_periods, s.atr_smooth_algo);
  if (!last || atr === null || !(atr > 0)) return null;
  const close = last.close;
  const atrBefore = market.atr(s.timeframe, s.atr_n_periods, s.atr_smooth_algo, 1);
  const bars = market.timeframe(s.timeframe);
  const forming = bars.current();
  const previous = bars.completed().at(-1);
  return {
    current_price: close,
    atr,
    atr_t_percent: (100 * atr) / close,
    atr_minus_1: atrBefore === null ? null : (100 * atrBefore) / close,
    inc_vola: atrBefore ? 100 * (atr / atrBefore - 1) : null,
    tr_in_atr: forming ? trueRange(forming.high, forming.low, previous ? previous.close : null) / atr : 0,
    roc_origin: close,
    start_point: close,
  };
}
