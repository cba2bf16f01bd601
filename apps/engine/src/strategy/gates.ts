/**
 * What may stop a signal the market gives, before any order: the bot, the profile, the risk triggers,
 * the exchange's tags on the pair, the deviation limits, an open signal on the pair, the single cases
 * and the MM profile's slots. Readings chosen where only the settings' names are given:
 *
 * - Monitoring / delisting: when the pair carries the tag and the profile's block_signals is on.
 * - Deviation: the pair's funding rate and its price deviation (last price from the index, percent)
 *   must stay within limit_funding_rate and limit_price_deviation, in absolute value. A market without
 *   funding or index (the paper model) passes 0 for both.
 * - One signal per profile and pair at a time.
 * - Single cases (price direction fall only): after a losing trade of the profile, SC-Skip drops the
 *   next signals_quantity signals (state canceled_by_mmsp), SC-MM sizes them at mm_percent of the quota.
 * - MM profile: a signal is sized at the profile's one_signal_quota; it starts when fewer than
 *   max_signals_amount signals of the MM profile are active, else it waits in the queue (in_queue) for
 *   as long as its first enter order's timer, then it is canceled_by_mmsp. An MM profile that is not
 *   active refuses at once.
 */
import type { MmProfileStatus, StrategyProfileStatus } from '@console/contracts';
import { dec, toScale, type Dec } from '../money';
import type { SingleCases, StrategySettings } from './settings';

export interface SignalGateInput {
  bot_enabled: boolean;
  profile_status: StrategyProfileStatus;
  /** A risk trigger blocks new signals of the profile. */
  blocked_by_risk: boolean;
  pair_tags: { monitoring: boolean; delisting: boolean };
  /** Percent; 0 when the market has none. */
  funding_rate_percent: number;
  /** Percent; 0 when the market has no index. */
  price_deviation_percent: number;
  /** The profile already has an open signal (active or in queue) on the pair. */
  signal_open_on_pair: boolean;
}

export type GateRefusal = 'bot_disabled' | 'profile_not_active' | 'risk_blocked' | 'monitoring_tag' | 'delisting' | 'funding_rate' | 'price_deviation' | 'signal_open';

/** Why no signal may start now, or null when one may. */
export function signalGate(settings: StrategySettings, input: SignalGateInput): GateRefusal | null {
  if (!input.bot_enabled) return 'bot_disabled';
  if (input.profile_status !== 'active') return 'profile_not_active';
  if (input.blocked_by_risk) return 'risk_blocked';
  if (input.pair_tags.monitoring && settings.block_signals_when_monitored) return 'monitoring_tag';
  if (input.pair_tags.delisting && settings.block_signals_when_delisting) return 'delisting';
  if (Math.abs(input.funding_rate_percent) > settings.deviation.limit_funding_rate) return 'funding_rate';
  if (Math.abs(input.price_deviation_percent) > settings.deviation.limit_price_deviation) return 'price_deviation';
  if (input.signal_open_on_pair) return 'signal_open';
  return null;
}

export type SingleCaseEffect = { skip: true } | { skip: false; quotaFactor: Dec };

/**
 * The single cases' effect on the next signal; `signalsSinceLoss` counts the profile's signals started
 * since its last losing trade (null: no loss yet).
 */
export function singleCaseEffect(singleCases: SingleCases | null, signalsSinceLoss: number | null): SingleCaseEffect {
  if (!singleCases || signalsSinceLoss === null || signalsSinceLoss >= singleCases.signals_quantity) return { skip: false, quotaFactor: dec(1) };
  if (singleCases.sc_type === 'sc_skip') return { skip: true };
  return { skip: false, quotaFactor: dec(singleCases.mm_percent ?? 100).div(100) };
}

export interface MmSlots {
  status: MmProfileStatus;
  one_signal_quota: Dec;
  max_signals_amount: number;
  /** Signals of the MM profile that are active now (queued ones not counted). */
  active_signals: number;
}

export type MmDecision = { outcome: 'start'; size_currency: Dec } | { outcome: 'queue'; size_currency: Dec } | { outcome: 'refuse' };

/** Whether the MM profile lets a signal start, wait, or not at all, and the signal's size in USD. */
export function mmDecision(mm: MmSlots, effect: SingleCaseEffect): MmDecision {
  if (mm.status !== 'active' || effect.skip) return { outcome: 'refuse' };
  const size_currency = toScale(mm.one_signal_quota.times(effect.quotaFactor), 'money');
  if (size_currency.lessThanOrEqualTo(0)) return { outcome: 'refuse' };
  return { outcome: mm.active_signals < mm.max_signals_amount ? 'start' : 'queue', size_currency };
}
