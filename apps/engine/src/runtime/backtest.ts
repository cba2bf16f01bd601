/**
 * A backtest: one strategy profile over a period of history, on the same minute loop as the live engine
 * (`tradeOneMinute`), with its own clock (the minutes of the period, as fast as they compute), a market
 * data port and a venue of its own. Its state lives in memory only: it never reads or writes the live
 * signals, orders, positions, metrics or logs. It answers the closed trades, the equity curve and the
 * figures of contracts' `backtestFigures`.
 *
 * What is simulated beside the strategy: the profile trades whatever its status (a draft is tested as
 * if active) with its MM profile's quota and slot count; the bot is on; account-level risk triggers are
 * not (they depend on the other profiles of the account). New runs get ids of their own (1, 2, 3…).
 * A position still open at the period's end is closed at market on its last minute (exit reason
 * `end_of_period`), so every trade in the answer is closed.
 */
import { backtestFigures, type BacktestFigures, type Direction, type EquityPoint, type SettingsDocument } from '@console/contracts';
import { PaperVenue } from '../execution/paper-venue';
import type { Venue } from '../execution/port';
import { DEFAULT_FILL_SETTINGS, type FillSettings } from '../fills/fills';
import { MINUTE_MS } from '../market/candle';
import type { MarketData } from '../market/port';
import { dec, isPositive, toScale, ZERO, type Dec } from '../money';
import { sideSign, unrealisedPnl } from '../positions/position';
import { closeMarket } from '../strategy/commands';
import { isFinal, type SignalRun } from '../strategy/lifecycle';
import { EngineCore, type EngineDoc, type RunRecord } from './engine-state';
import { tradeOneMinute } from './minute';
import { storeWindowFrom } from './pair-feeds';
import { readStoredCandles } from './sql/candles';
import type { Db } from './db';
import { CandleStoreSource } from '../market/store';
import type { ProfileConfig } from './sql/config';

const HOUR_MS = 60 * MINUTE_MS;
/** How often (in traded minutes) progress is told and a cancel looked for: a day of minutes. */
const CHECK_EVERY_MINUTES = 1440;

export interface BacktestProfile {
  id: number;
  title: string;
  settings: SettingsDocument;
  /** The MM profile's size of one signal (USD, decimal text) and its open-signal slots. */
  one_signal_quota: string;
  max_signals_amount: number;
}

export interface BacktestInputs {
  profile: BacktestProfile;
  pairs: readonly { id: number; ticker: string }[];
  market: MarketData;
  /** The paper venue's rules; its default rates when not given. */
  fills?: FillSettings;
  /** First minute traded and the end of the period (exclusive), whole minutes in epoch ms. */
  from: number;
  until: number;
  /** Starting equity, decimal text. */
  deposit: string;
  /**
   * Makes the market's minutes [from, to) readable before they are traded (the candle store's window;
   * absent for the model, which computes any minute): called at the start and each simulated day.
   */
  load?: (from: number, to: number) => Promise<void>;
}

export type ExitReason = 'exit_order' | 'max_duration' | 'end_of_period';

export interface BacktestTrade {
  pair_id: number;
  pair: string;
  side: Direction;
  entry_at: number;
  exit_at: number;
  /** Mean entry and exit price (price scale). */
  entry_price: Dec;
  exit_price: Dec;
  /** Coins entered and their value at entry. */
  quantity: Dec;
  size: Dec;
  /** Net of fees (money scale). */
  pnl: Dec;
  fees: Dec;
  exit_reason: ExitReason;
}

export interface BacktestRun {
  trades: BacktestTrade[];
  /** Hourly and at the period's end: deposit + closed trades' PnL + open positions' realised and unrealised PnL. */
  equity: EquityPoint[];
  figures: BacktestFigures;
  exposedMinutes: number;
  minutes: number;
}

export interface BacktestHooks {
  /** Told each simulated day with the share of the period done (0–100); a rejection stops the run. */
  onProgress?: (percent: number) => Promise<void> | void;
  /** Looked at with the progress: true stops the run with `BacktestCancelled`. */
  cancelled?: () => Promise<boolean> | boolean;
}

export class BacktestCancelled extends Error {
  constructor() {
    super('the backtest was cancelled');
  }
}

/** Runs the backtest; throws RangeError for inputs it cannot run (an empty period, settings the validator refuses). */
export async function runBacktest(inputs: BacktestInputs, hooks: BacktestHooks = {}): Promise<BacktestRun> {
  const { from, until } = inputs;
  if (from % MINUTE_MS !== 0 || until % MINUTE_MS !== 0) throw new RangeError('the period must start and end on whole minutes');
  if (until <= from) throw new RangeError('the period is empty');
  const profile: ProfileConfig = {
    id: inputs.profile.id,
    title: inputs.profile.title,
    status: 'active',
    settings: inputs.profile.settings,
    exchange_account_id: 0,
    mm_profile_id: 0,
    mm_status: 'active',
    one_signal_quota: inputs.profile.one_signal_quota,
    max_signals_amount: inputs.profile.max_signals_amount,
    ticker_config_status: 'active',
    pairs: inputs.pairs.map((p) => ({ id: p.id, ticker: p.ticker })),
  };
  const venue: Venue = new PaperVenue(inputs.fills ?? DEFAULT_FILL_SETTINGS);
  const doc: EngineDoc = { armed: {}, sinceLoss: {}, metrics: {}, holding: {}, triggers: {}, blocked: [] };
  const core = new EngineCore(inputs.market, venue, doc, from - MINUTE_MS, null, new Map());
  const settings = core.settings.of(profile);
  if (!settings) throw new RangeError('the profile’s settings are not valid');
  // Nobody reads a backtest signal's shown figures: its trades come from its fills.
  core.feeds.shownFigures = false;
  core.profiles = [profile];
  core.bot = true;
  core.deposits = new Map([[0, dec(inputs.deposit)]]);
  core.tickers = new Map(profile.pairs.map((p) => [p.id, p.ticker]));

  const deposit = dec(inputs.deposit);
  const trades: BacktestTrade[] = [];
  const equity: EquityPoint[] = [];
  let closedPnl = ZERO;
  let exposedMinutes = 0;
  let nextId = 1;
  const totalMinutes = (until - from) / MINUTE_MS;

  const settle = (maxDuration: number) => {
    for (const entry of core.pendingNew) {
      entry.record.signalId = String(nextId++);
      core.runs.set(entry.record.signalId, entry.record);
    }
    core.pendingNew = [];
    // The live engine turns these into log rows; a backtest keeps none.
    core.logs = [];
    core.touched.clear();
    for (const [id, record] of core.runs) {
      if (!isFinal(record.run)) continue;
      core.runs.delete(id);
      if (record.run.entered.coins.isZero()) continue;
      const trade = tradeOf(record, core.tickers.get(record.pairId) ?? '', maxDuration);
      trades.push(trade);
      closedPnl = closedPnl.plus(trade.pnl);
    }
  };
  // Open positions at their pair's last close: the runner's steps do not mark them each minute.
  const equityNow = () => {
    let open = ZERO;
    for (const record of core.runs.values()) {
      const { position } = record.run;
      const last = core.feeds.get(record.pairId)?.market.last;
      open = open.plus(position.r_pnl).plus(last ? unrealisedPnl(position.side, position.avg_e_price, position.active_p_coins, dec(last.close)) : ZERO);
    }
    return toScale(deposit.plus(closedPnl).plus(open), 'money').toFixed();
  };

  const load = inputs.load;
  for (let minute = from; minute < until; minute += MINUTE_MS) {
    if (load && (minute - from) % (CHECK_EVERY_MINUTES * MINUTE_MS) === 0) {
      await load(storeWindowFrom([settings], minute - MINUTE_MS), Math.min(until, minute + CHECK_EVERY_MINUTES * MINUTE_MS));
    }
    tradeOneMinute(core, minute);
    core.last = minute;
    settle(settings.signal.signal_duration_minutes);
    for (const record of core.runs.values()) {
      if (isPositive(record.run.position.active_p_coins)) {
        exposedMinutes++;
        break;
      }
    }
    const end = minute + MINUTE_MS;
    if (end % HOUR_MS === 0 && end < until) equity.push({ at: end, equity: equityNow() });
    const done = (minute - from) / MINUTE_MS + 1;
    if (done % CHECK_EVERY_MINUTES === 0 && done < totalMinutes) {
      if (await hooks.cancelled?.()) throw new BacktestCancelled();
      await hooks.onProgress?.(Math.floor((100 * done) / totalMinutes));
    }
  }

  // What is still open is closed at market on the last minute, at its close.
  const last = until - MINUTE_MS;
  for (const record of core.runs.values()) {
    if (isFinal(record.run) || record.run.position.active_p_coins.isZero()) continue;
    const { profile: found, ctx } = core.contextOf(record, last);
    if (!found || !ctx) continue;
    record.run = closeMarket(record.run, ctx).run;
    const trade = { ...tradeOf(record, core.tickers.get(record.pairId) ?? '', settings.signal.signal_duration_minutes), exit_reason: 'end_of_period' as const };
    trades.push(trade);
    closedPnl = closedPnl.plus(trade.pnl);
  }
  core.runs.clear();
  equity.push({ at: until, equity: equityNow() });
  trades.sort((a, b) => a.exit_at - b.exit_at || a.entry_at - b.entry_at || a.pair_id - b.pair_id);

  const figures = backtestFigures({
    deposit: inputs.deposit,
    from,
    until,
    equity,
    trades: trades.map((t) => ({ pnl: t.pnl.toFixed(), fees: t.fees.toFixed() })),
    exposed_minutes: exposedMinutes,
  });
  return { trades, equity, figures, exposedMinutes, minutes: totalMinutes };
}

/**
 * A finished run as a trade. Fees are what the gross result of the fills lacks in the net PnL:
 * sign · (exit value − entry value) − r_pnl (the position realises every fee it pays).
 */
function tradeOf(record: RunRecord, ticker: string, maxDurationMinutes: number): BacktestTrade {
  const run: SignalRun = record.run;
  const { entered, exited, position, signal } = run;
  const gross = exited.value.minus(entered.value).times(sideSign(position.side));
  const exitAt = position.closed_at ?? signal.finished_at ?? signal.created_at;
  return {
    pair_id: record.pairId,
    pair: ticker,
    side: position.side,
    entry_at: position.created_at ?? signal.created_at,
    exit_at: exitAt,
    entry_price: toScale(entered.value.div(entered.coins), 'price'),
    exit_price: exited.coins.isZero() ? ZERO : toScale(exited.value.div(exited.coins), 'price'),
    quantity: toScale(entered.coins, 'quantity'),
    size: toScale(entered.value, 'money'),
    pnl: toScale(position.r_pnl, 'money'),
    fees: toScale(gross.minus(position.r_pnl), 'money'),
    // The signal's time ran out when it ends at its maximum duration; otherwise its exit order filled.
    exit_reason: exitAt - signal.created_at >= maxDurationMinutes * MINUTE_MS ? 'max_duration' : 'exit_order',
  };
}

/**
 * The candle store of `exchange` as a backtest's market: the source the runner trades on and the loader it
 * calls before each simulated day, which reads the pairs' stored minutes of that window (and lets the
 * older go, so memory holds a day and the warm-up, not the whole period).
 */
export function storeBacktestMarket(db: Db, exchange: string, tickers: readonly string[]): Pick<BacktestInputs, 'market' | 'load'> {
  const store = new CandleStoreSource(exchange);
  return {
    market: store,
    load: async (from, to) => {
      for (const ticker of tickers) await store.load((ex, symbol, start, end) => readStoredCandles(db, ex, symbol, start, end), ticker, from, to);
    },
  };
}
