/**
 * One profile on one pair for one minute: step its open signal, or else see whether a new one starts.
 * Signals are edge-triggered: after a signal starts, the next one on the same profile and pair needs
 * the market to have given no signal for at least a minute in between (`armed`), so one move makes
 * one signal, not one per minute while the condition holds.
 */
import { endSignal, isFinal, startSignal, stepSignal, type MinuteContext, type RunEvent, type SignalRun } from './lifecycle';
import { mmDecision, signalGate, singleCaseEffect, type GateRefusal, type MmSlots, type SignalGateInput } from './gates';
import { alertFigures, checkSignal, type SignalMiss } from './signal';

export interface ProfileMinuteInput {
  ctx: MinuteContext;
  /** The profile's signal on the pair that is not over yet, if any. */
  open: SignalRun | null;
  /** Whether the market gave no signal at some minute since the last signal started. */
  armed: boolean;
  gate: Omit<SignalGateInput, 'signal_open_on_pair'>;
  mm: MmSlots;
  signalsSinceLoss: number | null;
}

export interface ProfileMinute {
  /** The run stepped or started this minute (null: none). */
  run: SignalRun | null;
  /** A new run was created this minute (the caller inserts its signal row). */
  started: boolean;
  armed: boolean;
  events: RunEvent[];
  /** Why no signal started, when none did. */
  skipped: GateRefusal | SignalMiss | 'not_armed' | null;
}

export function tradeMinute(input: ProfileMinuteInput): ProfileMinute {
  const { ctx } = input;
  if (input.open && !isFinal(input.open)) {
    const { run, events } = stepSignal(input.open, ctx);
    return { run, started: false, armed: false, events, skipped: 'signal_open' };
  }
  const refusal = signalGate(ctx.settings, { ...input.gate, signal_open_on_pair: false });
  if (refusal) return { run: null, started: false, armed: input.armed, events: [], skipped: refusal };
  const verdict = checkSignal(ctx.settings, ctx.market);
  if (!verdict.fires) return { run: null, started: false, armed: input.armed || verdict.miss !== 'warming_up', events: [], skipped: verdict.miss };
  if (!input.armed) return { run: null, started: false, armed: false, events: [], skipped: 'not_armed' };

  const decision = mmDecision(input.mm, singleCaseEffect(ctx.settings.single_cases, input.signalsSinceLoss));
  if (decision.outcome === 'refuse') {
    // Recorded as a signal the money management refused, sized at the plain quota.
    const { run, events } = startSignal(verdict.figures, input.mm.one_signal_quota, 'queue', ctx);
    endSignal(run, 'canceled', 'canceled_by_mmsp', 'CANCELED_MANUAL', ctx, events);
    return { run, started: true, armed: false, events, skipped: null };
  }
  const { run, events } = startSignal(verdict.figures, decision.size_currency, decision.outcome, ctx);
  return { run, started: true, armed: false, events, skipped: null };
}

export interface AlertOpenInput {
  ctx: MinuteContext;
  gate: SignalGateInput;
  mm: MmSlots;
  signalsSinceLoss: number | null;
}

/**
 * `started`: a run was made (its signal row is written); `refused`: why no signal trades. A money
 * management refusal does both, as for a signal the market gives: it is recorded canceled_by_mmsp, and
 * it counts for the single cases.
 */
export interface AlertOpen {
  started: { run: SignalRun; events: RunEvent[] } | null;
  refused: GateRefusal | 'mm_refused' | 'warming_up' | null;
}

/**
 * A signal an alert asks for on the profile and pair: the same gates, money management and start as a
 * signal the market gives (tradeMinute), with the alert in place of the market's conditions and of the
 * edge trigger.
 */
export function openOnAlert(input: AlertOpenInput): AlertOpen {
  const { ctx } = input;
  const refusal = signalGate(ctx.settings, input.gate);
  if (refusal) return { started: null, refused: refusal };
  const figures = alertFigures(ctx.settings, ctx.market);
  if (!figures) return { started: null, refused: 'warming_up' };
  const decision = mmDecision(input.mm, singleCaseEffect(ctx.settings.single_cases, input.signalsSinceLoss));
  if (decision.outcome === 'refuse') {
    const { run, events } = startSignal(figures, input.mm.one_signal_quota, 'queue', ctx);
    endSignal(run, 'canceled', 'canceled_by_mmsp', 'CANCELED_MANUAL', ctx, events);
    return { started: { run, events }, refused: 'mm_refused' };
  }
  return { started: startSignal(figures, decision.size_currency, decision.outcome, ctx), refused: null };
}
