import { describe, expect, it } from 'vitest';
import { dec } from '../money';
import { adverseDistanceInAtr, bestLimitPrice, exitCoefficient, exitPrice, reduceQuantity, type ExitCoefficientInput } from './exits';

const rules: ExitCoefficientInput = {
  base: 0.6,
  // Out of order on purpose: the steps are matched by their minutes and thresholds, not their position.
  byTime: [
    { change_exit_timer_minutes: 240, change_exit_coefficient_by_time: 0.3 },
    { change_exit_timer_minutes: 120, change_exit_coefficient_by_time: 0.5 },
  ],
  byDistance: [{ change_exit_d_threshold_by_distance: 2, change_exit_coefficient_by_distance: 0.4 }],
  minutesInPosition: 100,
  adverseAtr: 1,
  skip_check_by_timer: false,
  skip_check_by_distance: false,
  k_e_recovery: false,
};

describe('k-exit', () => {
  it('sits the coefficient times ATR from the entry, toward profit, on the tick', () => {
    expect(exitPrice('long', dec('100'), 0.6, 2.5, 2).toFixed()).toBe('101.5');
    expect(exitPrice('short', dec('100'), 0.6, 2.5, 2).toFixed()).toBe('98.5');
    // 0.333 × 1.234567 = 0.411110811 → 100.411 on a 0.001 tick.
    expect(exitPrice('long', dec('100'), 0.333, 1.234567, 3).toFixed()).toBe('100.411');
    // Never at or below zero: one tick at least.
    expect(exitPrice('short', dec('0.5'), 1, 2, 2).toFixed()).toBe('0.01');
  });

  it('takes the coefficient the exit rules reach, the lower of the two when both do', () => {
    expect(exitCoefficient(rules)).toBe(0.6);
    expect(exitCoefficient({ ...rules, minutesInPosition: 130 })).toBe(0.5);
    expect(exitCoefficient({ ...rules, minutesInPosition: 250 })).toBe(0.3);
    expect(exitCoefficient({ ...rules, minutesInPosition: 130, adverseAtr: 2.5 })).toBe(0.4);
    expect(exitCoefficient({ ...rules, minutesInPosition: 250, adverseAtr: 2.5 })).toBe(0.3);
    expect(exitCoefficient({ ...rules, byTime: [], byDistance: [], minutesInPosition: 9999, adverseAtr: 9 })).toBe(0.6);
  });

  it('skips a rule while its skip check is on, and stops both after a k-exit recovery', () => {
    const late = { ...rules, minutesInPosition: 130, adverseAtr: 2.5 };
    expect(exitCoefficient({ ...late, skip_check_by_distance: true })).toBe(0.5);
    expect(exitCoefficient({ ...late, skip_check_by_timer: true })).toBe(0.4);
    expect(exitCoefficient({ ...late, skip_check_by_timer: true, skip_check_by_distance: true })).toBe(0.6);
    expect(exitCoefficient({ ...late, minutesInPosition: 500, adverseAtr: 5, k_e_recovery: true })).toBe(0.6);
  });

  it('measures the adverse distance in ATRs from the entry', () => {
    expect(adverseDistanceInAtr('long', dec('100'), '95', 2.5)).toBe(2);
    expect(adverseDistanceInAtr('short', dec('100'), '95', 2.5)).toBe(-2);
    expect(adverseDistanceInAtr('short', dec('100'), '105', 2.5)).toBe(2);
    expect(adverseDistanceInAtr('long', dec('100'), '95', 0)).toBe(0);
  });
});

describe('closes', () => {
  it('best limit rests one tick beyond the last price on the exit’s side', () => {
    expect(bestLimitPrice('long', '100.05', 2).toFixed()).toBe('100.06');
    expect(bestLimitPrice('short', '100.05', 2).toFixed()).toBe('100.04');
    expect(bestLimitPrice('short', '0.01', 2).toFixed()).toBe('0.01');
  });

  it('reduce takes the percent of the coins, cut to 12 decimals', () => {
    // 0.123456789012 × 33.33 / 100 = 0.0411481477776996.
    expect(reduceQuantity(dec('0.123456789012'), '33.33').toFixed()).toBe('0.041148147777');
    expect(reduceQuantity(dec('2'), 100).toFixed()).toBe('2');
    expect(() => reduceQuantity(dec('2'), 0)).toThrow(/above 0/);
    expect(() => reduceQuantity(dec('2'), 100.01)).toThrow(/at most 100/);
  });
});
