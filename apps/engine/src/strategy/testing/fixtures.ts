/** Test fixtures for the strategy specs: a valid v1 settings document and a warmed-up flat market. */
import type { SettingsDocument, Timeframe } from '@console/contracts';
import { VenueExecution } from '../../execution/execution';
import { PaperVenue } from '../../execution/paper-venue';
import { MINUTE_MS, type Candle } from '../../market/candle';
import type { MinuteContext } from '../lifecycle';
import { PairMarket } from '../market-view';
import { readStrategySettings, type StrategySettings } from '../settings';

/** 2024-01-01T00:00Z: the first warm-up minute. */
export const T0 = Date.UTC(2024, 0, 1);
/** The first minute after six flat hours (bars 0–5). */
export const ACTION = T0 + 360 * MINUTE_MS;

type Block = Record<string, unknown>;

/** A complete long (grow) document on 1h bars, N = 5, SMA; blocks may be patched key by key. */
export function settingsDoc(patch: { signal?: Block; orders?: Block; rest?: Block } = {}): SettingsDocument {
  return {
    signal_settings: {
      timeframe: '1h',
      atr_n_periods: 5,
      atr_smooth_algo: 'sma',
      atr_threshold_percents: 1.5,
      price_direction: 'grow',
      start_point_coefficient: 0.8,
      timer_minutes: 60,
      signal_duration_minutes: 1440,
      is_atr_minus_1: false,
      revert_threshold: 50,
      ...patch.signal,
    },
    order_management_settings: {
      orders_quantity: 2,
      enter_orders: [
        { atr_distance_coefficient: 0, size_percent: 50, timer_minutes: 30 },
        { atr_distance_coefficient: 0.5, size_percent: 50, timer_minutes: 60 },
      ],
      is_exit_rule_by_time: true,
      is_exit_rule_by_distance: false,
      is_exit_rule_by_time_and_distance: false,
      atr_timer: 15,
      change_of_atr_percentage: 10,
      exit_order_place_coefficient: 0.6,
      size_timer_minutes: 30,
      high_low_change_percentage: 5,
      high_low_change_timer: 30,
      exists_time_quantity: 1,
      exit_timer_coeff_settings: [{ change_exit_timer_minutes: 120, change_exit_coefficient_by_time: 0.5 }],
      ...patch.orders,
    },
    deviation_settings: { limit_funding_rate: 0.5, limit_price_deviation: 0.5 },
    single_cases_settings: { is_enabled: false },
    monitoring_tag_settings: { block_signals: false },
    delisting_settings: { block_signals: true },
    ...patch.rest,
  };
}

export function settings(patch: Parameters<typeof settingsDoc>[0] = {}): StrategySettings {
  return readStrategySettings(settingsDoc(patch));
}

export function candle(at: number, open: number, high: number, low: number, close: number, volume = 1000): Candle {
  return { at, open, high, low, close, volume };
}

/** Six hours of minutes at 100 with a 99–101 range: every 1h bar has a true range of 2, so ATR = 2. */
export function flatMarket(hours = 6, timeframes: Timeframe[] = ['1h']): PairMarket {
  const market = new PairMarket('TESTUSDT', { minutesKept: 240, timeframes, barsKept: 50 });
  for (let m = 0; m < hours * 60; m++) market.feed(candle(T0 + m * MINUTE_MS, 100, 101, 99, 100));
  return market;
}

/** The context of the minute of `c`, after feeding it to the market. */
export function minute(market: PairMarket, c: Candle, strategy: StrategySettings): MinuteContext {
  market.feed(c);
  return { now: c.at + MINUTE_MS, candle: c, market, settings: strategy, execution: new VenueExecution(new PaperVenue(), { candle: c, tickDecimals: 2 }), tickDecimals: 2, shownFigures: true };
}
