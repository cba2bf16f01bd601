import type { ReactNode } from 'react';
import { EMPTY_VALUE, exitModeOf, isTimeframe, STRATEGY_WIZARD_UI, type SettingsDocument } from '@console/contracts';

/** A label and its value: one line of a summary card. */
export type Pair = [string, ReactNode];

export const pair = (label: string, value: ReactNode): Pair => [label, value];

/** A setting as the summary writes it: blank as the empty mark, on/off, a time frame by its label. */
export function text(value: string | number | boolean | null | undefined): string {
  if (value === undefined || value === null || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (isTimeframe(value)) return STRATEGY_WIZARD_UI.timeframeLabels[value];
  return String(value);
}

type Signal = NonNullable<SettingsDocument['signal_settings']>;
type Orders = NonNullable<SettingsDocument['order_management_settings']>;
type SingleCases = NonNullable<SettingsDocument['single_cases_settings']>;

/** The Key parameters card. */
export function signalPairs(s: Signal): Pair[] {
  const atr = s.is_atr_minus_1 !== true ? 'Off' : s.atr_minus_1_type === 'rng' ? `range ${String(s.atr_minus_1_value).replace(';', ' – ')}` : `${text(s.atr_minus_1_type)} ${text(s.atr_minus_1_value)}`;
  return [
    ['Working time frame', text(s.timeframe)],
    ['Price direction', s.price_direction === 'grow' ? 'Grow (long)' : s.price_direction === 'fall' ? 'Fall (short)' : EMPTY_VALUE],
    ['Start coefficient', text(s.start_point_coefficient)],
    ['ROC timer', text(s.timer_minutes)],
    ['ATR threshold', text(s.atr_threshold_percents)],
    ['Smoothing algorithm', text(s.atr_smooth_algo).toUpperCase()],
    ['N-periods', text(s.atr_n_periods)],
    ['Signal max duration', text(s.signal_duration_minutes)],
    ['Revert threshold', text(s.revert_threshold)],
    ['TR-in-ATR threshold', text(s.tr_in_atr_threshold)],
    ['ATR-1', atr],
  ];
}

/** The Order management card; the future price only for a falling price. */
export function orderPairs(s: Signal, o: Orders): Pair[] {
  return [
    ...(s.price_direction === 'fall' ? [pair('Future price', text(o.future_price_coefficient))] : []),
    ['Quantity of orders', text(o.orders_quantity)],
    ...(o.enter_orders ?? []).map((row, i) => pair(`Order #${i + 1}`, `distance ${text(row.atr_distance_coefficient)}, size ${text(row.size_percent)}%, timer ${text(row.timer_minutes)}`)),
    ['ATR timer', text(o.atr_timer)],
    ['Change of ATR', text(o.change_of_atr_percentage)],
    ['Exit order place', text(o.exit_order_place_coefficient)],
    ['Size timer', text(o.size_timer_minutes)],
    ['High/low change', text(o.high_low_change_percentage)],
    ['High/low change timer', text(o.high_low_change_timer)],
    ['Exit rule', STRATEGY_WIZARD_UI.exitModes[exitModeOf(o)]],
    ...(o.exit_timer_coeff_settings ?? []).map((row, i) =>
      pair(`By time #${i + 1}`, `timer ${text(row.change_exit_timer_minutes)}, coefficient ${text(row.change_exit_coefficient_by_time)}`),
    ),
    ...(o.exit_d_threshold_settings ?? []).map((row, i) =>
      pair(`By distance #${i + 1}`, `threshold ${text(row.change_exit_d_threshold_by_distance)}, coefficient ${text(row.change_exit_coefficient_by_distance)}`),
    ),
  ];
}

/** The Indication settings card: OPP and LE of each indication. */
export function indicationPairs(settings: SettingsDocument): Pair[] {
  return (settings.indications_settings ?? []).flatMap(({ opp_settings: opp = {}, le_settings: le = {} }) => [
    pair('OPP', opp.is_enabled === true ? `${text(opp.timeframe)}, SP ${text(opp.opp_sp)}, ATR ${text(opp.opp_atr_t_percent)}` : 'Off'),
    pair('LE', le.is_enabled === true ? `${text(le.timeframe)}, ${text(le.periods_amount)} periods` : 'Off'),
  ]);
}

/** The Single cases card; its details only when they are on. */
export function singleCasePairs(sc: SingleCases): Pair[] {
  return [
    ['Single cases', text(sc.is_enabled)],
    ...(sc.is_enabled === true
      ? [
          pair('Type', sc.sc_type ? STRATEGY_WIZARD_UI.scTypeLabels[sc.sc_type] : EMPTY_VALUE),
          pair('Signals quantity', text(sc.signals_quantity)),
          ...(sc.sc_type === 'sc_mm_decrease' ? [pair('MM percent', text(sc.mm_percent))] : []),
        ]
      : []),
  ];
}
