/**
 * A strategy profile's v1 settings document, read into typed settings for the engine. The document is
 * first checked whole by the contracts' validator (the same rules the API and the wizard apply), so a
 * document the console would refuse never runs.
 *
 * Readings the engine needs that the document leaves open:
 * - price_direction grow trades long, fall trades short (the console derives the profile's direction
 *   the same way).
 * - ATR-1 filter: off unless is_atr_minus_1; type gte / lte compare with its one value; both ranges on
 *   (enable_sec_atr or type rng, value 'a;b' or the second value apart) keep a ≤ ATR-1 ≤ b.
 * - Exit rules: by time when is_exit_rule_by_time or the both flag is on, likewise by distance; each
 *   takes its first exists_*_quantity rows (all rows when no quantity is set).
 * - Enter orders: the first orders_quantity rows.
 * - Monitoring and delisting: block_signals of each block (off when the block is absent).
 */
import {
  ATR_SMOOTH_ALGOS,
  PRICE_DIRECTIONS,
  SINGLE_CASE_TYPES,
  TIMEFRAMES,
  validateStrategySettings,
  type Direction,
  type SettingsDocument,
  type SettingsErrors,
  type Timeframe,
} from '@console/contracts';
import type { ExitDistanceStep, ExitTimeStep } from '../positions/exits';
import type { AtrSmoothing } from './indicators';

export interface AtrMinus1Filter {
  /** Lowest ATR-1 allowed (percent of price); null: no lower bound. */
  min: number | null;
  /** Highest ATR-1 allowed; null: no upper bound. */
  max: number | null;
}

export interface EnterOrderStep {
  atr_distance_coefficient: number;
  size_percent: number;
  timer_minutes: number;
}

export interface OppIndication {
  timeframe: Timeframe;
  opp_sp: number;
  opp_atr_t_percent: number;
}

export interface LeIndication {
  timeframe: Timeframe;
  periods_amount: number;
}

export interface SingleCases {
  sc_type: (typeof SINGLE_CASE_TYPES)[number];
  signals_quantity: number;
  /** Percent of the quota an SC-MM signal is sized at; null for SC-Skip. */
  mm_percent: number | null;
}

export interface StrategySettings {
  direction: Direction;
  signal: {
    timeframe: Timeframe;
    atr_n_periods: number;
    atr_smooth_algo: AtrSmoothing;
    atr_threshold_percents: number;
    price_direction: (typeof PRICE_DIRECTIONS)[number];
    start_point_coefficient: number;
    timer_minutes: number;
    signal_duration_minutes: number;
    revert_threshold: number | null;
    tr_in_atr_threshold: number | null;
    atr_minus_1: AtrMinus1Filter | null;
  };
  orders: {
    /** Short profiles: the enter prices are multiplied by it (null: 1). */
    future_price_coefficient: number | null;
    enter_orders: EnterOrderStep[];
    exit_by_time: ExitTimeStep[];
    exit_by_distance: ExitDistanceStep[];
    atr_timer: number;
    change_of_atr_percentage: number;
    exit_order_place_coefficient: number;
    size_timer_minutes: number;
    high_low_change_percentage: number;
    high_low_change_timer: number;
  };
  opp: OppIndication[];
  le: LeIndication[];
  deviation: { limit_funding_rate: number; limit_price_deviation: number };
  single_cases: SingleCases | null;
  block_signals_when_monitored: boolean;
  block_signals_when_delisting: boolean;
}

export class StrategySettingsError extends Error {
  constructor(readonly errors: SettingsErrors) {
    super(`the strategy settings are not valid: ${Object.entries(errors).map(([path, messages]) => `${path}: ${messages.join(' ')}`).join('; ')}`);
    this.name = 'StrategySettingsError';
  }
}

type Block = Record<string, unknown>;
const isBlock = (value: unknown): value is Block => typeof value === 'object' && value !== null && !Array.isArray(value);
const blockOf = (parent: Block, key: string): Block => {
  const value = parent[key];
  return isBlock(value) ? value : {};
};
const rowsOf = (parent: Block, key: string): Block[] => {
  const value = parent[key];
  return Array.isArray(value) ? value.filter(isBlock) : [];
};
const numberOr = <T>(block: Block, key: string, fallback: T): number | T => {
  const value = block[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
};
function numberOf(block: Block, key: string): number {
  const value = numberOr(block, key, null);
  if (value === null) throw new StrategySettingsError({ [key]: ['a number is needed'] });
  return value;
}
function oneOf<T extends string>(values: readonly T[], value: unknown, key: string): T {
  const found = values.find((v) => v === value);
  if (found === undefined) throw new StrategySettingsError({ [key]: [`one of ${values.join(', ')} is needed`] });
  return found;
}

function atrMinus1(s: Block): AtrMinus1Filter | null {
  if (s.is_atr_minus_1 !== true) return null;
  const first = s.atr_minus_1_value;
  const values = typeof first === 'string' ? first.split(';').map((part) => Number(part.trim())) : typeof first === 'number' ? [first] : [];
  if (s.enable_sec_atr === true || s.atr_minus_1_type === 'rng') {
    const second = values.length === 2 ? values[1] : numberOr(s, 'atr_minus_2_value', null);
    return { min: values[0] ?? null, max: second };
  }
  return s.atr_minus_1_type === 'lte' ? { min: null, max: values[0] ?? null } : { min: values[0] ?? null, max: null };
}

/** Typed settings from a stored v1 document; a document the validator refuses throws with its faults. */
export function readStrategySettings(doc: SettingsDocument): StrategySettings {
  const errors = validateStrategySettings(doc);
  if (Object.keys(errors).length) throw new StrategySettingsError(errors);
  const s = blockOf(doc, 'signal_settings');
  const o = blockOf(doc, 'order_management_settings');
  const price_direction = oneOf(PRICE_DIRECTIONS, s.price_direction, 'price_direction');
  const both = o.is_exit_rule_by_time_and_distance === true;
  const firstRows = (key: string, quantityKey: string) => {
    const rows = rowsOf(o, key);
    const quantity = numberOr(o, quantityKey, rows.length);
    return rows.slice(0, quantity);
  };
  const sc = blockOf(doc, 'single_cases_settings');
  const singleCasesOn = sc.is_enabled === true && price_direction === 'fall';
  return {
    direction: price_direction === 'grow' ? 'long' : 'short',
    signal: {
      timeframe: oneOf(TIMEFRAMES, s.timeframe, 'timeframe'),
      atr_n_periods: numberOf(s, 'atr_n_periods'),
      atr_smooth_algo: oneOf(ATR_SMOOTH_ALGOS, s.atr_smooth_algo, 'atr_smooth_algo'),
      atr_threshold_percents: numberOf(s, 'atr_threshold_percents'),
      price_direction,
      start_point_coefficient: numberOf(s, 'start_point_coefficient'),
      timer_minutes: numberOf(s, 'timer_minutes'),
      signal_duration_minutes: numberOf(s, 'signal_duration_minutes'),
      revert_threshold: numberOr(s, 'revert_threshold', null),
      tr_in_atr_threshold: numberOr(s, 'tr_in_atr_threshold', null),
      atr_minus_1: atrMinus1(s),
    },
    orders: {
      future_price_coefficient: price_direction === 'fall' ? numberOr(o, 'future_price_coefficient', null) : null,
      enter_orders: firstRows('enter_orders', 'orders_quantity').map((row) => ({
        atr_distance_coefficient: numberOf(row, 'atr_distance_coefficient'),
        size_percent: numberOf(row, 'size_percent'),
        timer_minutes: numberOf(row, 'timer_minutes'),
      })),
      exit_by_time:
        both || o.is_exit_rule_by_time === true
          ? firstRows('exit_timer_coeff_settings', 'exists_time_quantity').map((row) => ({
              change_exit_timer_minutes: numberOf(row, 'change_exit_timer_minutes'),
              change_exit_coefficient_by_time: numberOf(row, 'change_exit_coefficient_by_time'),
            }))
          : [],
      exit_by_distance:
        both || o.is_exit_rule_by_distance === true
          ? firstRows('exit_d_threshold_settings', 'exists_distance_quantity').map((row) => ({
              change_exit_d_threshold_by_distance: numberOf(row, 'change_exit_d_threshold_by_distance'),
              change_exit_coefficient_by_distance: numberOf(row, 'change_exit_coefficient_by_distance'),
            }))
          : [],
      atr_timer: numberOf(o, 'atr_timer'),
      change_of_atr_percentage: numberOf(o, 'change_of_atr_percentage'),
      exit_order_place_coefficient: numberOf(o, 'exit_order_place_coefficient'),
      size_timer_minutes: numberOf(o, 'size_timer_minutes'),
      high_low_change_percentage: numberOf(o, 'high_low_change_percentage'),
      high_low_change_timer: numberOf(o, 'high_low_change_timer'),
    },
    opp: rowsOf(doc, 'indications_settings')
      .map((row) => blockOf(row, 'opp_settings'))
      .filter((opp) => opp.is_enabled === true)
      .map((opp) => ({ timeframe: oneOf(TIMEFRAMES, opp.timeframe, 'opp timeframe'), opp_sp: numberOf(opp, 'opp_sp'), opp_atr_t_percent: numberOf(opp, 'opp_atr_t_percent') })),
    le: rowsOf(doc, 'indications_settings')
      .map((row) => blockOf(row, 'le_settings'))
      .filter((le) => le.is_enabled === true)
      .map((le) => ({ timeframe: oneOf(TIMEFRAMES, le.timeframe, 'le timeframe'), periods_amount: numberOf(le, 'periods_amount') })),
    deviation: {
      limit_funding_rate: numberOf(blockOf(doc, 'deviation_settings'), 'limit_funding_rate'),
      limit_price_deviation: numberOf(blockOf(doc, 'deviation_settings'), 'limit_price_deviation'),
    },
    single_cases: singleCasesOn
      ? {
          sc_type: oneOf(SINGLE_CASE_TYPES, sc.sc_type, 'sc_type'),
          signals_quantity: numberOf(sc, 'signals_quantity'),
          mm_percent: sc.sc_type === 'sc_mm_decrease' ? numberOf(sc, 'mm_percent') : null,
        }
      : null,
    block_signals_when_monitored: blockOf(doc, 'monitoring_tag_settings').block_signals === true,
    block_signals_when_delisting: blockOf(doc, 'delisting_settings').block_signals === true,
  };
}

/** Every time frame the settings read bars of. */
export function timeframesOf(settings: StrategySettings): Timeframe[] {
  return [...new Set([settings.signal.timeframe, ...settings.opp.map((o) => o.timeframe), ...settings.le.map((l) => l.timeframe)])];
}
