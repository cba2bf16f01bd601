import { describe, expect, it } from 'vitest';
import { validateStrategySettings } from './strategy-settings';
import { combineAtr, exitFlagsOf, exitModeOf, isExitMode, settingsPayload, splitAtr } from './strategy-wizard';

describe('the ATR value as submitted', () => {
  it('joins both ranges as rng a;b, keeps ATR-1 alone, and sends 0 when off', () => {
    expect(combineAtr({ is_atr_minus_1: true, atr_minus_1_type: 'gte', atr_minus_1_value: '1', enable_sec_atr: true, atr_minus_2_type: 'lte', atr_minus_2_value: '3' })).toEqual({
      is_atr_minus_1: true,
      atr_minus_1_type: 'rng',
      atr_minus_1_value: '1;3',
      enable_sec_atr: true,
    });
    expect(combineAtr({ is_atr_minus_1: true, atr_minus_1_type: 'lte', atr_minus_1_value: '2', enable_sec_atr: false, atr_minus_2_value: '' })).toEqual({
      is_atr_minus_1: true,
      atr_minus_1_type: 'lte',
      atr_minus_1_value: '2',
      enable_sec_atr: false,
    });
    expect(combineAtr({ is_atr_minus_1: false, atr_minus_1_type: 'gte', atr_minus_1_value: '5' })).toMatchObject({ atr_minus_1_value: '0', enable_sec_atr: false });
  });

  it('splits a stored range back into the two inputs', () => {
    expect(splitAtr({ is_atr_minus_1: true, atr_minus_1_type: 'rng', atr_minus_1_value: '1;3', enable_sec_atr: true })).toMatchObject({
      atr_minus_1_type: 'gte',
      atr_minus_1_value: '1',
      atr_minus_2_type: 'lte',
      atr_minus_2_value: '3',
      enable_sec_atr: true,
    });
    expect(splitAtr({ is_atr_minus_1: true, atr_minus_1_type: 'gte', atr_minus_1_value: 1.2 })).toMatchObject({ atr_minus_1_value: 1.2, enable_sec_atr: false });
  });

  it('sends what the validator accepts: numbers as numbers, no empty values, single cases only when on', () => {
    const payload = settingsPayload({
      signal_settings: { timeframe: '1h', atr_n_periods: '14', atr_smooth_algo: 'ema', atr_threshold_percents: '2', price_direction: 'fall', start_point_coefficient: '0.5', timer_minutes: '30', signal_duration_minutes: '600', revert_threshold: '', is_atr_minus_1: true, atr_minus_1_type: 'gte', atr_minus_1_value: '1', enable_sec_atr: true, atr_minus_2_type: 'lte', atr_minus_2_value: '3' },
      single_cases_settings: { is_enabled: false, sc_type: 'sc_skip', signals_quantity: '4', mm_percent: '' },
    });
    expect(payload.signal_settings).toMatchObject({ atr_n_periods: 14, atr_minus_1_type: 'rng', atr_minus_1_value: '1;3' });
    expect(payload.signal_settings).not.toHaveProperty('revert_threshold');
    expect(payload.single_cases_settings).toEqual({ is_enabled: false });
    expect(validateStrategySettings(payload, { partial: true })).toEqual({});
  });
});

describe('exit rule modes', () => {
  it('reads the three flags as one choice and back', () => {
    for (const mode of ['none', 'time', 'distance', 'both'] as const) expect(exitModeOf(exitFlagsOf(mode))).toBe(mode);
  });
  it('knows a radio’s value for one of the four, and nothing else', () => {
    expect(['none', 'time', 'distance', 'both'].every(isExitMode)).toBe(true);
    expect(['', 'sideways', 'toString', undefined].some(isExitMode)).toBe(false);
  });
});
