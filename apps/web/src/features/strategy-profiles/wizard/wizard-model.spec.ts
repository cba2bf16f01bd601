import { describe, expect, it } from 'vitest';
import { settingsPayload, settingsShapeErrors, STRATEGY_PROFILE_MESSAGES, STRATEGY_SETTINGS_MESSAGES as M, STRATEGY_WIZARD_UI } from '@console/contracts';
import {
  blankEnterOrder,
  blankExitDistance,
  blankExitTimer,
  blankForm,
  blocksToSave,
  fromForm,
  nextStep,
  previousStep,
  profileStepErrors,
  resizeRows,
  serverFieldErrors,
  startingStep,
  stepCaption,
  stepErrors,
  toForm,
  withExitMode,
  type OrderForm,
} from './wizard-model';

const basics = { title: 'Alpha', mm_profile: { id: 1 }, tickers: 3 };
const signal = { signal_settings: { timeframe: '1h' } };
const orders = { order_management_settings: { orders_quantity: 1 } };

describe('startingStep', () => {
  it('opens at Summary with the basics, signal and order settings', () => {
    expect(startingStep(basics, { ...signal, ...orders })).toBe('summary');
  });
  it('opens at Order management with signal settings only', () => {
    expect(startingStep(basics, signal)).toBe('orders');
    expect(startingStep({ title: 'Draft' }, signal)).toBe('orders');
  });
  it('opens at Key parameters with the basics', () => {
    expect(startingStep(basics, {})).toBe('signal');
  });
  it('opens at Profile settings otherwise', () => {
    expect(startingStep({ title: 'Draft', mm_profile: null, tickers: null }, {})).toBe('profile');
    expect(startingStep(undefined, undefined)).toBe('profile');
    // Order settings without the basics are not enough for the Summary.
    expect(startingStep({ title: 'Draft' }, { ...signal, ...orders })).toBe('profile');
  });
});

describe('the single-cases step', () => {
  it('is skipped both ways when the price grows', () => {
    expect(nextStep('monitoring', 'grow')).toBe('summary');
    expect(previousStep('summary', 'grow')).toBe('monitoring');
  });
  it('is walked when the price falls, or no direction is set yet', () => {
    expect(nextStep('monitoring', 'fall')).toBe('singleCases');
    expect(previousStep('summary', 'fall')).toBe('singleCases');
    expect(nextStep('monitoring', undefined)).toBe('singleCases');
  });
  it('keeps the ends and counts the steps out of eight', () => {
    expect(previousStep('profile', 'fall')).toBe('profile');
    expect(nextStep('summary', 'fall')).toBe('summary');
    expect(stepCaption('profile')).toBe('Step 1 of 8');
    expect(stepCaption('summary')).toBe('Step 8 of 8');
  });
});

describe('quantity rows', () => {
  it('grow with blank rows and shrink keeping the first ones, up to the cap', () => {
    const one = [{ atr_distance_coefficient: '0.1', size_percent: '50', timer_minutes: '5' }];
    expect(resizeRows(one, '3', blankEnterOrder)).toEqual([one[0], blankEnterOrder(), blankEnterOrder()]);
    expect(resizeRows(resizeRows(one, '3', blankEnterOrder), '1', blankEnterOrder)).toEqual(one);
    expect(resizeRows(one, '', blankEnterOrder)).toBe(one);
    expect(resizeRows(one, '0', blankEnterOrder)).toEqual([]);
    expect(resizeRows(one, 'x', blankEnterOrder)).toBe(one);
    expect(resizeRows([], '999', blankEnterOrder)).toHaveLength(STRATEGY_WIZARD_UI.rowsMax);
  });
});

describe('exit rule modes', () => {
  const both: OrderForm = { ...blankForm().order_management_settings, exit_mode: 'both', exists_time_quantity: '1', exists_distance_quantity: '1', exit_timer_coeff_settings: [blankExitTimer()], exit_d_threshold_settings: [blankExitDistance()] };
  it('by time clears the distance list and quantity, and the other way round', () => {
    expect(withExitMode(both, 'time')).toMatchObject({ exit_mode: 'time', exists_time_quantity: '1', exit_timer_coeff_settings: [{}], exists_distance_quantity: '', exit_d_threshold_settings: [] });
    expect(withExitMode(both, 'distance')).toMatchObject({ exists_time_quantity: '', exit_timer_coeff_settings: [], exists_distance_quantity: '1' });
    expect(withExitMode(both, 'none')).toMatchObject({ exists_time_quantity: '', exists_distance_quantity: '', exit_timer_coeff_settings: [], exit_d_threshold_settings: [] });
  });
  it('become the three flags in the document', () => {
    const doc = fromForm({ ...blankForm(), order_management_settings: withExitMode(both, 'time') }, ['order_management_settings']);
    expect(doc.order_management_settings).toMatchObject({ is_exit_rule_by_time: true, is_exit_rule_by_distance: false, is_exit_rule_by_time_and_distance: false });
    expect(doc.order_management_settings).not.toHaveProperty('exit_mode');
  });
});

describe('form and document', () => {
  it('reads a stored range into two inputs and numbers as text', () => {
    const form = toForm({ signal_settings: { is_atr_minus_1: true, atr_minus_1_type: 'rng', atr_minus_1_value: '1;3', atr_n_periods: 14 }, order_management_settings: { is_exit_rule_by_distance: true } });
    expect(form.signal_settings).toMatchObject({ atr_minus_1_type: 'gte', atr_minus_1_value: '1', enable_sec_atr: true, atr_minus_2_type: 'lte', atr_minus_2_value: '3', atr_n_periods: '14' });
    expect(form.order_management_settings).toMatchObject({ exit_mode: 'distance' });
    expect(form.deviation_settings).toEqual({ limit_funding_rate: '0.5', limit_price_deviation: '0.5' });
  });
  it('drops the future price unless the price falls', () => {
    const form = toForm({ signal_settings: { price_direction: 'grow' }, order_management_settings: { future_price_coefficient: 1.01 } });
    expect(fromForm(form, ['order_management_settings']).order_management_settings).not.toHaveProperty('future_price_coefficient');
  });
  it('leaves out keys the schema does not know, so a document that predates the schema saves', () => {
    const legacy = { signal_settings: { timeframe: '1h' as const, legacy_flag: true }, old_block: { a: 1 } };
    const form = toForm(legacy);
    expect(form.signal_settings).not.toHaveProperty('legacy_flag');
    expect(form).not.toHaveProperty('old_block');
    expect(settingsShapeErrors(settingsPayload(fromForm(form)))).toEqual({});
  });
  it('saves the stored blocks and those of the steps done', () => {
    expect(blocksToSave(['deviation_settings'], ['profile', 'signal'])).toEqual(['signal_settings', 'deviation_settings']);
  });
});

describe('step messages come from the contracts rules', () => {
  it('names every blank key parameter and the N-periods range', () => {
    const errors = stepErrors('signal', { ...blankForm(), signal_settings: { ...blankForm().signal_settings, atr_n_periods: '4' } });
    expect(errors).toMatchObject({
      'signal_settings.timeframe': M.timeframeBlank,
      'signal_settings.price_direction': M.priceDirectionBlank,
      'signal_settings.atr_n_periods': M.nPeriods,
      'signal_settings.signal_duration_minutes': M.durationBlank,
    });
    // Another block's messages stay out of this step.
    expect(Object.keys(errors).every((path) => path.startsWith('signal_settings.'))).toBe(true);
  });
  it('asks for a single-case type, and the deviation minimum', () => {
    const form = { ...blankForm(), single_cases_settings: { ...blankForm().single_cases_settings, is_enabled: true }, deviation_settings: { limit_funding_rate: '0.05', limit_price_deviation: '' } };
    expect(stepErrors('singleCases', form)).toEqual({ 'single_cases_settings.sc_type': M.pickScType });
    expect(stepErrors('deviation', form)).toEqual({ 'deviation_settings.limit_funding_rate': M.deviationMin, 'deviation_settings.limit_price_deviation': M.fieldRequired });
  });
  it('checks the profile step with the spec texts', () => {
    expect(profileStepErrors({ title: ' ', mm_profile: null, tickers: '' })).toEqual({
      'profile.title': STRATEGY_PROFILE_MESSAGES.titleBlank,
      'profile.mm_profile': STRATEGY_PROFILE_MESSAGES.mmProfileBlank,
      'profile.tickers': STRATEGY_PROFILE_MESSAGES.tickersBlank,
    });
    expect(profileStepErrors({ title: 'x'.repeat(65), mm_profile: { id: 1, title: 'MM' }, tickers: '2' })).toEqual({ 'profile.title': STRATEGY_PROFILE_MESSAGES.titleTooLong });
  });
  it('puts a 400 under the form fields it names', () => {
    expect(serverFieldErrors({ 'settings.signal_settings.timeframe': ['x'], title: ['y'], custom_error: ['z'] })).toEqual({
      fields: { 'signal_settings.timeframe': 'x', 'profile.title': 'y' },
      rest: ['z'],
    });
  });
});

describe('what the wizard submits', () => {
  it('holds only keys the settings schema knows, whatever the switches (the API refuses any other)', () => {
    const form = blankForm();
    Object.assign(form.signal_settings, { timeframe: '1h', price_direction: 'fall', is_atr_minus_1: true, enable_sec_atr: true, atr_minus_1_value: '1', atr_minus_2_value: '2' });
    const orders = withExitMode(form.order_management_settings, 'both');
    form.order_management_settings = { ...orders, enter_orders: [blankEnterOrder()], exit_timer_coeff_settings: [{ change_exit_timer_minutes: '1', change_exit_coefficient_by_time: '1' }] };
    form.single_cases_settings = { is_enabled: true, sc_type: 'sc_mm_decrease', signals_quantity: '2', mm_percent: '3' };
    expect(settingsShapeErrors(settingsPayload(fromForm(form)))).toEqual({});
    expect(settingsShapeErrors(settingsPayload(fromForm(blankForm())))).toEqual({});
  });
});
