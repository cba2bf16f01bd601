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

/** A guard for one of a closed list of texts (a select's or a radio's value). */
const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    values.some((v) => v === value);

export const isTimeframe = isOneOf(TIMEFRAMES);
export const isSingleCaseType = isOneOf(SINGLE_CASE_TYPES);

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

/**
 * A settings document, or one of its blocks, as it arrives or is sent: an object whose keys and values
 * the validator has yet to check.
 */
export type UncheckedSettings = Record<string, unknown>;

/** An object that is not a list: a document or one of its blocks, unchecked. */
export function isSettingsObject(value: unknown): value is UncheckedSettings {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Field path (`signal_settings.atr_n_periods`, `order_management_settings.enter_orders.0.size_percent`) → its messages. */
export type SettingsErrors = Record<string, string[]>;

/**
 * What the wizard submits, made regular: numeric strings become numbers, empty values ('' , null,
 * undefined) are dropped, at any depth; lists keep their positions.
 */
export function normalizeSettings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeSettings);
  if (isSettingsObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (v === '' || v === null || v === undefined) continue;
      out[key] = normalizeSettings(v);
    }
    return out;
  }
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  return value;
}

type Block = UncheckedSettings;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const present = (v: unknown) => v !== undefined;
const blockOf = (doc: Block, key: string): Block => {
  const block = doc[key];
  return isSettingsObject(block) ? block : {};
};

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
    if (!isOneOf(values)(block[key])) this.add(`${base}.${key}`, blank);
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

function signalSettings(doc: Block, e: Errors): void {
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

function singleCases(doc: Block, e: Errors): void {
  const base = 'single_cases_settings';
  const s = blockOf(doc, base);
  if (s.is_enabled !== true) return;
  if (!isSingleCaseType(s.sc_type)) return e.add(`${base}.sc_type`, M.pickScType);
  const within1to100 = (key: string) => {
    const v = e.number(s, base, key, M.fieldRequired);
    if (v !== undefined && v < 1) e.add(`${base}.${key}`, M.atLeast1);
    if (v !== undefined && v > 100) e.add(`${base}.${key}`, M.atMost100);
  };
  within1to100('signals_quantity');
  if (s.sc_type === 'sc_mm_decrease') within1to100('mm_percent');
}

function deviation(doc: Block, e: Errors): void {
  const base = 'deviation_settings';
  const s = blockOf(doc, base);
  for (const key of ['limit_funding_rate', 'limit_price_deviation']) {
    const v = e.number(s, base, key, M.fieldRequired);
    if (v !== undefined && v < DEVIATION_MIN) e.add(`${base}.${key}`, M.deviationMin);
  }
}

function indications(doc: Block, e: Errors): void {
  const list = doc.indications_settings;
  if (list === undefined) return;
  if (!Array.isArray(list)) return e.add('indications_settings', M.listExpected);
  list.forEach((item, i) => {
    const entry = isSettingsObject(item) ? item : {};
    const opp = blockOf(entry, 'opp_settings');
    const oppBase = `indications_settings.${i}.opp_settings`;
    if (opp.is_enabled === true) {
      e.oneOf(opp, oppBase, 'timeframe', TIMEFRAMES, M.oppTfBlank);
      e.range(`${oppBase}.opp_sp`, e.number(opp, oppBase, 'opp_sp', M.oppSp), 1, 10, M.oppSp);
      const limits = isTimeframe(opp.timeframe) ? OPP_ATR_RANGES[opp.timeframe] : undefined;
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
  list.forEach((item, i) => row(isSettingsObject(item) ? item : {}, `${base}.${key}.${i}`));
}

function orderManagement(doc: Block, e: Errors): void {
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

const BLOCK_RULES: readonly [string, (doc: Block, e: Errors) => void][] = [
  ['signal_settings', signalSettings],
  ['order_management_settings', orderManagement],
  ['indications_settings', indications],
  ['deviation_settings', deviation],
  ['single_cases_settings', singleCases],
];

/** What a single value of the document holds, each kind with its check. */
const VALUE_KINDS = {
  number: (value: unknown): value is number => typeof value === 'number',
  flag: (value: unknown): value is boolean => typeof value === 'boolean',
  /** An ATR value: one number, or a range 'a;b'. */
  atrValue: (value: unknown): value is number | string => typeof value === 'number' || typeof value === 'string',
  timeframe: isTimeframe,
  priceDirection: isOneOf(PRICE_DIRECTIONS),
  smoothing: isOneOf(ATR_SMOOTH_ALGOS),
  atrType: isOneOf(ATR_TYPES),
  singleCaseType: isSingleCaseType,
} as const;

type ValueKind = keyof typeof VALUE_KINDS;
/** The kinds of single value a settings document holds (`number`, `flag`, `timeframe`…). */
export type SettingsValueKind = ValueKind;

/** A key's place in the document: a single value of a kind, a block of keys, or a list of one kind of row. */
type Shape = ValueKind | { readonly [key: string]: Shape } | readonly [Shape];

const isRowList = (shape: Shape): shape is readonly [Shape] => Array.isArray(shape);

const ENTER_ORDER = { atr_distance_coefficient: 'number', size_percent: 'number', timer_minutes: 'number' } as const;
const EXIT_BY_TIME = { change_exit_timer_minutes: 'number', change_exit_coefficient_by_time: 'number' } as const;
const EXIT_BY_DISTANCE = { change_exit_d_threshold_by_distance: 'number', change_exit_coefficient_by_distance: 'number' } as const;
const BLOCK_SIGNALS = { block_signals: 'flag' } as const;

/**
 * Every key a v1 document may hold, as the wizard writes it, with the kind of its value. Any other key
 * is refused (400 under its path), so templates copied from a document and the engine reading it meet
 * only these keys. `atr_minus_2_*` are kept: the second ATR range may arrive unfolded.
 */
export const STRATEGY_SETTINGS_SHAPE = {
  signal_settings: {
    timeframe: 'timeframe', price_direction: 'priceDirection', atr_n_periods: 'number', atr_smooth_algo: 'smoothing', atr_threshold_percents: 'number',
    start_point_coefficient: 'number', timer_minutes: 'number', signal_duration_minutes: 'number', revert_threshold: 'number',
    tr_in_atr_threshold: 'number', is_atr_minus_1: 'flag', atr_minus_1_type: 'atrType', atr_minus_1_value: 'atrValue', enable_sec_atr: 'flag',
    atr_minus_2_type: 'atrType', atr_minus_2_value: 'atrValue',
  },
  order_management_settings: {
    future_price_coefficient: 'number', orders_quantity: 'number', enter_orders: [ENTER_ORDER], is_exit_rule_by_time: 'flag',
    is_exit_rule_by_distance: 'flag', is_exit_rule_by_time_and_distance: 'flag', atr_timer: 'number', change_of_atr_percentage: 'number',
    exit_order_place_coefficient: 'number', size_timer_minutes: 'number', high_low_change_percentage: 'number', high_low_change_timer: 'number',
    exists_time_quantity: 'number', exists_distance_quantity: 'number', exit_timer_coeff_settings: [EXIT_BY_TIME], exit_d_threshold_settings: [EXIT_BY_DISTANCE],
  },
  indications_settings: [
    {
      opp_settings: { is_enabled: 'flag', timeframe: 'timeframe', opp_sp: 'number', opp_atr_t_percent: 'number' },
      le_settings: { is_enabled: 'flag', timeframe: 'timeframe', periods_amount: 'number' },
    },
  ],
  deviation_settings: { limit_funding_rate: 'number', limit_price_deviation: 'number' },
  single_cases_settings: { is_enabled: 'flag', sc_type: 'singleCaseType', signals_quantity: 'number', mm_percent: 'number' },
  monitoring_tag_settings: BLOCK_SIGNALS,
  delisting_settings: BLOCK_SIGNALS,
} as const satisfies Record<string, Shape>;

type ValueOf<K extends ValueKind> = (typeof VALUE_KINDS)[K] extends (value: unknown) => value is infer T ? T : never;

/** The document a shape describes: every key optional (a draft holds what it has so far). */
type DocumentOf<S> = S extends ValueKind ? ValueOf<S> : S extends readonly [infer Row] ? DocumentOf<Row>[] : { -readonly [K in keyof S]?: DocumentOf<S[K]> };

/** The `settings` object of a strategy profile: its blocks by name, each value of its kind. */
export type SettingsDocument = DocumentOf<typeof STRATEGY_SETTINGS_SHAPE>;

/** A block's name (`signal_settings`). */
export type SettingsBlock = keyof SettingsDocument;

/**
 * Where a document leaves its schema: each unknown key, and each value that holds a block or list where
 * a single value belongs, by path (`signal_settings.extra`). Wrong kinds elsewhere (a list where a block
 * belongs, text where a number belongs) are the validator's to report.
 */
export function settingsShapeErrors(doc: unknown): SettingsErrors {
  const errors: SettingsErrors = {};
  const walk = (value: unknown, shape: Shape, path: string): void => {
    if (typeof shape === 'string') {
      if (value !== null && typeof value === 'object') errors[path] = [M.valueExpected];
      return;
    }
    if (isRowList(shape)) {
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, shape[0], `${path}.${i}`));
      return;
    }
    if (!isSettingsObject(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (Object.hasOwn(shape, key)) walk(inner, shape[key], at);
      else errors[at] = [M.unknownKey];
    }
  };
  walk(doc, STRATEGY_SETTINGS_SHAPE, '');
  return errors;
}

/** How keepKnown treats what it meets: which single values it keeps, and what a row it cannot keep becomes. */
interface Keeping {
  value: (value: unknown, kind: ValueKind) => boolean;
  lostRow: undefined | UncheckedSettings;
}

/** The known keys of a document, at any depth, with the single values `keeping` accepts; undefined when nothing fits the shape. */
function keepKnown(value: unknown, shape: Shape, keeping: Keeping): unknown {
  if (typeof shape === 'string') return keeping.value(value, shape) ? value : undefined;
  if (isRowList(shape)) return Array.isArray(value) ? value.map((item) => keepKnown(item, shape[0], keeping) ?? keeping.lostRow) : undefined;
  if (!isSettingsObject(value)) return undefined;
  const out: UncheckedSettings = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!Object.hasOwn(shape, key)) continue;
    const kept = keepKnown(inner, shape[key], keeping);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

/** Whether a value is a document of the shape: known keys only, each value of its kind. */
function conforms(value: unknown, shape: Shape): boolean {
  if (typeof shape === 'string') return VALUE_KINDS[shape](value);
  if (isRowList(shape)) return Array.isArray(value) && value.every((item) => conforms(item, shape[0]));
  return isSettingsObject(value) && Object.entries(value).every(([key, inner]) => Object.hasOwn(shape, key) && conforms(inner, shape[key]));
}

function isSettingsDocument(value: unknown): value is SettingsDocument {
  return conforms(value, STRATEGY_SETTINGS_SHAPE);
}

/**
 * The document with only what the schema knows (a stored template may predate the schema's checks);
 * single values are kept whatever their kind, for the validator to judge.
 */
export function knownSettings(doc: unknown): UncheckedSettings {
  const kept = keepKnown(doc, STRATEGY_SETTINGS_SHAPE, { value: (value) => value === null || typeof value !== 'object', lostRow: undefined });
  return isSettingsObject(kept) ? kept : {};
}

/**
 * The document typed, for reading: known keys whose values are of their kind, anything else left out
 * (a row of another kind reads as an empty row, so the rows keep their numbers).
 */
export function readSettings(doc: unknown): SettingsDocument {
  const kept = keepKnown(doc, STRATEGY_SETTINGS_SHAPE, { value: (value, kind) => VALUE_KINDS[kind](value), lostRow: {} });
  // Always true after keepKnown; the check is what gives the compiler the document's type.
  return isSettingsDocument(kept) ? kept : {};
}

/**
 * Every settings rule over a normalised v1 document, whatever it holds; an empty answer means valid.
 * A draft is saved step by step, so with `partial` only the blocks it holds are checked; a finished
 * profile's document is checked whole. Single cases do not apply when the price grows (the wizard skips them).
 */
export function validateStrategySettings(doc: unknown, { partial = false } = {}): SettingsErrors {
  const e = new Errors();
  const root = isSettingsObject(doc) ? doc : {};
  const grows = blockOf(root, 'signal_settings').price_direction === 'grow';
  for (const [block, rules] of BLOCK_RULES) {
    if (partial && root[block] === undefined) continue;
    if (block === 'single_cases_settings' && grows) continue;
    rules(root, e);
  }
  return e.all;
}
