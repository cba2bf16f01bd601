/**
 * The wizard's form model: the stored settings document as form values (numbers as the text of their
 * inputs), back again, the step order with its skip, the starting step, and each step's messages, which
 * come from the one validator in contracts (the API runs the same).
 */
import {
  DEVIATION_DEFAULT,
  exitFlagsOf,
  exitModeOf,
  isSettingsObject,
  normalizeSettings,
  splitAtr,
  STRATEGY_PROFILE_MESSAGES as PM,
  STRATEGY_PROFILE_TITLE_MAX,
  STRATEGY_WIZARD_UI,
  validateStrategySettings,
  WIZARD_STEP_BLOCKS,
  WIZARD_STEPS,
  type ExitFlags,
  type ExitMode,
  type SettingsBlock,
  type SettingsDocument,
  type UncheckedSettings,
  type WizardStepKey,
} from '@console/contracts';

/** A stored value as its input holds it: a number as its text, an unpicked choice as '', blocks and rows in full. */
type AsInput<T> = T extends number
  ? string
  : T extends string
    ? T | ''
    : T extends boolean
      ? boolean
      : T extends readonly (infer Row)[]
        ? AsInput<Row>[]
        : { -readonly [K in keyof T]-?: AsInput<Exclude<T[K], undefined>> };

/** Every block of the document as the inputs hold it. */
type SettingsInputs = AsInput<SettingsDocument>;
type OrderInputs = SettingsInputs['order_management_settings'];
type SignalForm = SettingsInputs['signal_settings'];
type EnterOrderForm = OrderInputs['enter_orders'][number];
type ExitTimerForm = OrderInputs['exit_timer_coeff_settings'][number];
type ExitDistanceForm = OrderInputs['exit_d_threshold_settings'][number];
type IndicationForm = SettingsInputs['indications_settings'][number];

/** The order block in the form: the exit rule is one choice, not three flags. */
export type OrderForm = Omit<OrderInputs, keyof ExitFlags> & { exit_mode: ExitMode };

/** The form's settings: one object per block, as the inputs hold them. */
export type SettingsForm = Omit<SettingsInputs, 'order_management_settings'> & { order_management_settings: OrderForm };

/** The profile step's own fields (not settings): title, MM profile, ticker list. */
export interface ProfileFields {
  title: string;
  mm_profile: { id: number; title: string } | null;
  tickers: string;
}

/** The wizard's one form: the settings blocks by name, and the profile's own fields under `profile`. */
export type WizardFormValues = SettingsForm & { profile: ProfileFields };

/** What fromForm gives: the named blocks, the exit rule as its flags, the future price for a short profile only. */
export type FormDocument = Partial<
  Omit<SettingsInputs, 'order_management_settings'> & {
    order_management_settings: Omit<OrderInputs, 'future_price_coefficient'> & Partial<Pick<OrderInputs, 'future_price_coefficient'>>;
  }
>;

export const STEP_KEYS: WizardStepKey[] = WIZARD_STEPS.map((step) => step.key);
export const SETTINGS_BLOCKS: SettingsBlock[] = STEP_KEYS.flatMap((key) => WIZARD_STEP_BLOCKS[key]);

/** A stored number (or text) as its input's text; `fallback` when there is none. */
const inputOf = (value: number | string | undefined, fallback = ''): string => String(value ?? fallback);

type Stored<B extends SettingsBlock> = NonNullable<SettingsDocument[B]>;
type StoredOrder = Stored<'order_management_settings'>;
type StoredIndication = Stored<'indications_settings'>[number];

const enterOrderForm = (row: NonNullable<StoredOrder['enter_orders']>[number] = {}): EnterOrderForm => ({
  atr_distance_coefficient: inputOf(row.atr_distance_coefficient),
  size_percent: inputOf(row.size_percent),
  timer_minutes: inputOf(row.timer_minutes),
});
const exitTimerForm = (row: NonNullable<StoredOrder['exit_timer_coeff_settings']>[number] = {}): ExitTimerForm => ({
  change_exit_timer_minutes: inputOf(row.change_exit_timer_minutes),
  change_exit_coefficient_by_time: inputOf(row.change_exit_coefficient_by_time),
});
const exitDistanceForm = (row: NonNullable<StoredOrder['exit_d_threshold_settings']>[number] = {}): ExitDistanceForm => ({
  change_exit_d_threshold_by_distance: inputOf(row.change_exit_d_threshold_by_distance),
  change_exit_coefficient_by_distance: inputOf(row.change_exit_coefficient_by_distance),
});
export const blankEnterOrder = () => enterOrderForm();
export const blankExitTimer = () => exitTimerForm();
export const blankExitDistance = () => exitDistanceForm();

function indicationForm({ opp_settings: opp = {}, le_settings: le = {} }: StoredIndication = {}): IndicationForm {
  return {
    opp_settings: { is_enabled: opp.is_enabled ?? false, timeframe: opp.timeframe ?? '', opp_sp: inputOf(opp.opp_sp), opp_atr_t_percent: inputOf(opp.opp_atr_t_percent) },
    le_settings: { is_enabled: le.is_enabled ?? false, timeframe: le.timeframe ?? '', periods_amount: inputOf(le.periods_amount) },
  };
}
export const blankIndication = () => indicationForm();

/** The signal block as inputs; a stored range 'a;b' becomes the two ATR inputs. ATR-1 starts at gte and 0. */
function signalForm(s: Stored<'signal_settings'>): SignalForm {
  return splitAtr({
    timeframe: s.timeframe ?? '',
    price_direction: s.price_direction ?? '',
    atr_n_periods: inputOf(s.atr_n_periods),
    atr_smooth_algo: s.atr_smooth_algo ?? '',
    atr_threshold_percents: inputOf(s.atr_threshold_percents),
    start_point_coefficient: inputOf(s.start_point_coefficient),
    timer_minutes: inputOf(s.timer_minutes),
    signal_duration_minutes: inputOf(s.signal_duration_minutes),
    revert_threshold: inputOf(s.revert_threshold),
    tr_in_atr_threshold: inputOf(s.tr_in_atr_threshold),
    is_atr_minus_1: s.is_atr_minus_1 ?? false,
    atr_minus_1_type: s.atr_minus_1_type ?? 'gte',
    atr_minus_1_value: inputOf(s.atr_minus_1_value, '0'),
    enable_sec_atr: s.enable_sec_atr ?? false,
    atr_minus_2_type: s.atr_minus_2_type ?? 'lte',
    atr_minus_2_value: inputOf(s.atr_minus_2_value),
  });
}

/** The order block as inputs; the three exit flags become one choice. */
function orderForm(o: StoredOrder): OrderForm {
  return {
    future_price_coefficient: inputOf(o.future_price_coefficient),
    orders_quantity: inputOf(o.orders_quantity),
    enter_orders: (o.enter_orders ?? []).map(enterOrderForm),
    exit_mode: exitModeOf(o),
    atr_timer: inputOf(o.atr_timer),
    change_of_atr_percentage: inputOf(o.change_of_atr_percentage),
    exit_order_place_coefficient: inputOf(o.exit_order_place_coefficient),
    size_timer_minutes: inputOf(o.size_timer_minutes),
    high_low_change_percentage: inputOf(o.high_low_change_percentage),
    high_low_change_timer: inputOf(o.high_low_change_timer),
    exists_time_quantity: inputOf(o.exists_time_quantity),
    exists_distance_quantity: inputOf(o.exists_distance_quantity),
    exit_timer_coeff_settings: (o.exit_timer_coeff_settings ?? []).map(exitTimerForm),
    exit_d_threshold_settings: (o.exit_d_threshold_settings ?? []).map(exitDistanceForm),
  };
}

/**
 * The stored document as form values (numbers as the text of their inputs); what it lacks starts blank:
 * deviation at its defaults, every switch off, one indication entry. Keys the schema does not know
 * are left out.
 */
export function toForm(settings?: SettingsDocument): SettingsForm {
  const doc = settings ?? {};
  const { signal_settings: s = {}, order_management_settings: o = {}, indications_settings: indications = [] } = doc;
  const { deviation_settings: d = {}, monitoring_tag_settings: monitoring = {}, delisting_settings: delisting = {}, single_cases_settings: sc = {} } = doc;
  return {
    signal_settings: signalForm(s),
    order_management_settings: orderForm(o),
    indications_settings: indications.length ? indications.map(indicationForm) : [blankIndication()],
    deviation_settings: {
      limit_funding_rate: inputOf(d.limit_funding_rate, String(DEVIATION_DEFAULT)),
      limit_price_deviation: inputOf(d.limit_price_deviation, String(DEVIATION_DEFAULT)),
    },
    monitoring_tag_settings: { block_signals: monitoring.block_signals ?? false },
    delisting_settings: { block_signals: delisting.block_signals ?? false },
    single_cases_settings: { is_enabled: sc.is_enabled ?? false, sc_type: sc.sc_type ?? '', signals_quantity: inputOf(sc.signals_quantity), mm_percent: inputOf(sc.mm_percent) },
  };
}

/** An empty wizard. */
export const blankForm = (): SettingsForm => toForm();

/** The named keys of an object, each as it is. */
function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) picked[key] = source[key];
  return picked;
}

/** Form values back to a document of the named blocks (before the submit conversion). */
export function fromForm(form: SettingsForm, blocks: readonly SettingsBlock[] = SETTINGS_BLOCKS): FormDocument {
  const { order_management_settings: orders, ...others } = form;
  const { exit_mode, future_price_coefficient, ...rest } = orders;
  const document: Required<FormDocument> = {
    ...others,
    order_management_settings: {
      ...rest,
      ...exitFlagsOf(exit_mode),
      // The future price is a short profile's (price falls).
      ...(priceDirectionOf(form) === 'fall' ? { future_price_coefficient } : {}),
    },
  };
  return pick(document, blocks);
}

export const priceDirectionOf = (form: SettingsForm) => form.signal_settings.price_direction;

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

const filled = (value: unknown) => (Array.isArray(value) ? value.length > 0 : isSettingsObject(value) && Object.keys(value).length > 0);

/**
 * Where the wizard opens: with the ticker list, MM profile, title, signal and order
 * settings, at Summary; with signal settings (and no order settings), at Order management; with the
 * basics, at Key parameters; otherwise at Profile settings.
 */
export function startingStep(profile: ProfileBasics | undefined, settings: UncheckedSettings | undefined): WizardStepKey {
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
  const errors = validateStrategySettings(normalizeSettings(fromForm(form)));
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
export function withExitMode(block: OrderForm, mode: ExitMode): OrderForm {
  const time = mode === 'time' || mode === 'both';
  const distance = mode === 'distance' || mode === 'both';
  return {
    ...block,
    exit_mode: mode,
    ...(time ? {} : { exit_timer_coeff_settings: [], exists_time_quantity: '' }),
    ...(distance ? {} : { exit_d_threshold_settings: [], exists_distance_quantity: '' }),
  };
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
export function blocksToSave(stored: readonly string[], steps: readonly WizardStepKey[]): SettingsBlock[] {
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
  const entries: [string, unknown][] = Object.entries(body);
  for (const [key, value] of entries) {
    const message = Array.isArray(value) ? String(value[0]) : String(value);
    if (key.startsWith('settings.')) fields[key.slice('settings.'.length)] = message;
    else if (key === 'title' || key === 'mm_profile' || key === 'tickers') fields[`profile.${key}`] = message;
    else if (key !== 'code') rest.push(message);
  }
  return { fields, rest };
}
