import { describe, expect, it } from 'vitest';
import { normalizeSettings, readSettings, STRATEGY_SETTINGS_MESSAGES as M, validateStrategySettings, type SettingsDocument } from './strategy-settings';

/** A complete, valid short-side document (price falls: single cases and the future price apply). */
function valid(): SettingsDocument {
  return {
    signal_settings: {
      timeframe: '1h',
      atr_n_periods: 14,
      atr_smooth_algo: 'ema',
      atr_threshold_percents: 2,
      price_direction: 'fall',
      start_point_coefficient: 0.5,
      timer_minutes: 30,
      signal_duration_minutes: 600,
      is_atr_minus_1: true,
      atr_minus_1_type: 'rng',
      atr_minus_1_value: '1;3',
      enable_sec_atr: true,
      revert_threshold: 40,
    },
    order_management_settings: {
      future_price_coefficient: 0.2,
      orders_quantity: 1,
      enter_orders: [{ atr_distance_coefficient: 0.3, size_percent: 100, timer_minutes: 10 }],
      atr_timer: 5,
      change_of_atr_percentage: 10,
      exit_order_place_coefficient: 0.5,
      size_timer_minutes: 15,
      high_low_change_percentage: 2,
      high_low_change_timer: 20,
      is_exit_rule_by_time_and_distance: true,
      exists_time_quantity: 1,
      exists_distance_quantity: 1,
      exit_timer_coeff_settings: [{ change_exit_timer_minutes: 60, change_exit_coefficient_by_time: 0.9 }],
      exit_d_threshold_settings: [{ change_exit_d_threshold_by_distance: 1, change_exit_coefficient_by_distance: 0.8 }],
    },
    indications_settings: [{ opp_settings: { is_enabled: true, timeframe: '1d', opp_sp: 5, opp_atr_t_percent: 10 }, le_settings: { is_enabled: true, timeframe: '4h', periods_amount: 200 } }],
    deviation_settings: { limit_funding_rate: 0.5, limit_price_deviation: 0.5 },
    single_cases_settings: { is_enabled: true, sc_type: 'sc_mm_decrease', signals_quantity: 3, mm_percent: 50 },
    monitoring_tag_settings: { block_signals: false },
    delisting_settings: { block_signals: true },
  };
}

/** A copy of the valid document with one block's field set (undefined removes it). */
function withField(path: string, value: unknown): SettingsDocument {
  const doc = valid();
  const keys = path.split('.');
  let target = doc as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  if (value === undefined) delete target[keys[keys.length - 1]];
  else target[keys[keys.length - 1]] = value;
  return doc;
}

describe('strategy settings', () => {
  it('accepts a complete valid document', () => {
    expect(validateStrategySettings(valid())).toEqual({});
  });

  const S = 'signal_settings';
  const O = 'order_management_settings';
  const cases: [string, unknown, string, string][] = [
    [`${S}.timeframe`, undefined, `${S}.timeframe`, M.timeframeBlank],
    [`${S}.price_direction`, 'sideways', `${S}.price_direction`, M.priceDirectionBlank],
    [`${S}.atr_smooth_algo`, undefined, `${S}.atr_smooth_algo`, M.smoothingBlank],
    [`${S}.start_point_coefficient`, undefined, `${S}.start_point_coefficient`, M.startCoefficientBlank],
    [`${S}.timer_minutes`, undefined, `${S}.timer_minutes`, M.rocTimerBlank],
    [`${S}.atr_threshold_percents`, undefined, `${S}.atr_threshold_percents`, M.atrThresholdBlank],
    [`${S}.signal_duration_minutes`, undefined, `${S}.signal_duration_minutes`, M.durationBlank],
    [`${S}.atr_n_periods`, 4, `${S}.atr_n_periods`, M.nPeriods],
    [`${S}.atr_n_periods`, 51, `${S}.atr_n_periods`, M.nPeriods],
    [`${S}.atr_n_periods`, 7.5, `${S}.atr_n_periods`, M.nPeriods],
    [`${S}.revert_threshold`, 101, `${S}.revert_threshold`, M.revertRange],
    [`${S}.is_atr_minus_1`, undefined, `${S}.is_atr_minus_1`, M.atrFlagBlank],
    [`${S}.atr_minus_1_value`, undefined, `${S}.atr_minus_1_value`, M.atrValueBlank],
    [`${S}.atr_minus_1_value`, '3;1', `${S}.atr_minus_1_value`, M.atr1Less(1)],
    [`${S}.atr_minus_1_value`, '3;1', `${S}.atr_minus_2_value`, M.atr2Greater(3)],
    [`${O}.orders_quantity`, undefined, `${O}.orders_quantity`, M.ordersQuantity],
    [`${O}.enter_orders.0.atr_distance_coefficient`, undefined, `${O}.enter_orders.0.atr_distance_coefficient`, M.distance],
    [`${O}.enter_orders.0.size_percent`, undefined, `${O}.enter_orders.0.size_percent`, M.size],
    [`${O}.enter_orders.0.timer_minutes`, undefined, `${O}.enter_orders.0.timer_minutes`, M.rocTimer],
    [`${O}.atr_timer`, undefined, `${O}.atr_timer`, M.atrTimer],
    [`${O}.change_of_atr_percentage`, undefined, `${O}.change_of_atr_percentage`, M.changeOfAtr],
    [`${O}.exit_order_place_coefficient`, 1.5, `${O}.exit_order_place_coefficient`, M.exitPlace],
    [`${O}.size_timer_minutes`, undefined, `${O}.size_timer_minutes`, M.sizeTimer],
    [`${O}.high_low_change_percentage`, undefined, `${O}.high_low_change_percentage`, M.highLowChange],
    [`${O}.high_low_change_timer`, undefined, `${O}.high_low_change_timer`, M.highLowTimer],
    [`${O}.exists_time_quantity`, 0, `${O}.exists_time_quantity`, M.exitQuantity],
    [`${O}.exists_distance_quantity`, undefined, `${O}.exists_distance_quantity`, M.exitQuantity],
    [`${O}.exit_timer_coeff_settings.0.change_exit_timer_minutes`, undefined, `${O}.exit_timer_coeff_settings.0.change_exit_timer_minutes`, M.timer],
    [`${O}.exit_timer_coeff_settings.0.change_exit_coefficient_by_time`, undefined, `${O}.exit_timer_coeff_settings.0.change_exit_coefficient_by_time`, M.coefficient],
    [`${O}.exit_d_threshold_settings.0.change_exit_d_threshold_by_distance`, undefined, `${O}.exit_d_threshold_settings.0.change_exit_d_threshold_by_distance`, M.threshold],
    [`${O}.future_price_coefficient`, undefined, `${O}.future_price_coefficient`, M.futurePrice],
    ['indications_settings.0.opp_settings.opp_sp', 11, 'indications_settings.0.opp_settings.opp_sp', M.oppSp],
    ['indications_settings.0.opp_settings.opp_atr_t_percent', 1, 'indications_settings.0.opp_settings.opp_atr_t_percent', M.oppAtr(2, 25)],
    ['indications_settings.0.opp_settings.timeframe', undefined, 'indications_settings.0.opp_settings.timeframe', M.oppTfBlank],
    ['indications_settings.0.le_settings.periods_amount', 1001, 'indications_settings.0.le_settings.periods_amount', M.lePeriods],
    ['indications_settings.0.le_settings.timeframe', undefined, 'indications_settings.0.le_settings.timeframe', M.leTfBlank],
    ['deviation_settings.limit_funding_rate', undefined, 'deviation_settings.limit_funding_rate', M.fieldRequired],
    ['deviation_settings.limit_price_deviation', 0.05, 'deviation_settings.limit_price_deviation', M.deviationMin],
    ['single_cases_settings.sc_type', undefined, 'single_cases_settings.sc_type', M.pickScType],
    ['single_cases_settings.signals_quantity', 0, 'single_cases_settings.signals_quantity', M.atLeast1],
    ['single_cases_settings.mm_percent', 101, 'single_cases_settings.mm_percent', M.atMost100],
    ['single_cases_settings.mm_percent', undefined, 'single_cases_settings.mm_percent', M.fieldRequired],
  ];
  it.each(cases)('%s = %j: %s says “%s”', (path, value, errorPath, message) => {
    expect(validateStrategySettings(withField(path, value))[errorPath]).toContain(message);
  });

  it('applies each rule only where it applies', () => {
    expect(validateStrategySettings(withField('signal_settings.is_atr_minus_1', false))).toEqual({});
    expect(validateStrategySettings(withField('single_cases_settings.is_enabled', false))).toEqual({});
    expect(validateStrategySettings(withField('indications_settings.0.opp_settings.is_enabled', false))).toEqual({});
    // Price grows: no single cases (the wizard skips them) and no future price.
    const growing = withField('signal_settings.price_direction', 'grow');
    delete (growing.order_management_settings as Record<string, unknown>).future_price_coefficient;
    (growing.single_cases_settings as Record<string, unknown>).sc_type = undefined;
    expect(validateStrategySettings(growing)).toEqual({});
    // Time rule only: the distance rows are not needed.
    const byTime = valid();
    Object.assign(byTime.order_management_settings as object, { is_exit_rule_by_time_and_distance: false, is_exit_rule_by_time: true, exists_distance_quantity: undefined });
    expect(validateStrategySettings(normalizeSettings(byTime) as SettingsDocument)).toEqual({});
  });

  it('checks only the blocks a draft holds, and every block of a finished profile', () => {
    const draft = { deviation_settings: { limit_funding_rate: 0.5, limit_price_deviation: 0.5 } };
    expect(validateStrategySettings(draft, { partial: true })).toEqual({});
    expect(Object.keys(validateStrategySettings(draft))).toContain('signal_settings.timeframe');
  });

  it('turns numeric strings into numbers and drops empty values at any depth', () => {
    expect(normalizeSettings({ a: '12', b: ' 0.5 ', c: '', d: null, e: [{ f: '3', g: 'ema' }], h: '1;3' })).toEqual({ a: 12, b: 0.5, e: [{ f: 3, g: 'ema' }], h: '1;3' });
  });
});

describe('the typed settings document', () => {
  it('types each value by its kind, as the validator judges it', () => {
    // @ts-expect-error a time frame outside the list
    const wrong: SettingsDocument = { signal_settings: { timeframe: '2h' } };
    expect(validateStrategySettings(wrong)['signal_settings.timeframe']).toEqual([M.timeframeBlank]);
  });

  it('reads only known keys whose values are of their kind; rows keep their numbers', () => {
    expect(readSettings(valid())).toEqual(valid());
    const read = readSettings({
      signal_settings: { timeframe: '2h', price_direction: 'fall', atr_n_periods: '14', is_atr_minus_1: true, atr_minus_1_value: '1;3', extra: 1 },
      order_management_settings: { enter_orders: [null, { size_percent: 50 }] },
      old_block: { a: 1 },
    });
    expect(read).toEqual({ signal_settings: { price_direction: 'fall', is_atr_minus_1: true, atr_minus_1_value: '1;3' }, order_management_settings: { enter_orders: [{}, { size_percent: 50 }] } });
    expect(readSettings([1])).toEqual({});
  });
});
