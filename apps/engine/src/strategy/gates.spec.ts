import { describe, expect, it } from 'vitest';
import { dec } from '../money';
import { mmDecision, signalGate, singleCaseEffect, type SignalGateInput } from './gates';
import { settings } from './testing/fixtures';

const open: SignalGateInput = {
  bot_enabled: true,
  profile_status: 'active',
  blocked_by_risk: false,
  pair_tags: { monitoring: false, delisting: false },
  funding_rate_percent: 0,
  price_deviation_percent: 0,
  signal_open_on_pair: false,
};

describe('signal gates', () => {
  it('let a signal through only with the bot on, the profile active, no block, tag or deviation, no open signal', () => {
    const s = settings(); // delisting blocks, monitoring does not; deviation limits 0.5 %
    expect(signalGate(s, open)).toBeNull();
    expect(signalGate(s, { ...open, bot_enabled: false })).toBe('bot_disabled');
    expect(signalGate(s, { ...open, profile_status: 'stopping' })).toBe('profile_not_active');
    expect(signalGate(s, { ...open, blocked_by_risk: true })).toBe('risk_blocked');
    expect(signalGate(s, { ...open, pair_tags: { monitoring: true, delisting: false } })).toBeNull();
    expect(signalGate(s, { ...open, pair_tags: { monitoring: false, delisting: true } })).toBe('delisting');
    expect(signalGate(s, { ...open, funding_rate_percent: -0.51 })).toBe('funding_rate');
    expect(signalGate(s, { ...open, funding_rate_percent: 0.5 })).toBeNull();
    expect(signalGate(s, { ...open, price_deviation_percent: 0.6 })).toBe('price_deviation');
    expect(signalGate(s, { ...open, signal_open_on_pair: true })).toBe('signal_open');
  });

  it('apply single cases for the signals after a loss', () => {
    const skip = { sc_type: 'sc_skip' as const, signals_quantity: 2, mm_percent: null };
    const decrease = { sc_type: 'sc_mm_decrease' as const, signals_quantity: 2, mm_percent: 50 };
    expect(singleCaseEffect(skip, 0)).toEqual({ skip: true });
    expect(singleCaseEffect(skip, 1)).toEqual({ skip: true });
    expect(singleCaseEffect(skip, 2).skip).toBe(false);
    expect(singleCaseEffect(skip, null).skip).toBe(false);
    const halved = singleCaseEffect(decrease, 1);
    expect(!halved.skip && halved.quotaFactor.toFixed()).toBe('0.5');
    expect(singleCaseEffect(null, 0).skip).toBe(false);
  });

  it('size the signal at the MM quota and queue it when every slot is taken', () => {
    const mm = { status: 'active' as const, one_signal_quota: dec('333.33'), max_signals_amount: 3, active_signals: 2 };
    const plain = singleCaseEffect(null, null);
    const start = mmDecision(mm, plain);
    expect(start.outcome === 'start' && start.size_currency.toFixed()).toBe('333.33');
    expect(mmDecision({ ...mm, active_signals: 3 }, plain).outcome).toBe('queue');
    expect(mmDecision({ ...mm, status: 'inactive' }, plain).outcome).toBe('refuse');
    expect(mmDecision(mm, { skip: true }).outcome).toBe('refuse');
    // SC-MM at 50 %: 333.33 · 0.5 = 166.665.
    const halved = mmDecision(mm, { skip: false, quotaFactor: dec('0.5') });
    expect(halved.outcome === 'start' && halved.size_currency.toFixed()).toBe('166.665');
  });
});
