/**
 * The trading configuration of the demo, on its paper account: ticker configs, MM profiles, strategy
 * profiles with complete settings (ten active over the ten pairs, one inactive, one draft), a
 * deposit, one risk trigger of each type, and the bot on. No trading rows: the paper engine makes
 * those by trading the recent past in history mode, then live.
 */
import type { EntityManager } from 'typeorm';
import type { Direction, RiskTriggerType, Timeframe } from '@console/contracts';
import { strategySettingsV1 } from './trading-data';

export const TICKER_CONFIGS = [
  { title: 'Majors', status: 'active', tickers: ['BTCUSDT', 'ETHUSDT', 'BNBUSDT'] },
  { title: 'Alts', status: 'active', tickers: ['SOLUSDT', 'XRPUSDT', 'DOGEUSDT', 'ADAUSDT'] },
  { title: 'Mid caps', status: 'active', tickers: ['AVAXUSDT', 'LINKUSDT', 'LTCUSDT'] },
  { title: 'Top ten', status: 'active', tickers: ['BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT', 'ADAUSDT', 'AVAXUSDT', 'LINKUSDT', 'LTCUSDT'] },
  { title: 'Watchlist', status: 'inactive', tickers: ['AVAXUSDT', 'LINKUSDT', 'LTCUSDT'] },
] as const;

/** A signal is sized at its MM profile's quota over its slots (625 USDT); the slots bound the open signals. */
export const MM_PROFILES = [
  { title: 'Core MM', max_signals_amount: 4, all_signals_quota: 2500 },
  { title: 'Alts MM', max_signals_amount: 5, all_signals_quota: 3125 },
  { title: 'Swing MM', max_signals_amount: 7, all_signals_quota: 4375 },
] as const;

/** The account's deposit: the MM profiles' quotas together. */
export const DEMO_DEPOSIT = 10_000;

interface DemoProfile {
  title: string;
  status: 'active' | 'inactive' | 'draft';
  direction: Direction;
  timeframe: Timeframe;
  tickers: (typeof TICKER_CONFIGS)[number]['title'];
  mm: (typeof MM_PROFILES)[number]['title'];
  /** Signal rule: ATR threshold (% of price), move in ATRs within the timer, the timer. */
  signal: { atr_threshold_percents: number; start_point_coefficient: number; timer_minutes: number; atr_n_periods: number; signal_duration_minutes: number };
  /** The exit order's distance from the entry in ATRs (the profit taken). */
  exit: number;
  k: number;
}

/**
 * A desk at work on the model market: long and short profiles on 1h, 4h and 1d bars over all ten
 * pairs, so that at any minute several positions and orders are open and a day brings tens of
 * signals. Not tuned for profit: the thresholds set how often a profile trades, the exits how long
 * it holds; the model market is a random walk, so some profiles win and some lose.
 */
export const DEMO_PROFILES: DemoProfile[] = [
  { title: 'Trend majors long', status: 'active', direction: 'long', timeframe: '1h', tickers: 'Majors', mm: 'Core MM', signal: { atr_threshold_percents: 0.3, start_point_coefficient: 1.2, timer_minutes: 60, atr_n_periods: 14, signal_duration_minutes: 1440 }, exit: 0.8, k: 3 },
  { title: 'Fade majors short', status: 'active', direction: 'short', timeframe: '1h', tickers: 'Majors', mm: 'Core MM', signal: { atr_threshold_percents: 0.3, start_point_coefficient: 1.2, timer_minutes: 60, atr_n_periods: 14, signal_duration_minutes: 720 }, exit: 0.6, k: 5 },
  { title: 'Majors 4h short', status: 'active', direction: 'short', timeframe: '4h', tickers: 'Majors', mm: 'Core MM', signal: { atr_threshold_percents: 0.5, start_point_coefficient: 1, timer_minutes: 240, atr_n_periods: 10, signal_duration_minutes: 2880 }, exit: 0.8, k: 1 },
  { title: 'Momentum alts 4h', status: 'active', direction: 'long', timeframe: '4h', tickers: 'Alts', mm: 'Alts MM', signal: { atr_threshold_percents: 0.5, start_point_coefficient: 1, timer_minutes: 240, atr_n_periods: 10, signal_duration_minutes: 2880 }, exit: 0.8, k: 1 },
  { title: 'Breakdown alts short', status: 'active', direction: 'short', timeframe: '1h', tickers: 'Alts', mm: 'Alts MM', signal: { atr_threshold_percents: 0.3, start_point_coefficient: 1.2, timer_minutes: 60, atr_n_periods: 14, signal_duration_minutes: 720 }, exit: 0.6, k: 9 },
  { title: 'Pullback alts long', status: 'active', direction: 'long', timeframe: '1h', tickers: 'Alts', mm: 'Alts MM', signal: { atr_threshold_percents: 0.3, start_point_coefficient: 1.2, timer_minutes: 60, atr_n_periods: 20, signal_duration_minutes: 1440 }, exit: 1, k: 6 },
  { title: 'Mid caps trend long', status: 'active', direction: 'long', timeframe: '1h', tickers: 'Mid caps', mm: 'Swing MM', signal: { atr_threshold_percents: 0.3, start_point_coefficient: 1.2, timer_minutes: 60, atr_n_periods: 14, signal_duration_minutes: 1440 }, exit: 0.8, k: 10 },
  { title: 'Mid caps breakdown 4h', status: 'active', direction: 'short', timeframe: '4h', tickers: 'Mid caps', mm: 'Swing MM', signal: { atr_threshold_percents: 0.5, start_point_coefficient: 1, timer_minutes: 240, atr_n_periods: 10, signal_duration_minutes: 2880 }, exit: 0.8, k: 4 },
  { title: 'Daily trend long', status: 'active', direction: 'long', timeframe: '1d', tickers: 'Top ten', mm: 'Swing MM', signal: { atr_threshold_percents: 1, start_point_coefficient: 1.2, timer_minutes: 1440, atr_n_periods: 7, signal_duration_minutes: 4320 }, exit: 0.6, k: 7 },
  { title: 'Daily fade short', status: 'active', direction: 'short', timeframe: '1d', tickers: 'Alts', mm: 'Swing MM', signal: { atr_threshold_percents: 1, start_point_coefficient: 1.2, timer_minutes: 1440, atr_n_periods: 7, signal_duration_minutes: 4320 }, exit: 0.6, k: 8 },
  { title: 'Swing majors 1d', status: 'inactive', direction: 'long', timeframe: '1d', tickers: 'Majors', mm: 'Core MM', signal: { atr_threshold_percents: 1, start_point_coefficient: 1, timer_minutes: 1440, atr_n_periods: 7, signal_duration_minutes: 2880 }, exit: 0.6, k: 7 },
  { title: 'LINK breakout (draft)', status: 'draft', direction: 'long', timeframe: '1h', tickers: 'Watchlist', mm: 'Core MM', signal: { atr_threshold_percents: 0.5, start_point_coefficient: 1, timer_minutes: 60, atr_n_periods: 14, signal_duration_minutes: 720 }, exit: 0.6, k: 2 },
];

/** A complete settings document for a demo profile. */
export function demoSettings(p: DemoProfile) {
  const base = strategySettingsV1(p.direction, p.timeframe, p.k);
  // No TR-in-ATR or ATR-1 filter: the signal is the move within the timer on a market that moves enough.
  const { tr_in_atr_threshold: _tr, ...signal } = base.signal_settings;
  return {
    ...base,
    signal_settings: { ...signal, ...p.signal, is_atr_minus_1: false, atr_minus_1_value: 0 },
    // A short's enter orders at the ladder's prices, not above them: they fill as often as a long's.
    order_management_settings: {
      ...base.order_management_settings,
      exit_order_place_coefficient: p.exit,
      ...(p.direction === 'short' ? { future_price_coefficient: 1 } : {}),
    },
    indications_settings: [{ ...base.indications_settings[0], opp_settings: { ...base.indications_settings[0].opp_settings, is_enabled: false } }],
  };
}

/**
 * One trigger of each type, on the paper account, with thresholds the demo's trading reaches now and
 * then: NAV falls, unrealised losses of 1.5 % of NAV (a dozen open positions of 625 USDT move that much
 * on an adverse hour), a 30-hour-old position. NAV is measured against the monthly high, which never
 * comes down, so a NAV trigger that blocks trading profiles could hold them for good after a losing
 * stretch: the 2 % one blocks only the inactive swing profile, and Hard Risk Control, which does hold
 * the alts short, acts on a deep fall (4 %) only. The unrealised-loss and position-age triggers let go
 * by themselves.
 */
const RISK_TRIGGERS: { name: string; type: RiskTriggerType; blocker: number; unblocker: number | null; alert: boolean; timer?: number; reduce?: [number, number, number]; opp?: [number, number]; group?: string[]; rules?: string }[] = [
  { name: 'NAV drawdown 2 %', type: 'nav', blocker: 2, unblocker: 1, alert: true, group: ['Swing majors 1d'], rules: 'Keep the swing profile off while NAV is 2 % under its monthly high' },
  { name: 'NAV drawdown alert 1 %', type: 'nav_alerting', blocker: 1, unblocker: 0.5, alert: true, timer: 30 },
  { name: 'Hard risk control', type: 'nav_reducing', blocker: 4, unblocker: 2, alert: true, reduce: [25, 4, 6], group: ['Breakdown alts short'], rules: 'Reduce the alts short positions by a quarter at 4 %, close them at 6 %' },
  { name: 'Unrealised loss 1.5 %', type: 'imp_loss', blocker: -1.5, unblocker: -0.5, alert: false, group: ['Trend majors long', 'Fade majors short'] },
  { name: 'VaR 150 %', type: 'var', blocker: 150, unblocker: 75, alert: false },
  { name: 'Opposite direction', type: 'opposite_dir', blocker: 30, unblocker: 15, alert: false, opp: [3, 5], group: ['Trend majors long', 'Fade majors short'] },
  { name: 'Position older than 30 h', type: 'timer', blocker: 1800, unblocker: null, alert: false, group: ['Momentum alts 4h'] },
];

/** Writes the demo's trading configuration on `accountId`; answers the number of rows per table. */
export async function seedTradingConfig(m: EntityManager, accountId: number, userId: number | null): Promise<Record<string, number>> {
  const configIds = new Map<string, number>();
  for (const tc of TICKER_CONFIGS) {
    const [{ id }]: { id: number }[] = await m.query(`INSERT INTO ticker_configs (title, status) VALUES ($1, $2) RETURNING id`, [tc.title, tc.status]);
    configIds.set(tc.title, id);
    await m.query(`INSERT INTO ticker_config_pairs (ticker_config_id, pair_id) SELECT $1, id FROM pairs WHERE ticker = ANY($2::text[]) ORDER BY id`, [id, tc.tickers]);
  }
  const mmIds = new Map<string, number>();
  for (const mm of MM_PROFILES) {
    const [{ id }]: { id: number }[] = await m.query(
      `INSERT INTO mm_profiles (title, exchange_account_id, status, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ($1, $2, 'active', $3, 1.5, $4) RETURNING id`,
      [mm.title, accountId, mm.max_signals_amount, mm.all_signals_quota],
    );
    mmIds.set(mm.title, id);
  }
  await m.query(
    `INSERT INTO deposit_transactions (exchange_account_id, type, amount, deposit_before, deposit_after, requested_by) VALUES ($1, 'deposit', $2, 0, $2, $3)`,
    [accountId, DEMO_DEPOSIT, userId],
  );
  const profileIds = new Map<string, number>();
  for (const p of DEMO_PROFILES) {
    const draft = p.status === 'draft';
    const settings = demoSettings(p);
    const [{ id }]: { id: number }[] = await m.query(
      `INSERT INTO strategy_profiles (title, status, profile_direction, timeframe, exchange_account_id, mm_profile_id, ticker_config_id, settings)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [p.title, p.status, p.direction, p.timeframe, draft ? null : accountId, draft ? null : mmIds.get(p.mm), draft ? null : configIds.get(p.tickers), JSON.stringify(draft ? { signal_settings: settings.signal_settings } : settings)],
    );
    profileIds.set(p.title, id);
  }
  for (const t of RISK_TRIGGERS) {
    const [{ id }]: { id: number }[] = await m.query(
      `INSERT INTO risk_triggers (trigger_name, trigger_type, exchange_account_id, trigger_blocker, trigger_blocker_opp_dir_sp, trigger_blocker_opp_dir_atr,
                                  trigger_unblocker, alert, rules, timer, position_reduce, x_percent_depo, y_percent_depo, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, true) RETURNING id`,
      [t.name, t.type, accountId, t.blocker, t.opp?.[0] ?? null, t.opp?.[1] ?? null, t.unblocker, t.alert, t.rules ?? '', t.timer ?? 0, t.reduce?.[0] ?? null, t.reduce?.[1] ?? null, t.reduce?.[2] ?? null],
    );
    for (const title of t.group ?? []) await m.query(`INSERT INTO risk_trigger_profiles (risk_trigger_id, role, profile_id) VALUES ($1, 'group', $2)`, [id, profileIds.get(title)]);
  }
  await m.query(`UPDATE bot_status SET status = 'enabled', updated_at = now() WHERE singleton`);
  return {
    ticker_configs: TICKER_CONFIGS.length,
    mm_profiles: MM_PROFILES.length,
    strategy_profiles: DEMO_PROFILES.length,
    deposit_transactions: 1,
    risk_triggers: RISK_TRIGGERS.length,
  };
}
