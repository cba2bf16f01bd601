import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../market/candle';
import { checkSignal } from './signal';
import { ACTION, candle, flatMarket, minute, settings, T0 } from './testing/fixtures';

describe('signal decision', () => {
  // Six flat hours: ATR(5) = 2 on 1h bars; the origin 60 minutes back is 100, so the start point of a
  // long is 100 + 0.8 · 2 = 101.6.
  it('fires when the close reaches the start point within the ROC timer, with its figures', () => {
    const s = settings();
    const market = flatMarket();
    minute(market, candle(ACTION, 100, 101.7, 100, 101.6), s);
    const verdict = checkSignal(s, market);
    expect(verdict.fires).toBe(true);
    if (!verdict.fires) return;
    expect(verdict.figures).toMatchObject({ current_price: 101.6, atr: 2, roc_origin: 100, inc_vola: 0 });
    expect(verdict.figures.start_point).toBeCloseTo(101.6, 12);
    // 100 · 2 / 101.6; the forming bar's range 101.7 − 100 over ATR 2.
    expect(verdict.figures.atr_t_percent).toBeCloseTo(1.968503937007874, 12);
    expect(verdict.figures.atr_minus_1).toBeCloseTo(1.968503937007874, 12);
    expect(verdict.figures.tr_in_atr).toBeCloseTo(0.85, 12);
  });

  it('misses for each rule that does not hold', () => {
    const at = (close: number, patch: Parameters<typeof settings>[0] = {}) => {
      const s = settings(patch);
      const market = flatMarket();
      minute(market, candle(ACTION, 100, Math.max(101.7, close), 100, close), s);
      const verdict = checkSignal(s, market);
      return verdict.fires ? 'fires' : verdict.miss;
    };
    expect(at(101.5)).toBe('no_move');
    expect(at(101.6, { signal: { atr_threshold_percents: 2 } })).toBe('atr_threshold');
    expect(at(101.6, { signal: { is_atr_minus_1: true, atr_minus_1_type: 'gte', atr_minus_1_value: 2 } })).toBe('atr_minus_1');
    expect(at(101.6, { signal: { is_atr_minus_1: true, atr_minus_1_type: 'lte', atr_minus_1_value: 1.9 } })).toBe('atr_minus_1');
    expect(at(101.6, { signal: { is_atr_minus_1: true, atr_minus_1_type: 'rng', atr_minus_1_value: '1.5;2.5', enable_sec_atr: true } })).toBe('fires');
    expect(at(101.6, { signal: { tr_in_atr_threshold: 1 } })).toBe('tr_in_atr');
    expect(at(102, { signal: { tr_in_atr_threshold: 1 } })).toBe('fires');
  });

  it('waits for enough bars before any decision', () => {
    const s = settings();
    const market = flatMarket(3);
    minute(market, candle(T0 + 180 * MINUTE_MS, 100, 105, 100, 105), s);
    expect(checkSignal(s, market)).toEqual({ fires: false, miss: 'warming_up' });
  });

  it('fires a short when the price falls to its start point', () => {
    const s = settings({ signal: { price_direction: 'fall' }, orders: { future_price_coefficient: 1 } });
    const market = flatMarket();
    minute(market, candle(ACTION, 100, 100, 98.3, 98.4), s);
    const verdict = checkSignal(s, market);
    expect(verdict.fires && verdict.figures.start_point).toBeCloseTo(98.4, 12);
  });

  it('is blocked by an opposite move on the OPP time frame', () => {
    const opp = { indications_settings: [{ opp_settings: { is_enabled: true, timeframe: '1h', opp_sp: 1, opp_atr_t_percent: 1 }, le_settings: { is_enabled: false } }] };
    const run = (withOpp: boolean) => {
      const s = settings(withOpp ? { rest: opp } : {});
      const market = flatMarket(5);
      for (let m = 300; m < 359; m++) market.feed(candle(T0 + m * MINUTE_MS, 100, 101, 99, 100));
      // The sixth hour ends falling: its bar is 100 → 97.5 (true range 4), so ATR(5) = (2 + 2 + 2 + 2 + 4) / 5 = 2.4.
      market.feed(candle(T0 + 359 * MINUTE_MS, 100, 101, 97, 97.5));
      // Start point 100 + 0.8 · 2.4 = 101.92.
      minute(market, candle(ACTION, 97.5, 102, 97.5, 102), s);
      const verdict = checkSignal(s, market);
      return verdict.fires ? 'fires' : verdict.miss;
    };
    expect(run(false)).toBe('fires');
    // The last 1h bar fell 2.5 ≥ 1 · ATR 2.4, against a long.
    expect(run(true)).toBe('opposite_move');
  });

  it('needs a breakout of the LE time frame’s recent extreme', () => {
    const le = (start: number) => ({ signal: { start_point_coefficient: start }, rest: { indications_settings: [{ opp_settings: { is_enabled: false }, le_settings: { is_enabled: true, timeframe: '4h', periods_amount: 1 } }] } });
    const run = (close: number, start: number) => {
      const s = settings(le(start));
      const market = flatMarket(6, ['1h', '4h']);
      minute(market, candle(ACTION, 100, close, 100, close), s);
      const verdict = checkSignal(s, market);
      return verdict.fires ? 'fires' : verdict.miss;
    };
    // The completed 4h bar's high is 101.
    expect(run(101.6, 0.8)).toBe('fires');
    expect(run(100.9, 0.4)).toBe('no_breakout');
  });
});
