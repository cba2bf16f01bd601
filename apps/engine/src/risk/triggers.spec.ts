import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../market/candle';
import type { AccountMetricsRow } from '../metrics/account-metrics';
import { dec, ZERO } from '../money';
import { blockedProfiles, evaluateTrigger, QUIET_TRIGGER, type RiskInputs, type RiskTriggerRow, type TriggerState } from './triggers';

const T = Date.UTC(2024, 5, 1, 12);

function row(values: { account?: number; nav: number; hwm?: number; imp_loss?: number; var?: number }): AccountMetricsRow {
  const money = (n: number) => dec(n);
  return {
    exchange_account_id: values.account ?? 1,
    at: T,
    nav: money(values.nav),
    asset_usdt: ZERO,
    asset_usdc: ZERO,
    other_stable_coins: ZERO,
    asset_sum: ZERO,
    var: money(values.var ?? 0),
    open_orders_volume: ZERO,
    free_var: ZERO,
    imp_loss: money(values.imp_loss ?? 0),
    max_dd: ZERO,
    max_ddd: ZERO,
    deposit_monthly: money(values.hwm ?? 10000),
    deposit_at: money(10000),
    balance_daily: ZERO,
    return_day_percent: ZERO,
    return_month_percent: ZERO,
    return_at_percent: ZERO,
    avg_capital_growth_rate: ZERO,
  };
}

const trigger = (patch: Partial<RiskTriggerRow>): RiskTriggerRow => ({
  id: 1,
  trigger_name: 'Guard',
  trigger_type: 'nav',
  exchange_account_id: 1,
  trigger_blocker: 20,
  trigger_blocker_opp_dir_sp: null,
  trigger_blocker_opp_dir_atr: null,
  trigger_unblocker: 10,
  alert: false,
  timer: 0,
  position_reduce: null,
  x_percent_depo: null,
  y_percent_depo: null,
  is_active: true,
  group_profiles: [1, 2],
  blocker_active_profiles: [],
  ...patch,
});

const inputs = (metrics: AccountMetricsRow[], minute = 0, extra: Partial<RiskInputs> = {}): RiskInputs => ({
  at: T + minute * MINUTE_MS,
  metrics,
  positions: [
    { id: 11, exchange_account_id: 1, profile_id: 1, opened_at: T - 90 * MINUTE_MS },
    { id: 12, exchange_account_id: 1, profile_id: 1, opened_at: T - 30 * MINUTE_MS },
    { id: 13, exchange_account_id: 1, profile_id: 2, opened_at: T - 10 * MINUTE_MS },
    { id: 14, exchange_account_id: 2, profile_id: 3, opened_at: T - 500 * MINUTE_MS },
  ],
  profiles: [
    { id: 1, exchange_account_id: 1, active: true },
    { id: 2, exchange_account_id: 1, active: false },
    { id: 3, exchange_account_id: 2, active: true },
  ],
  oppositeMovePercent: () => 0,
  ...extra,
});

/** Runs the trigger over the minutes' metrics; each minute's measure and effects. */
function run(t: RiskTriggerRow, minutes: RiskInputs[]) {
  let state: TriggerState = QUIET_TRIGGER;
  return minutes.map((input) => {
    const outcome = evaluateTrigger(t, state, input);
    state = outcome.state;
    return { fired: state.fired, measure: outcome.measure, effects: outcome.effects };
  });
}

describe('risk triggers', () => {
  it('nav: block the group while NAV is 20 % under the HWM, release at 10 %', () => {
    const steps = run(trigger({}), [inputs([row({ nav: 7900 })]), inputs([row({ nav: 8500 })], 1), inputs([row({ nav: 9000 })], 2)]);
    expect(steps).toEqual([
      { fired: true, measure: 21, effects: [{ kind: 'block', profile_ids: [1, 2] }] },
      { fired: true, measure: 15, effects: [] },
      { fired: false, measure: 10, effects: [{ kind: 'unblock', profile_ids: [1, 2] }] },
    ]);
  });

  it('fires only after the condition held for its timer, and a dip starts the count again', () => {
    const t = trigger({ timer: 5, trigger_unblocker: null });
    const bad = (m: number) => inputs([row({ nav: 7500 })], m);
    const steps = run(t, [bad(0), bad(4), inputs([row({ nav: 9000 })], 5), bad(6), bad(10), bad(11)]);
    expect(steps.map((s) => s.fired)).toEqual([false, false, false, false, false, true]);
  });

  it('imp_loss reads its values as sizes of a loss; var as a percent of NAV', () => {
    const imp = run(trigger({ trigger_type: 'imp_loss', trigger_blocker: -15, trigger_unblocker: 7.5 }), [
      inputs([row({ nav: 10000, imp_loss: -1600 })]),
      inputs([row({ nav: 10000, imp_loss: -700 })], 1),
    ]);
    expect(imp.map((s) => [s.fired, s.measure])).toEqual([
      [true, 16],
      [false, 7],
    ]);
    const risk = run(trigger({ trigger_type: 'var', trigger_blocker: 150, trigger_unblocker: null }), [inputs([row({ nav: 10000, var: 16000 })]), inputs([row({ nav: 10000, var: 14900 })], 1)]);
    expect(risk.map((s) => [s.fired, s.measure])).toEqual([
      [true, 160],
      [false, 149],
    ]);
  });

  it('nav_alerting alerts and blocks nothing', () => {
    const t = trigger({ trigger_type: 'nav_alerting', trigger_blocker: 5, trigger_unblocker: null });
    const [step] = run(t, [inputs([row({ nav: 9400 })])]);
    expect(step.effects).toEqual([{ kind: 'alert', message: "Risk trigger 'Guard' (nav_alerting) fired at 6 (blocker 5)." }]);
    expect([...blockedProfiles([t], new Map([[1, { ...QUIET_TRIGGER, fired: true }]]), inputs([]))]).toEqual([]);
  });

  it('nav_reducing blocks, then reduces at X % and closes at Y %, each once per firing', () => {
    const t = trigger({ trigger_type: 'nav_reducing', trigger_blocker: 10, trigger_unblocker: 5, position_reduce: 25, x_percent_depo: 10, y_percent_depo: 20, group_profiles: [1], alert: true });
    const steps = run(t, [inputs([row({ nav: 8800 })]), inputs([row({ nav: 8500 })], 1), inputs([row({ nav: 7900 })], 2), inputs([row({ nav: 7800 })], 3)]);
    expect(steps.map((s) => s.effects)).toEqual([
      [
        { kind: 'block', profile_ids: [1] },
        { kind: 'alert', message: "Risk trigger 'Guard' (nav_reducing) fired at 12 (blocker 10)." },
        { kind: 'reduce', position_ids: [11, 12], percent: 25 },
      ],
      [],
      [{ kind: 'close', position_ids: [11, 12] }],
      [],
    ]);
  });

  it('timer measures the group’s oldest position; opposite_dir asks the market', () => {
    const [aged] = run(trigger({ trigger_type: 'timer', trigger_blocker: 60, trigger_unblocker: null }), [inputs([])]);
    expect([aged.fired, aged.measure]).toEqual([true, 90]);
    const asked: unknown[] = [];
    const probe = (ids: readonly number[], sp: number, atr: number) => {
      asked.push([ids, sp, atr]);
      return 40;
    };
    const [opposite] = run(trigger({ trigger_type: 'opposite_dir', trigger_blocker: 30, trigger_blocker_opp_dir_sp: 3, trigger_blocker_opp_dir_atr: 5 }), [inputs([], 0, { oppositeMovePercent: probe })]);
    expect([opposite.fired, opposite.measure, asked]).toEqual([true, 40, [[[1, 2], 3, 5]]]);
  });

  it('reads the worst account without one, every profile without a group, and applies only while a blocker profile is active', () => {
    const t = trigger({ exchange_account_id: null, group_profiles: [] });
    const [worst] = run(t, [inputs([row({ account: 1, nav: 9500 }), row({ account: 2, nav: 7000 })])]);
    expect([worst.measure, worst.effects]).toEqual([30, [{ kind: 'block', profile_ids: [1, 2, 3] }]]);
    const gated = trigger({ blocker_active_profiles: [2] });
    expect(run(gated, [inputs([row({ nav: 5000 })])])[0]).toEqual({ fired: false, measure: null, effects: [] });
  });

  it('releases a fired trigger once it is switched off, and lists blocked profiles', () => {
    const t = trigger({});
    const fired = evaluateTrigger(t, QUIET_TRIGGER, inputs([row({ nav: 7000 })]));
    expect([...blockedProfiles([t], new Map([[1, fired.state]]), inputs([]))]).toEqual([1, 2]);
    const off = evaluateTrigger({ ...t, is_active: false }, fired.state, inputs([row({ nav: 7000 })], 1));
    expect(off.effects).toEqual([{ kind: 'unblock', profile_ids: [1, 2] }]);
    expect([off.state.fired, off.state.triggered_at]).toEqual([false, T]);
  });
});
