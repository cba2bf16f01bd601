/**
 * The strategy profile wizard and detail page: step names, the screen texts,
 * and the one conversion of the wizard's form into the settings document it submits, so that the SPA
 * and the API agree on the ATR shape. Quoted texts are the spec's; the rest are our own words.
 */
import { isSettingsObject, normalizeSettings, type SettingsBlock, type UncheckedSettings } from './strategy-settings';

/** The eight steps, in order. */
export const WIZARD_STEPS = [
  { key: 'profile', label: 'Profile settings' },
  { key: 'signal', label: 'Key parameters' },
  { key: 'orders', label: 'Order management' },
  { key: 'indications', label: 'Indication settings' },
  { key: 'deviation', label: 'Deviation settings' },
  { key: 'monitoring', label: 'Monitoring' },
  { key: 'singleCases', label: 'Single cases' },
  { key: 'summary', label: 'Summary' },
] as const;

export type WizardStepKey = (typeof WIZARD_STEPS)[number]['key'];

/** The settings blocks each step edits (the profile step and the summary edit none). */
export const WIZARD_STEP_BLOCKS: Record<WizardStepKey, readonly SettingsBlock[]> = {
  profile: [],
  signal: ['signal_settings'],
  orders: ['order_management_settings'],
  indications: ['indications_settings'],
  deviation: ['deviation_settings'],
  monitoring: ['monitoring_tag_settings', 'delisting_settings'],
  singleCases: ['single_cases_settings'],
  summary: [],
};

export const STRATEGY_WIZARD_UI = {
  title: 'New strategy profile',
  stepOf: (step: number, of: number) => `Step ${step} of ${of}`,
  applyTemplate: 'Apply template',
  templated: 'Templated',
  /** A quantity input makes at most this many rows (our own cap: the spec gives none). */
  rowsMax: 20,
  scTypeLabels: { sc_skip: 'SC-Skip', sc_mm_decrease: 'SC-MM' },
  timeframeLabels: { '1h': '1 hour', '4h': '4 hours', '1d': '1 day', '1w': '1 week', '1M': '1 month' },
  exitModes: { none: 'None', time: 'By time', distance: 'By distance', both: 'By time and distance' },
} as const;

export type ExitMode = keyof typeof STRATEGY_WIZARD_UI.exitModes;

export function isExitMode(value: unknown): value is ExitMode {
  return typeof value === 'string' && Object.hasOwn(STRATEGY_WIZARD_UI.exitModes, value);
}

/** The three exit rule flags of an order management block. */
export type ExitFlags = ReturnType<typeof exitFlagsOf>;

/** The exit rule flags of an order management block as one choice. */
export function exitModeOf(block: Partial<ExitFlags>): ExitMode {
  if (block.is_exit_rule_by_time_and_distance === true) return 'both';
  if (block.is_exit_rule_by_time === true) return 'time';
  if (block.is_exit_rule_by_distance === true) return 'distance';
  return 'none';
}

export function exitFlagsOf(mode: ExitMode) {
  return { is_exit_rule_by_time: mode === 'time', is_exit_rule_by_distance: mode === 'distance', is_exit_rule_by_time_and_distance: mode === 'both' };
}

type Block = UncheckedSettings;

/**
 * The signal block as submitted: with both ATR ranges on, type rng and value
 * 'a;b'; with ATR-1 only, its own type and value; with ATR-1 off, '0'. The second range's own fields
 * are folded into the first and not sent.
 */
export function combineAtr(signal: Block): Block {
  const { atr_minus_2_type: _type2, atr_minus_2_value: value2, ...rest } = signal;
  if (rest.is_atr_minus_1 !== true) return { ...rest, enable_sec_atr: false, atr_minus_1_value: '0' };
  if (rest.enable_sec_atr === true) return { ...rest, atr_minus_1_type: 'rng', atr_minus_1_value: `${String(rest.atr_minus_1_value ?? '').trim()};${String(value2 ?? '').trim()}` };
  return rest;
}

/** The ATR fields of a signal block, stored or as the form holds them. */
interface AtrFields {
  atr_minus_1_type?: string;
  atr_minus_1_value?: number | string;
  enable_sec_atr?: boolean;
}

/** The reverse of combineAtr, for the form: a stored range 'a;b' becomes ATR-1 (gte) a and ATR-2 (lte) b. */
export function splitAtr<T extends AtrFields>(signal: T) {
  const value = signal.atr_minus_1_value;
  if (signal.atr_minus_1_type === 'rng' || (typeof value === 'string' && value.includes(';'))) {
    const [a, b] = String(value ?? '').split(';');
    return { ...signal, enable_sec_atr: true, atr_minus_1_type: 'gte', atr_minus_1_value: a ?? '', atr_minus_2_type: 'lte', atr_minus_2_value: b ?? '' };
  }
  return { ...signal, enable_sec_atr: signal.enable_sec_atr === true };
}

/**
 * The single-cases block as submitted: type, quantity and MM percent only when enabled.
 */
export function singleCasesPayload(block: Block): Block {
  if (block.is_enabled !== true) return { is_enabled: false };
  return { is_enabled: true, sc_type: block.sc_type, signals_quantity: block.signals_quantity, ...(block.sc_type === 'sc_mm_decrease' ? { mm_percent: block.mm_percent } : {}) };
}

/**
 * What the wizard sends for the blocks it holds: ATR combined, single cases trimmed, then
 * non-empty values only and numeric strings as numbers (normalizeSettings, which the API applies too).
 */
export function settingsPayload(form: UncheckedSettings): UncheckedSettings {
  const doc: UncheckedSettings = { ...form };
  if (isSettingsObject(form.signal_settings)) doc.signal_settings = combineAtr(form.signal_settings);
  if (isSettingsObject(form.single_cases_settings)) doc.single_cases_settings = singleCasesPayload(form.single_cases_settings);
  const payload = normalizeSettings(doc);
  return isSettingsObject(payload) ? payload : {};
}
