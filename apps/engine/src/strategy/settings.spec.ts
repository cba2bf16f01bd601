import { describe, expect, it } from 'vitest';
import { readStrategySettings, StrategySettingsError, timeframesOf } from './settings';
import { settingsDoc } from './testing/fixtures';

describe('strategy settings', () => {
  it('reads a v1 document into typed settings', () => {
    const s = readStrategySettings(settingsDoc());
    expect(s.direction).toBe('long');
    expect(s.signal).toMatchObject({ timeframe: '1h', atr_n_periods: 5, atr_smooth_algo: 'sma', start_point_coefficient: 0.8, revert_threshold: 50, tr_in_atr_threshold: null, atr_minus_1: null });
    expect(s.orders.enter_orders).toEqual([
      { atr_distance_coefficient: 0, size_percent: 50, timer_minutes: 30 },
      { atr_distance_coefficient: 0.5, size_percent: 50, timer_minutes: 60 },
    ]);
    expect(s.orders.exit_by_time).toEqual([{ change_exit_timer_minutes: 120, change_exit_coefficient_by_time: 0.5 }]);
    expect(s.orders.exit_by_distance).toEqual([]);
    expect(s.orders.future_price_coefficient).toBeNull();
    expect([s.single_cases, s.block_signals_when_monitored, s.block_signals_when_delisting]).toEqual([null, false, true]);
    expect(timeframesOf(s)).toEqual(['1h']);
  });

  it('reads a short profile with its future price, single cases and indications', () => {
    const s = readStrategySettings(
      settingsDoc({
        signal: { price_direction: 'fall' },
        orders: { future_price_coefficient: 1.01 },
        rest: {
          single_cases_settings: { is_enabled: true, sc_type: 'sc_mm_decrease', signals_quantity: 3, mm_percent: 50 },
          indications_settings: [
            { opp_settings: { is_enabled: true, timeframe: '4h', opp_sp: 3, opp_atr_t_percent: 5 }, le_settings: { is_enabled: false } },
            { opp_settings: { is_enabled: false }, le_settings: { is_enabled: true, timeframe: '1d', periods_amount: 20 } },
          ],
        },
      }),
    );
    expect(s.direction).toBe('short');
    expect(s.orders.future_price_coefficient).toBe(1.01);
    expect(s.single_cases).toEqual({ sc_type: 'sc_mm_decrease', signals_quantity: 3, mm_percent: 50 });
    expect(s.opp).toEqual([{ timeframe: '4h', opp_sp: 3, opp_atr_t_percent: 5 }]);
    expect(s.le).toEqual([{ timeframe: '1d', periods_amount: 20 }]);
    expect(timeframesOf(s)).toEqual(['1h', '4h', '1d']);
  });

  it('reads the ATR-1 filter as bounds', () => {
    const filter = (signal: Record<string, unknown>) => readStrategySettings(settingsDoc({ signal: { is_atr_minus_1: true, ...signal } })).signal.atr_minus_1;
    expect(filter({ atr_minus_1_type: 'gte', atr_minus_1_value: 1.2 })).toEqual({ min: 1.2, max: null });
    expect(filter({ atr_minus_1_type: 'lte', atr_minus_1_value: 3 })).toEqual({ min: null, max: 3 });
    expect(filter({ atr_minus_1_type: 'rng', atr_minus_1_value: '1;3', enable_sec_atr: true })).toEqual({ min: 1, max: 3 });
    expect(filter({ atr_minus_1_type: 'gte', atr_minus_1_value: 1, enable_sec_atr: true, atr_minus_2_type: 'lte', atr_minus_2_value: 4 })).toEqual({ min: 1, max: 4 });
  });

  it('takes the first rows the quantities name, and both exit rules with the both flag', () => {
    const s = readStrategySettings(
      settingsDoc({
        orders: {
          orders_quantity: 1,
          is_exit_rule_by_time: false,
          is_exit_rule_by_time_and_distance: true,
          exists_time_quantity: 1,
          exit_timer_coeff_settings: [
            { change_exit_timer_minutes: 60, change_exit_coefficient_by_time: 0.5 },
            { change_exit_timer_minutes: 90, change_exit_coefficient_by_time: 0.4 },
          ],
          exists_distance_quantity: 1,
          exit_d_threshold_settings: [{ change_exit_d_threshold_by_distance: 2, change_exit_coefficient_by_distance: 0.3 }],
        },
      }),
    );
    expect(s.orders.enter_orders).toHaveLength(1);
    expect(s.orders.exit_by_time).toEqual([{ change_exit_timer_minutes: 60, change_exit_coefficient_by_time: 0.5 }]);
    expect(s.orders.exit_by_distance).toEqual([{ change_exit_d_threshold_by_distance: 2, change_exit_coefficient_by_distance: 0.3 }]);
  });

  it('refuses a document the console’s validator refuses, naming the faults', () => {
    expect(() => readStrategySettings(settingsDoc({ signal: { atr_n_periods: 3 } }))).toThrow(StrategySettingsError);
    expect(() => readStrategySettings(settingsDoc({ signal: { atr_n_periods: 3 } }))).toThrow('signal_settings.atr_n_periods: The value can be only in interval of 5 - 50');
    expect(() => readStrategySettings({})).toThrow(/signal_settings.timeframe/);
  });
});
