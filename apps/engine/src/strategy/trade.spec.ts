import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../market/candle';
import { dec } from '../money';
import { closeOnAlert } from './commands';
import { openOnAlert, tradeMinute, type AlertOpenInput, type ProfileMinuteInput } from './trade';
import { ACTION, candle, flatMarket, minute, settings } from './testing/fixtures';

const gate: ProfileMinuteInput['gate'] = {
  bot_enabled: true,
  profile_status: 'active',
  blocked_by_risk: false,
  pair_tags: { monitoring: false, delisting: false },
  funding_rate_percent: 0,
  price_deviation_percent: 0,
};
const mm = { status: 'active' as const, one_signal_quota: dec('1000'), max_signals_amount: 5, active_signals: 0 };

describe('a profile’s minute on a pair', () => {
  it('starts a signal when the market gives one and the gates let it, once per move', () => {
    const s = settings();
    const market = flatMarket();
    const ctx = minute(market, candle(ACTION, 100, 101.7, 100, 101.6), s);
    const input: ProfileMinuteInput = { ctx, open: null, armed: true, gate, mm, signalsSinceLoss: null };

    expect(tradeMinute({ ...input, gate: { ...gate, blocked_by_risk: true } })).toMatchObject({ run: null, skipped: 'risk_blocked', armed: true });
    expect(tradeMinute({ ...input, armed: false })).toMatchObject({ run: null, skipped: 'not_armed', armed: false });

    const first = tradeMinute(input);
    expect(first).toMatchObject({ started: true, armed: false, skipped: null });
    // What order 1 bought at once: 4.921259842519 × 101.6 = 499.99999999993 → 500 at the money scale.
    expect([first.run?.signal.status, first.run?.signal.size_currency.toFixed()]).toEqual(['active', '500']);
    expect(first.events.map((e) => e.kind)).toEqual(['signal_started', 'order_placed', 'order_filled', 'order_placed', 'order_placed']);

    // The next minute steps that signal instead of looking for another.
    const next = tradeMinute({ ...input, ctx: minute(market, candle(ACTION + MINUTE_MS, 101.6, 101.7, 101.5, 101.6), s), open: first.run });
    expect(next).toMatchObject({ started: false, skipped: 'signal_open' });
    expect(next.run?.orders).toHaveLength(3);
  });

  it('arms again after a minute without a signal, and records a signal the MM profile refuses', () => {
    const s = settings();
    const market = flatMarket();
    const quiet = tradeMinute({ ctx: minute(market, candle(ACTION, 100, 100.5, 99.8, 100.2), s), open: null, armed: false, gate, mm, signalsSinceLoss: null });
    expect(quiet).toMatchObject({ run: null, skipped: 'no_move', armed: true });
    const refused = tradeMinute({ ctx: minute(market, candle(ACTION + MINUTE_MS, 100.2, 101.7, 100.2, 101.6), s), open: null, armed: true, gate, mm: { ...mm, status: 'inactive' }, signalsSinceLoss: null });
    expect(refused.run?.signal).toMatchObject({ status: 'canceled', state: 'canceled_by_mmsp' });
    expect(refused.run?.orders).toEqual([]);
    expect(refused).toMatchObject({ started: true, armed: false });
  });

  it('does not arm while the market is still warming up', () => {
    const s = settings();
    const market = flatMarket(2);
    const warming = tradeMinute({ ctx: minute(market, candle(ACTION, 100, 100, 100, 100), s), open: null, armed: false, gate, mm, signalsSinceLoss: null });
    expect(warming).toMatchObject({ skipped: 'warming_up', armed: false });
  });
});

describe('a signal an alert asks for', () => {
  const alertInput = (ctx: ProfileMinuteInput['ctx']): AlertOpenInput => ({ ctx, gate: { ...gate, signal_open_on_pair: false }, mm, signalsSinceLoss: null });

  it('starts at the close on a quiet market, sized by the MM profile, through the same gates', () => {
    const s = settings();
    // A minute the market gives no signal on: the alert is the signal.
    const ctx = minute(flatMarket(), candle(ACTION, 100, 100.5, 99.8, 100.2), s);
    expect(tradeMinute({ ctx, open: null, armed: true, gate, mm, signalsSinceLoss: null }).skipped).toBe('no_move');

    const opened = openOnAlert(alertInput(ctx));
    expect(opened.refused).toBeNull();
    expect(opened.started?.run.signal).toMatchObject({ status: 'active', start_point: dec('100.2') });
    expect(opened.started?.run.roc_origin).toBe(100.2);
    expect(opened.started?.events[0].kind).toBe('signal_started');

    expect(openOnAlert({ ...alertInput(ctx), gate: { ...gate, signal_open_on_pair: true } })).toEqual({ started: null, refused: 'signal_open' });
    expect(openOnAlert({ ...alertInput(ctx), gate: { ...gate, bot_enabled: false, signal_open_on_pair: false } })).toEqual({ started: null, refused: 'bot_disabled' });
    const mmRefused = openOnAlert({ ...alertInput(ctx), mm: { ...mm, status: 'inactive' } });
    expect(mmRefused.refused).toBe('mm_refused');
    expect(mmRefused.started?.run.signal).toMatchObject({ status: 'canceled', state: 'canceled_by_mmsp' });
  });

  it('is refused while the pair is warming up', () => {
    const ctx = minute(flatMarket(2), candle(ACTION, 100, 100, 100, 100), settings());
    expect(openOnAlert(alertInput(ctx))).toEqual({ started: null, refused: 'warming_up' });
  });

  it('a close ends what is held at market, and cancels a signal that holds nothing yet', () => {
    const s = settings();
    const market = flatMarket();
    const filled = tradeMinute({ ctx: minute(market, candle(ACTION, 100, 101.7, 100, 101.6), s), open: null, armed: true, gate, mm, signalsSinceLoss: null }).run!;
    const next = minute(market, candle(ACTION + MINUTE_MS, 101.6, 101.7, 101.5, 101.6), s);
    expect(closeOnAlert(filled, next).run.signal).toMatchObject({ status: 'finished' });

    const waiting = openOnAlert({ ...alertInput(minute(flatMarket(), candle(ACTION, 100, 100.5, 99.8, 100.2), s)), mm: { ...mm, active_signals: 5 } }).started!.run;
    expect(waiting.signal.status).toBe('in_queue');
    expect(closeOnAlert(waiting, minute(flatMarket(), candle(ACTION, 100, 100.5, 99.8, 100.2), s)).run.signal).toMatchObject({ status: 'canceled', state: 'canceled_by_user' });
  });
});
