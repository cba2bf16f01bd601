/**
 * Risk-control triggers: from the newest metrics rows and the open positions, which triggers fire and
 * what they do. The trigger types and fields are given, their measures are not; the readings chosen:
 *
 * Measures (each compared with trigger_blocker; the value ranges are the contracts' TRIGGER_VALUE_RANGES):
 * - nav, nav_reducing, nav_alerting: NAV's fall below the monthly HWM, percent of it:
 *   100 · (deposit_monthly − nav) / deposit_monthly (0 at or above it).
 * - imp_loss: the imp. loss as a percent of NAV, 100 · imp_loss / nav (≤ 0); blocker and unblocker are
 *   read as sizes of a loss, so −15 and 15 both mean a loss of 15 % of NAV.
 * - var: VaR as a percent of NAV, 100 · var / nav.
 * - opposite_dir: the percent of the group's pairs whose market moved against the profile's direction
 *   by trigger_blocker_opp_dir_sp ATRs with an ATR of at least trigger_blocker_opp_dir_atr % of the
 *   price (the OPP indication's rule, strategy/signal.ts), as the caller measures it.
 * - timer: the age in minutes of the group's oldest open position (since its first fill).
 *
 * A trigger's account names the metrics it reads; none: the worst account. Its group names the
 * profiles whose positions it reads and whose new signals it blocks; an empty group is every profile
 * (of its account, when it has one). Its active-profile blockers, when any, make it apply only while
 * at least one of them is active.
 *
 * Firing and release: the measure must reach the blocker for `timer` minutes in a row (0: at once).
 * A fired trigger is released when the measure is back at or below the unblocker (none: below the
 * blocker); an inactive trigger is released at once.
 *
 * Effects: every type but nav_alerting blocks the group's new signals while fired; `alert` (and every
 * nav_alerting trigger) sends an alert when it fires. nav_reducing (Hard Risk Control) acts in stages
 * on the same measure, each once per firing: at x_percent_depo it reduces the group's open positions
 * by position_reduce %, at y_percent_depo it closes them at market.
 */
import type { RiskTriggerType } from '@console/contracts';
import { MINUTE_MS } from '../market/candle';
import { dec, type Dec } from '../money';
import type { AccountMetricsRow } from '../metrics/account-metrics';

/** A risk_triggers row with its profile links, as the engine reads it. */
export interface RiskTriggerRow {
  id: number;
  trigger_name: string;
  trigger_type: RiskTriggerType;
  exchange_account_id: number | null;
  trigger_blocker: number;
  trigger_blocker_opp_dir_sp: number | null;
  trigger_blocker_opp_dir_atr: number | null;
  trigger_unblocker: number | null;
  alert: boolean;
  timer: number;
  position_reduce: number | null;
  x_percent_depo: number | null;
  y_percent_depo: number | null;
  is_active: boolean;
  /** Profiles of the trigger's group (role group). */
  group_profiles: readonly number[];
  /** Profiles that must be active for the trigger to apply (role blocker_active). */
  blocker_active_profiles: readonly number[];
}

export interface TriggerState {
  fired: boolean;
  /** Since when the measure has been at or beyond the blocker (null: it is not). */
  condition_since: number | null;
  /** When it last fired (the triggered_at column). */
  triggered_at: number | null;
  /** nav_reducing stages done in this firing. */
  reduced: boolean;
  closed: boolean;
}

export const QUIET_TRIGGER: TriggerState = { fired: false, condition_since: null, triggered_at: null, reduced: false, closed: false };

export interface RiskPosition {
  id: number;
  exchange_account_id: number;
  profile_id: number | null;
  /** The first fill (epoch ms). */
  opened_at: number;
}

export interface RiskInputs {
  at: number;
  /** The newest metrics row of each account. */
  metrics: readonly AccountMetricsRow[];
  /** Open positions with a signal (lost positions belong to no profile and are left out). */
  positions: readonly RiskPosition[];
  /** Every strategy profile with its account, and whether it is active. */
  profiles: readonly { id: number; exchange_account_id: number; active: boolean }[];
  /** opposite_dir's measure for a set of profiles: percent of their pairs in an opposite move. */
  oppositeMovePercent: (profileIds: readonly number[], sp: number, atrPercent: number) => number;
}

export type RiskEffect =
  | { kind: 'block'; profile_ids: number[] }
  | { kind: 'unblock'; profile_ids: number[] }
  | { kind: 'alert'; message: string }
  | { kind: 'reduce'; position_ids: number[]; percent: number }
  | { kind: 'close'; position_ids: number[] };

export interface TriggerOutcome {
  state: TriggerState;
  /** The measure this minute (null: nothing to measure, e.g. no metrics for its account yet). */
  measure: number | null;
  effects: RiskEffect[];
}

const percent = (part: Dec, whole: Dec): number => (whole.isZero() ? 0 : part.div(whole).times(100).toNumber());

/** Rows are never changed once made: the three NAV trigger types of a minute share one division. */
const drawdowns = new WeakMap<AccountMetricsRow, number>();

/** NAV's fall below the monthly HWM, percent. */
export function navDrawdownPercent(row: AccountMetricsRow): number {
  let value = drawdowns.get(row);
  if (value === undefined) {
    value = row.deposit_monthly.greaterThan(0) ? Math.max(0, percent(row.deposit_monthly.minus(row.nav), row.deposit_monthly)) : 0;
    drawdowns.set(row, value);
  }
  return value;
}

function groupProfiles(trigger: RiskTriggerRow, inputs: RiskInputs): number[] {
  if (trigger.group_profiles.length) return [...trigger.group_profiles];
  return inputs.profiles.filter((p) => trigger.exchange_account_id === null || p.exchange_account_id === trigger.exchange_account_id).map((p) => p.id);
}

function groupPositions(trigger: RiskTriggerRow, profiles: readonly number[], inputs: RiskInputs): RiskPosition[] {
  return inputs.positions.filter((p) => p.profile_id !== null && profiles.includes(p.profile_id) && (trigger.exchange_account_id === null || p.exchange_account_id === trigger.exchange_account_id));
}

/** The trigger's measure now, in the units of its blocker. */
export function triggerMeasure(trigger: RiskTriggerRow, inputs: RiskInputs): number | null {
  const rows = inputs.metrics.filter((row) => trigger.exchange_account_id === null || row.exchange_account_id === trigger.exchange_account_id);
  const worst = (measure: (row: AccountMetricsRow) => number) => (rows.length ? Math.max(...rows.map(measure)) : null);
  const profiles = groupProfiles(trigger, inputs);
  switch (trigger.trigger_type) {
    case 'nav':
    case 'nav_reducing':
    case 'nav_alerting':
      return worst(navDrawdownPercent);
    case 'imp_loss':
      return worst((row) => Math.abs(percent(row.imp_loss, row.nav)));
    case 'var':
      return worst((row) => percent(row.var, row.nav));
    case 'opposite_dir':
      return inputs.oppositeMovePercent(profiles, trigger.trigger_blocker_opp_dir_sp ?? 0, trigger.trigger_blocker_opp_dir_atr ?? 0);
    case 'timer': {
      const opened = groupPositions(trigger, profiles, inputs).map((p) => p.opened_at);
      return opened.length ? (inputs.at - Math.min(...opened)) / MINUTE_MS : 0;
    }
  }
}

/** The threshold to fire at and the one to be released at, in the measure's units. */
function thresholds(trigger: RiskTriggerRow): { fire: number; release: number | null } {
  const sized = trigger.trigger_type === 'imp_loss' ? Math.abs : (v: number) => v;
  return { fire: sized(trigger.trigger_blocker), release: trigger.trigger_unblocker === null ? null : sized(trigger.trigger_unblocker) };
}

/** One minute of a trigger: its new state and what it does. */
export function evaluateTrigger(trigger: RiskTriggerRow, state: TriggerState, inputs: RiskInputs): TriggerOutcome {
  const profiles = groupProfiles(trigger, inputs);
  const blocks = trigger.trigger_type !== 'nav_alerting';
  const released = (measure: number | null): TriggerOutcome => ({
    state: { ...QUIET_TRIGGER, triggered_at: state.triggered_at },
    measure,
    effects: state.fired && blocks ? [{ kind: 'unblock', profile_ids: profiles }] : [],
  });
  const applies = trigger.is_active && (trigger.blocker_active_profiles.length === 0 || inputs.profiles.some((p) => p.active && trigger.blocker_active_profiles.includes(p.id)));
  if (!applies) return released(null);

  const measure = triggerMeasure(trigger, inputs);
  if (measure === null) return { state, measure, effects: [] };
  const { fire, release } = thresholds(trigger);
  const effects: RiskEffect[] = [];
  let next: TriggerState = { ...state };

  if (!state.fired) {
    if (measure < fire) return { state: { ...state, condition_since: null }, measure, effects };
    const since = state.condition_since ?? inputs.at;
    if (inputs.at - since < trigger.timer * MINUTE_MS) return { state: { ...state, condition_since: since }, measure, effects };
    next = { fired: true, condition_since: since, triggered_at: inputs.at, reduced: false, closed: false };
    if (blocks) effects.push({ kind: 'block', profile_ids: profiles });
    if (trigger.alert || trigger.trigger_type === 'nav_alerting') {
      effects.push({ kind: 'alert', message: `Risk trigger '${trigger.trigger_name}' (${trigger.trigger_type}) fired at ${round2(measure)} (blocker ${trigger.trigger_blocker}).` });
    }
  } else if (release !== null ? measure <= release : measure < fire) {
    return released(measure);
  }

  if (trigger.trigger_type === 'nav_reducing') {
    const positions = groupPositions(trigger, profiles, inputs).map((p) => p.id);
    if (!next.closed && trigger.y_percent_depo !== null && measure >= trigger.y_percent_depo) {
      next = { ...next, closed: true, reduced: true };
      if (positions.length) effects.push({ kind: 'close', position_ids: positions });
    } else if (!next.reduced && trigger.x_percent_depo !== null && trigger.position_reduce && measure >= trigger.x_percent_depo) {
      next = { ...next, reduced: true };
      if (positions.length) effects.push({ kind: 'reduce', position_ids: positions, percent: trigger.position_reduce });
    }
  }
  return { state: next, measure, effects };
}

function round2(value: number): string {
  return dec(value).toDecimalPlaces(2).toFixed();
}

/** The profiles whose new signals are blocked by the fired triggers. */
export function blockedProfiles(triggers: readonly RiskTriggerRow[], states: ReadonlyMap<number, TriggerState>, inputs: RiskInputs): Set<number> {
  const blocked = new Set<number>();
  for (const trigger of triggers) {
    if (trigger.trigger_type === 'nav_alerting' || !states.get(trigger.id)?.fired) continue;
    for (const id of groupProfiles(trigger, inputs)) blocked.add(id);
  }
  return blocked;
}

