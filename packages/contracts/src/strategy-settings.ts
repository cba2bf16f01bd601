/**
 * The strategy settings document, version v1 (its blocks and validation rules), and its
 * one validator: the API refuses a document it rejects, and the wizard shows the same messages under the
 * same fields. Quoted texts are the spec's; where the spec only says a field is required, the message
 * follows its '… can’t be blank' / '… is required' wording.
 */
import { TIMEFRAMES } from './trading';

export const STRATEGY_SETTINGS_MESSAGES = {
  timeframeBlank: 'Working time frame can’t be blank',
  priceDirectionBlank: 'Price direction can’t be blank',
  startCoefficientBlank: 'Start coefficient can’t be blank',
  rocTimerBlank: 'ROC timer can’t be blank',
  atrThresholdBlank: 'ATR threshold can’t be blank',
  smoothingBlank: 'Smoothing algorithm can’t be blank',
  durationBlank: 'Signal max duration can’t be blank',
  nPeriods: 'The value can be only in interval of 5 - 50',
  revertRange: 'Valid value from 0 to 100',
  atrFlagBlank: 'ATR-1 can’t be blank',
  atrTypeBlank: 'ATR type can’t be blank',
  atrValueBlank: 'ATR value can’t be blank',
  atr1Less: (n: number) => `ATR-1 should be less then ${n}`,
  atr2Greater: (n: number) => `ATR-1(2) should be greater then ${n}`,
  atLeast1: 'Value must be at least 1',
  atMost100: 'Value must be at most 100',
  pickScType: 'Please pick SC-Skip or SC-MM',
  fieldRequired: 'Field is required',
  deviationMin: 'Must be greater than or equal to 0.1',
  oppTfBlank: 'OPP-TF can’t be blank',
  oppSp: 'OPP-SP must be 1-10',
  oppAtr: (min: number, max: number) => `OPP-ATR must be ${min}-${max}`,
  leTfBlank: 'LE-TF can’t be blank',
  lePeriods: 'LE-Periods must be a whole number from 1 to 1000',
  atrTimer: 'ATR timer is required',
  changeOfAtr: 'Change of ATR is required',
  ordersQuantity: 'Quantity of orders is required',
  distance: 'Distance is required',
  size: 'Size is required',
  rocTimer: 'ROC timer is required',
  timer: 'Timer is required',
  coefficient: 'Coefficient is required',
  threshold: 'Threshold is required',
  exitQuantity: 'Exit quantity is required',
  exitPlace: 'Valid value from 0 to 1',
  sizeTimer: 'Size timer is required',
  highLowChange: 'High/low change is required',
  highLowTimer: 'High/low change timer is required',
  futurePrice: 'Future price is required',
  numberExpected: 'Please enter a valid number',
  listExpected: 'This field must be a list.',
  // our own: a key the v1 schema does not have, or a block where one value belongs
  unknownKey: 'This field is not part of the strategy settings.',
  valueExpected: 'This field must be a single value.',
} as const;

const M = STRATEGY_SETTINGS_MESSAGES;

export const ATR_SMOOTH_ALGOS = ['ema', 'rma', 'sma'] as const;
export const PRICE_DIRECTIONS = ['grow', 'fall'] as const;
export const ATR_TYPES = ['gte', 'lte', 'rng'] as const;
export const SINGLE_CASE_TYPES = ['sc_skip', 'sc_mm_decrease'] as const;
export const DEVIATION_DEFAULT = 0.5;
export const DEVIATION_MIN = 0.1;

/** OPP-ATR's allowed range by the OPP time frame. */
export const OPP_ATR_RANGES: Record<(typeof TIMEFRAMES)[number], readonly [number, number]> = {
  '1h': [1, 10],
  '4h': [1, 15],
  '1d': [2, 25],
  '1w': [3, 50],
  '1M': [4, 70],
};

/** The `settings` object of a strategy profile: its blocks by name. */
export type SettingsDocument = Record<string, unknown>;

/** Field path (`signal_settings.atr_n_periods`, `order_management_settings.enter_orders.0.size_percent`) → its messages. */
export type SettingsErrors = Record<string, string[]>;

/**
 * What the wizard submits, made regular: numeric strings become numbers, empty values ('' , null,
 * undefined) are dropped, at any depth; lists keep their positions.
 */
export function normalizeSettings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeSettings);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === '' || v === null || v === undefined) continue;
      out[key] = normalizeSettings(v);
    }
    return out;
  }
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  return value;
}

type Block = Record<string, unknown>;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const present = (v: unknown) => v !== undefined;
const blockOf = (doc: SettingsDocument, key: string): Block => (doc[key] && typeof doc[key] === 'object' && !Array.isArray(doc[key]) ? (doc[key] as Block) : {});

/** Collects messages by path; each path keeps its first message of a kind. */
class Errors {
  readonly all: SettingsErrors = {};
  add(path: string, message: string): void {
    const messages = (this.all[path] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  /** Required; a number when present. */
  number(block: Block, base: string, key: string, blank: string, { required = true } = {}): number | undefined {
    const v = block[key];
    if (!present(v)) {
      if (required) this.add(`${base}.${key}`, blank);
      return undefined;
    }
    if (!isNumber(v)) {
      this.add(`${base}.${key}`, M.numberExpected);
      return undefined;
    }
    return v;
  }
  oneOf(block: Block, base: string, key: string, values: readonly string[], blank: string): void {
    if (!values.includes(block[key] as string)) this.add(`${base}.${key}`, blank);
  }
  range(path: string, v: number | undefined, min: number, max: number, message: string, { whole = false } = {}): void {
    if (v !== undefined && (v < min || v > max || (whole && !Number.isInteger(v)))) this.add(path, message);
  }
}

/** Both ATR values of a range ('a;b'), or one value. */
function atrValues(value: unknown): number[] | null {
  if (isNumber(value)) return [value];
  if (typeof value !== 'string') return null;
  const parts = value.split(';').map((p) => Number(p.trim()));
  return parts.length === 2 && parts.every(Number.isFinite) ? parts : null;
}

function signalSettings(doc: SettingsDocument, e: Errors): void {
  const base = 'signal_settings';
  const s = blockOf(doc, base);
  e.oneOf(s, base, 'timeframe', TIMEFRAMES, M.timeframeBlank);
  e.oneOf(s, base, 'price_direction', PRICE_DIRECTIONS, M.priceDirectionBlank);
  e.oneOf(s, base, 'atr_smooth_algo', ATR_SMOOTH_ALGOS, M.smoothingBlank);
  e.number(s, base, 'start_point_coefficient', M.startCoefficientBlank);
  e.number(s, base, 'timer_minutes', M.rocTimerBlank);
  e.number(s, base, 'atr_threshold_percents', M.atrThresholdBlank);
  e.number(s, base, 'signal_duration_minutes', M.durationBlank);
  e.range(`${base}.atr_n_periods`, e.number(s, base, 'atr_n_periods', M.nPeriods), 5, 50, M.nPeriods, { whole: true });
  e.range(`${base}.revert_threshold`, e.number(s, base, 'revert_threshold', M.revertRange, { required: false }), 0, 100, M.revertRange);
  e.number(s, base, 'tr_in_atr_threshold', M.numberExpected, { required: false });

  if (typeof s.is_atr_minus_1 !== 'boolean') return e.add(`${base}.is_atr_minus_1`, M.atrFlagBlank);
  if (!s.is_atr_minus_1) return;
  e.oneOf(s, base, 'atr_minus_1_type', ATR_TYPES, M.atrTypeBlank);
  const first = atrValues(s.atr_minus_1_value);
  if (!first) return e.add(`${base}.atr_minus_1_value`, M.atrValueBlank);
  // Both ranges on: the wizard sends type rng and 'a;b'; a must stay below b.
  if (s.enable_sec_atr === true || s.atr_minus_1_type === 'rng') {
    const [a, b] = first.length === 2 ? first : [first[0], atrValues(s.atr_minus_2_value)?.[0]];
    if (b === undefined) return e.add(`${base}.atr_minus_2_value`, M.atrValueBlank);
    if (a >= b) {
      e.add(`${base}.atr_minus_1_value`, M.atr1Less(b));
      e.add(`${base}.atr_minus_2_value`, M.atr2Greater(a));
    }
  }
}

function singleCases(doc: SettingsDocument, e: Errors): void {
  const base = 'single_cases_settings';
  const s = blockOf(doc, base);
  if (s.is_enabled !== true) return;
  if (!SINGLE_CASE_TYPES.includes(s.sc_type as (typeof SINGLE_CASE_TYPES)[number])) return e.add(`${base}.sc_type`, M.pickScType);
  const within1to100 = (key: string) => {
    const v = e.number(s, base, key, M.fieldRequired);
    if (v !== undefined && v < 1) e.add(`${base}.${key}`, M.atLeast1);
    if (v !== undefined && v > 100) e.add(`${base}.${key}`, M.atMost100);
  };
  within1to100('signals_quantity');
  if (s.sc_type === 'sc_mm_decrease') within1to100('mm_percent');
}

function deviation(doc: SettingsDocument, e: Errors): void {
  const base = 'deviation_settings';
  const s = blockOf(doc, base);
  for (const key of ['limit_funding_rate', 'limit_price_deviation']) {
    const v = e.number(s, base, key, M.fieldRequired);
    if (v !== undefined && v < DEVIATION_MIN) e.add(`${base}.${key}`, M.deviationMin);
  }
}

function indications(doc: SettingsDocument, e: Errors): void {
  const list = doc.indications_settings;
  if (list === undefined) return;
  if (!Array.isArray(list)) return e.add('indications_settings', M.listExpected);
  list.forEach((item, i) => {
    const entry = item && typeof item === 'object' ? (item as Block) : {};
    const opp = blockOf(entry, 'opp_settings');
    const oppBase = `indications_settings.${i}.opp_settings`;
    if (opp.is_enabled === true) {
      e.oneOf(opp, oppBase, 'timeframe', TIMEFRAMES, M.oppTfBlank);
      e.range(`${oppBase}.opp_sp`, e.number(opp, oppBase, 'opp_sp', M.oppSp), 1, 10, M.oppSp);
      const limits = OPP_ATR_RANGES[opp.timeframe as keyof typeof OPP_ATR_RANGES];
      const atr = e.number(opp, oppBase, 'opp_atr_t_percent', limits ? M.oppAtr(...limits) : M.fieldRequired);
      if (limits) e.range(`${oppBase}.opp_atr_t_percent`, atr, limits[0], limits[1], M.oppAtr(...limits));
    }
    const le = blockOf(entry, 'le_settings');
    const leBase = `indications_settings.${i}.le_settings`;
    if (le.is_enabled === true) {
      e.oneOf(le, leBase, 'timeframe', TIMEFRAMES, M.leTfBlank);
      e.range(`${leBase}.periods_amount`, e.number(le, leBase, 'periods_amount', M.lePeriods), 1, 1000, M.lePeriods, { whole: true });
    }
  });
}

/** Rows of a list field, each checked by `row`; the list itself must be a list when present. */
function rows(e: Errors, block: Block, base: string, key: string, row: (item: Block, path: string) => void): void {
  const list = block[key];
  if (list === undefined) return;
  if (!Array.isArray(list)) return e.add(`${base}.${key}`, M.listExpected);
  list.forEach((item, i) => row(item && typeof item === 'object' ? (item as Block) : {}, `${base}.${key}.${i}`));
}

function orderManagement(doc: SettingsDocument, e: Errors): void {
  const base = 'order_management_settings';
  const s = blockOf(doc, base);
  e.number(s, base, 'orders_quantity', M.ordersQuantity);
  rows(e, s, base, 'enter_orders', (order, path) => {
    e.number(order, path, 'atr_distance_coefficient', M.distance);
    e.number(order, path, 'size_percent', M.size);
    e.number(order, path, 'timer_minutes', M.rocTimer);
  });
  e.number(s, base, 'atr_timer', M.atrTimer);
  e.number(s, base, 'change_of_atr_percentage', M.changeOfAtr);
  e.range(`${base}.exit_order_place_coefficient`, e.number(s, base, 'exit_order_place_coefficient', M.exitPlace), 0, 1, M.exitPlace);
  e.number(s, base, 'size_timer_minutes', M.sizeTimer);
  e.number(s, base, 'high_low_change_percentage', M.highLowChange);
  e.number(s, base, 'high_low_change_timer', M.highLowTimer);
  // Exit rules: by time, by distance, or both; each chosen rule needs its rows and a quantity above 0.
  const both = s.is_exit_rule_by_time_and_distance === true;
  if (both || s.is_exit_rule_by_time === true) {
    const quantity = e.number(s, base, 'exists_time_quantity', M.exitQuantity);
    if (quantity === 0) e.add(`${base}.exists_time_quantity`, M.exitQuantity);
    rows(e, s, base, 'exit_timer_coeff_settings', (row, path) => {
      e.number(row, path, 'change_exit_timer_minutes', M.timer);
      e.number(row, path, 'change_exit_coefficient_by_time', M.coefficient);
    });
  }
  if (both || s.is_exit_rule_by_distance === true) {
    const quantity = e.number(s, base, 'exists_distance_quantity', M.exitQuantity);
    if (quantity === 0) e.add(`${base}.exists_distance_quantity`, M.exitQuantity);
    rows(e, s, base, 'exit_d_threshold_settings', (row, path) => {
      e.number(row, path, 'change_exit_d_threshold_by_distance', M.threshold);
      e.number(row, path, 'change_exit_coefficient_by_distance', M.coefficient);
    });
  }
  // The future price applies to short profiles only (price direction fall).
  if (blockOf(doc, 'signal_settings').price_direction === 'fall') e.number(s, base, 'future_price_coefficient', M.futurePrice);
}

const BLOCK_RULES: readonly [string, (doc: SettingsDocument, e: Errors) => void][] = [
  ['signal_settings', signalSettings],
  ['order_management_settings', orderManagement],
  ['indications_settings', indications],
  ['deviation_settings', deviation],
  ['single_cases_settings', singleCases],
];

/** A key's place in the document: a value (text, number, boolean), a block of keys, or a list of one kind of row. */
type Shape = 'value' | { readonly [key: string]: Shape } | readonly [Shape];

const ENTER_ORDER = { atr_distance_coefficient: 'value', size_percent: 'value', timer_minutes: 'value' } as const;
const EXIT_BY_TIME = { change_exit_timer_minutes: 'value', change_exit_coefficient_by_time: 'value' } as const;
const EXIT_BY_DISTANCE = { change_exit_d_threshold_by_distance: 'value', change_exit_coefficient_by_distance: 'value' } as const;
const BLOCK_SIGNALS = { block_signals: 'value' } as const;

/**
 * Every key a v1 document may hold, as the wizard writes it. Anything else is refused (400 under its
 * path), so templates copied from a document and the engine reading it meet only these keys.
 * `atr_minus_2_*` are kept: the second ATR range may arrive unfolded.
 */
export const STRATEGY_SETTINGS_SHAPE = {
  signal_settings: {
    timeframe: 'value', price_direction: 'value', atr_n_periods: 'value', atr_smooth_algo: 'value', atr_threshold_percents: 'value',
    start_point_coefficient: 'value', timer_minutes: 'value', signal_duration_minutes: 'value', revert_threshold: 'value',
    tr_in_atr_threshold: 'value', is_atr_minus_1: 'value', atr_minus_1_type: 'value', atr_minus_1_value: 'value', enable_sec_atr: 'value',
    atr_minus_2_type: 'value', atr_minus_2_value: 'value',
  },
  order_management_settings: {
    future_price_coefficient: 'value', orders_quantity: 'value', enter_orders: [ENTER_ORDER], is_exit_rule_by_time: 'value',
    is_exit_rule_by_distance: 'value', is_exit_rule_by_time_and_distance: 'value', atr_timer: 'value', change_of_atr_percentage: 'value',
    exit_order_place_coefficient: 'value', size_timer_minutes: 'value', high_low_change_percentage: 'value', high_low_change_timer: 'value',
    exists_time_quantity: 'value', exists_distance_quantity: 'value', exit_timer_coeff_settings: [EXIT_BY_TIME], exit_d_threshold_settings: [EXIT_BY_DISTANCE],
  },
  indications_settings: [
    {
      opp_settings: { is_enabled: 'value', timeframe: 'value', opp_sp: 'value', opp_atr_t_percent: 'value' },
      le_settings: { is_enabled: 'value', timeframe: 'value', periods_amount: 'value' },
    },
  ],
  deviation_settings: { limit_funding_rate: 'value', limit_price_deviation: 'value' },
  single_cases_settings: { is_enabled: 'value', sc_type: 'value', signals_quantity: 'value', mm_percent: 'value' },
  monitoring_tag_settings: BLOCK_SIGNALS,
  delisting_settings: BLOCK_SIGNALS,
} as const satisfies Record<string, Shape>;

/**
 * Where a document leaves its schema: each unknown key, and each value that holds a block or list where
 * a single value belongs, by path (`signal_settings.extra`). Wrong kinds elsewhere (a list where a block
 * belongs) are the validator's to report.
 */
export function settingsShapeErrors(doc: unknown): SettingsErrors {
  const errors: SettingsErrors = {};
  const walk = (value: unknown, shape: Shape, path: string): void => {
    if (shape === 'value') {
      if (value !== null && typeof value === 'object') errors[path] = [M.valueExpected];
      return;
    }
    if (Array.isArray(shape)) {
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, shape[0] as Shape, `${path}.${i}`));
      return;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (Object.hasOwn(shape, key)) walk(inner, (shape as Record<string, Shape>)[key], at);
      else errors[at] = [M.unknownKey];
    }
  };
  walk(doc, STRATEGY_SETTINGS_SHAPE, '');
  return errors;
}

/** The document with only what the schema knows (a stored template may predate the schema's checks). */
export function knownSettings(doc: unknown): SettingsDocument {
  const keep = (value: unknown, shape: Shape): unknown => {
    if (shape === 'value') return value !== null && typeof value === 'object' ? undefined : value;
    if (Array.isArray(shape)) return Array.isArray(value) ? value.map((item) => keep(item, shape[0] as Shape)) : undefined;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (!Object.hasOwn(shape, key)) continue;
      const kept = keep(inner, (shape as Record<string, Shape>)[key]);
      if (kept !== undefined) out[key] = kept;
    }
    return out;
  };
  return (keep(doc, STRATEGY_SETTINGS_SHAPE) ?? {}) as SettingsDocument;
}

/**
 * Every settings rule over a normalised v1 document; an empty answer means valid. A draft is
 * saved step by step, so with `partial` only the blocks it holds are checked; a finished profile's
 * document is checked whole. Single cases do not apply when the price grows (the wizard skips them).
 */
export function validateStrategySettings(doc: SettingsDocument, { partial = false } = {}): SettingsErrors {
  const e = new Errors();
  const grows = blockOf(doc, 'signal_settings').price_direction === 'grow';
  for (const [block, rules] of BLOCK_RULES) {
    if (partial && doc[block] === undefined) continue;
    if (block === 'single_cases_settings' && grows) continue;
    rules(doc, e);
  }
  return e.all;
}
