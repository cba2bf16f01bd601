/**
 * The wizard's form model: the stored settings document as form values (numbers as the text of their
 * inputs), back again, the step order with its skip, the starting step, and each step's messages, which
 * come from the one validator in contracts (the API runs the same).
 */
import {
  DEVIATION_DEFAULT,
  exitFlagsOf,
  exitModeOf,
  normalizeSettings,
  splitAtr,
  STRATEGY_PROFILE_MESSAGES as PM,
  STRATEGY_PROFILE_TITLE_MAX,
  STRATEGY_WIZARD_UI,
  validateStrategySettings,
  WIZARD_STEP_BLOCKS,
  WIZARD_STEPS,
  type ExitMode,
  type SettingsDocument,
  type WizardStepKey,
} from '@console/contracts';

type Block = Record<string, unknown>;
/** The form values: one object per block, as the inputs hold them. */
export type SettingsForm = Record<string, unknown>;

export const STEP_KEYS: WizardStepKey[] = WIZARD_STEPS.map((step) => step.key);
export const SETTINGS_BLOCKS = STEP_KEYS.flatMap((key) => WIZARD_STEP_BLOCKS[key]);

export const blankEnterOrder = () => ({ atr_distance_coefficient: '', size_percent: '', timer_minutes: '' });
export const blankExitTimer = () => ({ change_exit_timer_minutes: '', change_exit_coefficient_by_time: '' });
export const blankExitDistance = () => ({ change_exit_d_threshold_by_distance: '', change_exit_coefficient_by_distance: '' });
export const blankIndication = () => ({
  opp_settings: { is_enabled: false, timeframe: '', opp_sp: '', opp_atr_t_percent: '' },
  le_settings: { is_enabled: false, timeframe: '', periods_amount: '' },
});

/** An empty wizard: deviation at its defaults, every switch off. */
export function blankForm(): SettingsForm {
  return {
    signal_settings: {
      timeframe: '',
      price_direction: '',
      atr_n_periods: '',
      atr_smooth_algo: '',
      atr_threshold_percents: '',
      start_point_coefficient: '',
      timer_minutes: '',
      signal_duration_minutes: '',
      revert_threshold: '',
      tr_in_atr_threshold: '',
      is_atr_minus_1: false,
      atr_minus_1_type: 'gte',
      atr_minus_1_value: '0',
      enable_sec_atr: false,
      atr_minus_2_type: 'lte',
      atr_minus_2_value: '',
    },
    order_management_settings: {
      future_price_coefficient: '',
      orders_quantity: '',
      enter_orders: [],
      exit_mode: 'none',
      atr_timer: '',
      change_of_atr_percentage: '',
      exit_order_place_coefficient: '',
      size_timer_minutes: '',
      high_low_change_percentage: '',
      high_low_change_timer: '',
      exists_time_quantity: '',
      exists_distance_quantity: '',
      exit_timer_coeff_settings: [],
      exit_d_threshold_settings: [],
    },
    indications_settings: [blankIndication()],
    deviation_settings: { limit_funding_rate: String(DEVIATION_DEFAULT), limit_price_deviation: String(DEVIATION_DEFAULT) },
    monitoring_tag_settings: { block_signals: false },
    delisting_settings: { block_signals: false },
    single_cases_settings: { is_enabled: false, sc_type: '', signals_quantity: '', mm_percent: '' },
  };
}

/** Numbers become their text; everything else stays. */
function asInputs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asInputs);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asInputs(v)]));
  if (typeof value === 'number') return String(value);
  return value ?? '';
}

const isBlock = (value: unknown): value is Block => !!value && typeof value === 'object' && !Array.isArray(value);

/** The stored document as form values, over the blank form. */
export function toForm(settings: SettingsDocument | undefined): SettingsForm {
  const form = blankForm();
  for (const [key, stored] of Object.entries(settings ?? {})) {
    if (key === 'indications_settings' && Array.isArray(stored) && stored.length) {
      form[key] = stored.map((entry) => {
        const blank = blankIndication();
        const item = isBlock(entry) ? entry : {};
        return {
          opp_settings: { ...blank.opp_settings, ...(asInputs(item.opp_settings ?? {}) as Block) },
          le_settings: { ...blank.le_settings, ...(asInputs(item.le_settings ?? {}) as Block) },
        };
      });
    } else if (isBlock(stored) && isBlock(form[key])) {
      let block = { ...(form[key] as Block), ...(asInputs(stored) as Block) };
      if (key === 'signal_settings') block = splitAtr(block);
      if (key === 'order_management_settings') block.exit_mode = exitModeOf(stored);
      form[key] = block;
    }
  }
  return form;
}

/** Form values back to a document of the named blocks (before the submit conversion). */
export function fromForm(form: SettingsForm, blocks: readonly string[] = SETTINGS_BLOCKS): SettingsDocument {
  const doc: SettingsDocument = {};
  for (const key of blocks) {
    const value = form[key];
    if (key === 'order_management_settings' && isBlock(value)) {
      const { exit_mode, ...rest } = value;
      const block: Block = { ...rest, ...exitFlagsOf(exit_mode as ExitMode) };
      // The future price is a short profile's (price falls).
      if (priceDirectionOf(form) !== 'fall') delete block.future_price_coefficient;
      doc[key] = block;
    } else if (value !== undefined) {
      doc[key] = value;
    }
  }
  return doc;
}

export const priceDirectionOf = (form: SettingsForm) => (isBlock(form.signal_settings) ? form.signal_settings.price_direction : undefined);

/** Single cases do not apply when the price grows: the step is skipped both ways. */
export function stepApplies(step: WizardStepKey, direction: unknown): boolean {
  return step !== 'singleCases' || direction !== 'grow';
}

export function nextStep(step: WizardStepKey, direction: unknown): WizardStepKey {
  let i = STEP_KEYS.indexOf(step) + 1;
  while (i < STEP_KEYS.length - 1 && !stepApplies(STEP_KEYS[i], direction)) i++;
  return STEP_KEYS[Math.min(i, STEP_KEYS.length - 1)];
}

export function previousStep(step: WizardStepKey, direction: unknown): WizardStepKey {
  let i = STEP_KEYS.indexOf(step) - 1;
  while (i > 0 && !stepApplies(STEP_KEYS[i], direction)) i--;
  return STEP_KEYS[Math.max(i, 0)];
}

/** 'Step X of Y': the step's place among the eight. */
export const stepCaption = (step: WizardStepKey) => STRATEGY_WIZARD_UI.stepOf(STEP_KEYS.indexOf(step) + 1, STEP_KEYS.length);

export interface ProfileBasics {
  title?: string | null;
  mm_profile?: { id: number } | null;
  tickers?: number | null;
}

const filled = (value: unknown) => (Array.isArray(value) ? value.length > 0 : isBlock(value) && Object.keys(value).length > 0);

/**
 * Where the wizard opens: with the ticker list, MM profile, title, signal and order
 * settings, at Summary; with signal settings (and no order settings), at Order management; with the
 * basics, at Key parameters; otherwise at Profile settings.
 */
export function startingStep(profile: ProfileBasics | undefined, settings: SettingsDocument | undefined): WizardStepKey {
  const basics = !!profile?.title && !!profile.mm_profile && profile.tickers != null;
  const signal = filled(settings?.signal_settings);
  const orders = filled(settings?.order_management_settings);
  if (basics && signal && orders) return 'summary';
  if (signal && !orders) return 'orders';
  if (basics) return 'signal';
  return 'profile';
}

/**
 * The messages of a step's fields, by form path: the contracts validator over the whole form, kept to
 * the step's blocks (the order block needs the price direction, so the form goes in whole).
 */
export function stepErrors(step: WizardStepKey, form: SettingsForm): Record<string, string> {
  const blocks = WIZARD_STEP_BLOCKS[step];
  if (!blocks.length) return {};
  const errors = validateStrategySettings(normalizeSettings(fromForm(form)) as SettingsDocument);
  const own = Object.entries(errors).filter(([path]) => blocks.some((block) => path === block || path.startsWith(`${block}.`)));
  return Object.fromEntries(own.map(([path, messages]) => [path, messages[0]]));
}

/**
 * A list resized to `quantity` rows: kept rows stay, new rows are blank (capped at the UI's maximum).
 * An emptied input changes nothing, so that retyping a quantity keeps the rows filled in.
 */
export function resizeRows<T>(rows: T[], quantity: unknown, blank: () => T): T[] {
  const n = typeof quantity === 'string' && quantity.trim() === '' ? NaN : Number(quantity);
  if (!Number.isInteger(n) || n < 0) return rows;
  const size = Math.min(n, STRATEGY_WIZARD_UI.rowsMax);
  return size <= rows.length ? rows.slice(0, size) : [...rows, ...Array.from({ length: size - rows.length }, blank)];
}

/** Choosing an exit rule clears the lists and quantities of the rules not chosen. */
export function withExitMode(block: Block, mode: ExitMode): Block {
  const time = mode === 'time' || mode === 'both';
  const distance = mode === 'distance' || mode === 'both';
  return {
    ...block,
    exit_mode: mode,
    ...(time ? {} : { exit_timer_coeff_settings: [], exists_time_quantity: '' }),
    ...(distance ? {} : { exit_d_threshold_settings: [], exists_distance_quantity: '' }),
  };
}

/** The profile step's own fields (not settings): title, MM profile, ticker list. */
export interface ProfileFields {
  title: string;
  mm_profile: { id: number; title: string } | null;
  tickers: string;
}

/** Step 1: the messages by form path. */
export function profileStepErrors(profile: ProfileFields): Record<string, string> {
  const errors: Record<string, string> = {};
  const title = profile.title.trim();
  if (!title) errors['profile.title'] = PM.titleBlank;
  else if (title.length > STRATEGY_PROFILE_TITLE_MAX) errors['profile.title'] = PM.titleTooLong;
  if (!profile.mm_profile) errors['profile.mm_profile'] = PM.mmProfileBlank;
  if (!profile.tickers) errors['profile.tickers'] = PM.tickersBlank;
  return errors;
}

/** The profile's fields as the profile step holds them. */
export function profileFieldsOf(profile: { title?: string | null; mm_profile?: { id: number; title: string } | null; tickers?: number | null } | undefined): ProfileFields {
  return { title: profile?.title ?? '', mm_profile: profile?.mm_profile ?? null, tickers: profile?.tickers == null ? '' : String(profile.tickers) };
}

/** The blocks a save sends: those stored already, and those of the steps done (a draft is checked block by block). */
export function blocksToSave(stored: readonly string[], steps: readonly WizardStepKey[]): string[] {
  return SETTINGS_BLOCKS.filter((block) => stored.includes(block) || steps.some((step) => WIZARD_STEP_BLOCKS[step].includes(block)));
}

/** The steps from the first through `step`, as the wizard walks them. */
export function stepsThrough(step: WizardStepKey): WizardStepKey[] {
  return STEP_KEYS.slice(0, STEP_KEYS.indexOf(step) + 1);
}

/**
 * A 400's field messages by form path: `settings.<block>.<field>` → `<block>.<field>`, the profile's
 * `title`, `mm_profile`, `tickers` → `profile.*`; `rest` is what names no field of the form.
 */
export function serverFieldErrors(body: unknown): { fields: Record<string, string>; rest: string[] } {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  if (!body || typeof body !== 'object') return { fields, rest };
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const message = Array.isArray(value) ? String(value[0]) : String(value as string);
    if (key.startsWith('settings.')) fields[key.slice('settings.'.length)] = message;
    else if (key === 'title' || key === 'mm_profile' || key === 'tickers') fields[`profile.${key}`] = message;
    else if (key !== 'code') rest.push(message);
  }
  return { fields, rest };
}
