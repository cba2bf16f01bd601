import { describe, expect, it } from 'vitest';
import { eventInWords, LOG_SENTENCES, logSentence, rawData } from './log-message';

describe('log sentences', () => {
  it('write each engine event as a sentence, its detail in words', () => {
    expect(logSentence('order_cancelled', { state: 'active_np', message: 'order cancelled (CANCELED_BY_TIMER)' })).toBe('Order cancelled: canceled by timer.');
    expect(logSentence('order_filled', { state: 'active_fp', message: 'order filled (maker)' })).toBe('Order filled: maker.');
    expect(logSentence('order_placed', { state: 'active_fp', message: 'order placed' })).toBe('Order placed on the exchange.');
    expect(logSentence('signal_received', { state: 'active_np', message: 'signal started' })).toBe('Signal received and started.');
    expect(logSentence('signal_received', { state: 'in_queue', message: 'signal queued' })).toBe('Signal received and queued.');
    expect(logSentence('signal_cancelled', { state: 'canceled_by_mmsp', message: 'signal cancelled (canceled_by_mmsp)' })).toBe('Signal cancelled: canceled by mmsp.');
  });

  it('write figures at their column precision, never a float’s 17 digits', () => {
    expect(logSentence('risk_trigger_reduced', { measure: '4.0146000583', message: "risk trigger 'Hard risk control' reduced 1 position(s)", trigger_id: '3' })).toBe(
      "Risk trigger 'Hard risk control' reduced 1 position (measured 4.01).",
    );
    expect(logSentence('risk_trigger_fired', { measure: '1800', message: "risk trigger 'Position older than 30 h' (timer) fired", trigger_id: '7' })).toBe(
      "Risk trigger 'Position older than 30 h' fired (measured 1800.00).",
    );
    expect(logSentence('mm_deposit_reinvested', { percent: 0.1 + 0.2 + 1, asset_sum: 10234.567890123457, asset_sum_day_before: 10110.000000000002, accounts: [] })).toBe(
      'Deposits reinvested 1.30%: assets $10,234.57 (the day before $10,110.00).',
    );
  });

  it('name the API token a write was made with', () => {
    expect(logSentence('api_token_created', { name: 'nightly', prefix: 'tc_abcdefgh' })).toBe('API token nightly (tc_abcdefgh…) created.');
    expect(logSentence('pairs_synced', { listed: 2, credential: { kind: 'api_token', id: 3, name: 'nightly' } })).toBe('Pairs synced: 2 pairs listed. With API token nightly.');
    expect(logSentence('pairs_synced', { listed: 2 })).toBe('Pairs synced: 2 pairs listed.');
  });

  it('write an event without a formatter as its name in words, with its message', () => {
    expect(eventInWords('strategy_profile_created')).toBe('Strategy profile created');
    expect(logSentence('strategy_profile_created', { profile_id: 4 })).toBe('Strategy profile created.');
    expect(logSentence('engine_stop_profile_failed', { error: 'The engine does not trade this row.' })).toBe('Engine stop profile failed: The engine does not trade this row.');
    expect(logSentence(undefined, {})).toBe('Event.');
  });

  it('no sentence shows snake_case or raw JSON', () => {
    const data = { message: "risk trigger 'X' closed 2 position(s)", measure: '0.1', trigger_id: '1', reason: 'bad_code', email: 'a@b.c', ended: 3, size: 10, operation_type: 'add_funds', percent: 1, asset_sum: 1, asset_sum_day_before: 1, listed: 2, target_user_id: 5 };
    for (const [event, format] of Object.entries(LOG_SENTENCES)) {
      const sentence = format(data);
      expect(sentence, event).not.toMatch(/[a-z]_[a-z]|[{}]/);
      expect(sentence, event).toMatch(/[.]$/);
    }
  });

  it('give the stored data whole on demand', () => {
    expect(JSON.parse(rawData({ measure: '4.0146000583', trigger_id: '3' }))).toEqual({ measure: '4.0146000583', trigger_id: '3' });
  });
});
