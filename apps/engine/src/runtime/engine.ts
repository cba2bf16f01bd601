/**
 * The paper-trading engine as a process on PostgreSQL, and its clock: minute by minute (`advance`, for
 * the live and fast clocks), in batches of minutes (`history`), or commands only between minutes
 * (`commands`). Each minute, in one transaction: the candles of the traded pairs from the market data
 * port and every profile × pair through the strategy (minute.ts), the pending commands
 * (command-dispatch.ts), the changed rows (run-rows.ts) with one account_metrics row per account
 * (metrics-rows.ts), the risk triggers on those metrics (risk-step.ts; their blocks hold from the next
 * minute), and the engine's state with the minute just done. Orders go to the venue port (the paper
 * venue unless another is given).
 * Nothing that matters lives only in memory: a new engine opened on the same database carries on from
 * the last committed minute. After a failed transaction the object must be dropped (its memory is
 * ahead of the database); open a new one.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Pool } from 'pg';
import { ENGINE_COMMAND_LEASE_SECONDS } from '@console/contracts';
import { PaperVenue } from '../execution/paper-venue';
import type { Venue } from '../execution/port';
import type { FillSettings } from '../fills/fills';
import { MINUTE_MS } from '../market/candle';
import { seededMarket } from '../market/model';
import type { MarketData } from '../market/port';
import { AccountMarkets } from '../market/store';
import { dec } from '../money';
import { adoptForeignRuns } from './adopt-runs';
import { RealisedPnl, WriteBatch } from './batch';
import { decodeState, encodeState } from './codec';
import { runCommands } from './command-dispatch';
import { inTransaction, iso, type Db } from './db';
import { EngineCore, type EngineDoc, type RunRecord } from './engine-state';
import { NO_LIVE, type LivePublisher } from './live';
import { metricsRows } from './metrics-rows';
import { tradeOneMinute } from './minute';
import { storeWindowFrom } from './pair-feeds';
import type { StrategySettings } from '../strategy/settings';
import { evaluateRisk, type Span } from './risk-step';
import { collect } from './run-rows';
import { readPairTickers } from './sql/adoption';
import { readStoredCandles } from './sql/candles';
import { botEnabled, readAccountDeposits, readAccountMarkets, readProfiles } from './sql/config';
import { ensureMonthPartitions } from './sql/partitions';
import { readTriggers } from './sql/risk';
import { beat, lockState, readRuns, readState, writeState } from './sql/state';
import type { Lease } from './sql/commands';
import { AccountVenues, type ExchangeVenueOptions } from './venue/accounts';
import { closeGonePositions } from './venue/gone-positions';
import { bookMarketFills } from './venue/market-fills';

export interface EngineOptions {
  /**
   * Where the candles of accounts on the `model` market come from (the market data port); without it,
   * the seeded model of `seed`. Accounts on `store` or `live` read the candle store.
   */
  market?: MarketData;
  /** The model market's seed, used when no `market` is given. */
  seed?: number;
  /** The first minute to trade on a database the engine has never run on. */
  startAt: number;
  /** Where orders go (the venue port); without it, the paper venue with `fills`. */
  venue?: Venue;
  /** The paper venue's fill rules, when no `venue` is given. */
  fills?: FillSettings;
  /**
   * Demo and live accounts trade on their exchange through ccxt with these settings (the encryption key
   * for their secrets, the client id prefix); without them every account trades on the paper venue.
   */
  exchange?: ExchangeVenueOptions;
  /** Test hook: throw inside the transaction of this minute, after its writes (a crash before commit). */
  crashAt?: number;
  /** Where each commit's changes are announced to open consoles (none: they refresh on fetch). */
  live?: LivePublisher;
  /** This engine's name on the commands it holds (engine_commands.lease_owner); unique by default. */
  instanceId?: string;
  /** How long a held command's lease lasts without renewal (contracts ENGINE_COMMAND_LEASE_SECONDS by default). */
  leaseMs?: number;
}

export interface HistoryOptions {
  /** Minutes per transaction. */
  batchMinutes?: number;
  /** Called after each committed batch with its last minute and the totals so far. */
  onBatch?: (lastMinute: number, progress: HistoryProgress) => void;
}

/** What a history run wrote: minutes traded, and rows (each row counted once per batch it changed in). */
export interface HistoryProgress {
  minutes: number;
  signals: number;
  orders: number;
  positions: number;
  logs: number;
  metrics: number;
}

export class PaperEngine {
  private constructor(
    private readonly pool: Pool,
    private readonly options: EngineOptions,
    private core: EngineCore,
    /** The state's revision this engine's memory matches. */
    private revision: string,
    private readonly lease: Lease,
    private readonly markets: AccountMarkets,
    private readonly venues: AccountVenues | null,
  ) {
    core.venues = venues;
  }

  static async open(pool: Pool, options: EngineOptions): Promise<PaperEngine> {
    if (!options.market && options.seed === undefined) throw new Error('the engine needs a market: give market or seed');
    const markets = new AccountMarkets(options.market ?? seededMarket(options.seed ?? 0));
    const venue = options.venue ?? new PaperVenue(options.fills);
    const { core, revision } = await loadCore(pool, options.startAt, markets, venue);
    const lease = { owner: options.instanceId ?? `${hostname()}:${process.pid}:${randomUUID()}`, ms: options.leaseMs ?? ENGINE_COMMAND_LEASE_SECONDS * 1000 };
    const venues = options.exchange ? new AccountVenues(options.exchange, options.fills) : null;
    const engine = new PaperEngine(pool, options, core, revision, lease, markets, venues);
    await engine.refresh(pool);
    // Rows a stopped engine left on their way to the exchange are resolved by their client ids first.
    await venues?.send(pool);
    return engine;
  }

  /** The name this engine holds commands under. */
  get instanceId(): string {
    return this.lease.owner;
  }

  /** The last minute whose candle was traded (its first millisecond). */
  get lastMinute(): number {
    return this.core.last;
  }

  async heartbeat(): Promise<void> {
    await beat(this.pool);
  }

  /** Trades every minute after the last one up to `toMinute` included, one transaction each. */
  async advance(toMinute: number): Promise<number> {
    let done = 0;
    while (this.core.last + MINUTE_MS <= toMinute) {
      // The exchange's trades since the last minute, read before the minute's transaction (no transaction waits on the network).
      await this.venues?.poll(this.pool, this.core.doc.fills ?? {});
      const traded = await inTransaction(this.pool, async (db) => {
        await this.sync(db);
        // Another engine may have traded it meanwhile.
        const minute = this.core.last + MINUTE_MS;
        if (minute > toMinute) return false;
        this.core.changes.clear();
        await this.refresh(db);
        const cursors = this.venues?.takeCursors() ?? {};
        if (Object.keys(cursors).length) this.core.doc.fills = { ...this.core.doc.fills, ...cursors };
        // Market orders booked at the estimate take the exchange's trades before the realised PnL is read.
        if (this.venues) await bookMarketFills(this.core, db, minute, this.venues.takeMarketFills(), this.venues.estimateFeeRate);
        await this.loadStore(db, minute);
        const span = await this.openSpan(db, true);
        tradeOneMinute(this.core, minute);
        if (this.venues) closeGonePositions(this.core, minute, this.venues.takeGone());
        await runCommands(this.core, db, minute, this.lease);
        await this.finishMinute(db, minute, span);
        await this.closeSpan(db, minute, span);
        return true;
      });
      if (!traded) break;
      await this.announce();
      // The minute's orders and cancels, committed as rows, go to the exchange.
      await this.venues?.send(this.pool);
      done++;
    }
    return done;
  }

  /**
   * History mode: trades every minute after the last one up to `toMinute` included, `batchMinutes` per
   * transaction. The configuration (profiles, bot, deposits, risk triggers) is read once per batch and
   * no command is taken inside it; rows are written in bulk at the batch's end with the state, so the
   * tables are the same as `advance` would leave and a crash resumes from the last whole batch.
   */
  async history(toMinute: number, { batchMinutes = 1440, onBatch }: HistoryOptions = {}): Promise<HistoryProgress> {
    const progress: HistoryProgress = { minutes: 0, signals: 0, orders: 0, positions: 0, logs: 0, metrics: 0 };
    if (this.core.last + MINUTE_MS <= toMinute) await ensureMonthPartitions(this.pool, this.core.last + MINUTE_MS, toMinute);
    while (this.core.last + MINUTE_MS <= toMinute) {
      const counts = await inTransaction(this.pool, async (db) => {
        await this.sync(db);
        const end = Math.min(toMinute, this.core.last + batchMinutes * MINUTE_MS);
        if (end <= this.core.last) return null;
        this.core.changes.clear();
        await this.refresh(db);
        await this.loadStore(db, end);
        const span = await this.openSpan(db, false);
        for (let minute = this.core.last + MINUTE_MS; minute <= end; minute += MINUTE_MS) {
          tradeOneMinute(this.core, minute);
          await this.finishMinute(db, minute, span);
        }
        const before = this.core.last;
        await this.closeSpan(db, end, span);
        return { ...span.out.counts, minutes: (end - before) / MINUTE_MS };
      });
      if (!counts) break;
      for (const key of ['minutes', 'signals', 'orders', 'positions', 'logs', 'metrics'] as const) progress[key] += counts[key];
      await this.announce();
      await this.venues?.send(this.pool);
      onBatch?.(this.core.last, progress);
    }
    return progress;
  }

  /** Carries out pending commands at the last traded minute's prices (between minutes, in live mode). */
  async commands(): Promise<void> {
    await inTransaction(this.pool, async (db) => {
      await this.sync(db);
      const core = this.core;
      core.changes.clear();
      const out = new WriteBatch(true);
      // Between minutes most turns find nothing to do: the configuration is read again only when they do.
      if (!(await runCommands(core, db, core.last, this.lease, () => this.refresh(db)))) return;
      await collect(core, db, core.last, out, null, false);
      core.noteWritten(await out.write(db));
      // Before its first minute the engine keeps last_minute empty: the commands came first.
      const revision = await writeState(db, core.stored, core.stored, encodeState(core.doc));
      if (revision === null) throw new Error('another engine moved on');
      this.revision = revision;
    });
    await this.announce();
    await this.venues?.send(this.pool);
  }

  /** After a commit: its changes to the consoles' live stream (bounded, never failing the engine). */
  private async announce(): Promise<void> {
    await (this.options.live ?? NO_LIVE).publish(this.core.changes.take());
  }

  /** What one transaction of minutes carries: its rows, the risk triggers it read, the realised PnL so far. */
  private async openSpan(db: Db, live: boolean): Promise<Span> {
    return { out: new WriteBatch(live), triggers: await readTriggers(db), realised: await RealisedPnl.load(db, [...this.core.runs.keys()]) };
  }

  /** A minute after its trading (and commands): its rows, its metrics, the risk triggers on them. */
  private async finishMinute(db: Db, minute: number, span: Span): Promise<void> {
    await collect(this.core, db, minute, span.out, span.realised);
    metricsRows(this.core, minute, span);
    await evaluateRisk(this.core, db, minute, span);
  }

  /** The transaction's end: its rows in bulk, then the state with the last minute done. */
  private async closeSpan(db: Db, last: number, span: Span): Promise<void> {
    this.core.noteWritten(await span.out.write(db));
    const crash = this.options.crashAt;
    if (crash !== undefined && crash > this.core.last && crash <= last) throw new Error(`crash requested at ${iso(crash)}`);
    const revision = await writeState(db, this.core.stored, iso(last), encodeState(this.core.doc));
    if (revision === null) throw new Error('another engine wrote this minute');
    // Memory moves with the row: a transaction that fails later leaves the object to be dropped anyway.
    this.revision = revision;
    this.core.last = last;
    this.core.stored = iso(last);
  }

  /**
   * A turn's start: the state row locked (engines on one database take turns), and when another engine
   * wrote it since this one did, its memory built again from the rows, as a newly opened engine's is.
   */
  private async sync(db: Db): Promise<void> {
    const revision = await lockState(db);
    if (revision === this.revision) return;
    const loaded = await loadCore(db, this.options.startAt, this.core.market, this.core.venue);
    this.core = loaded.core;
    this.core.venues = this.venues;
    this.revision = loaded.revision;
  }

  private async refresh(db: Db): Promise<void> {
    const core = this.core;
    core.profiles = await readProfiles(db);
    core.bot = await botEnabled(db);
    core.deposits = new Map((await readAccountDeposits(db)).map((a) => [a.id, dec(a.deposit)]));
    core.tickers = await readPairTickers(db);
    this.routeMarkets(await readAccountMarkets(db));
    await this.venues?.refresh(db);
    await this.loadStore(db, core.last);
    await adoptForeignRuns(core, db);
  }

  /**
   * Which pairs read the candle store: those a profile or an open run of a `store` or `live` account
   * trades, from that account's exchange (the lowest account id first when several do). A pair whose
   * market changed loses its feed and closes, so no indicator mixes two markets.
   */
  private routeMarkets(accounts: { id: number; exchange: string; market: string }[]): void {
    const core = this.core;
    const stored = new Map(accounts.filter((a) => a.market !== 'model').map((a) => [a.id, a.exchange]));
    const claims: { accountId: number; ticker: string }[] = [];
    for (const profile of core.profiles) for (const pair of profile.pairs) claims.push({ accountId: profile.exchange_account_id, ticker: pair.ticker });
    for (const record of core.runs.values()) {
      const ticker = core.tickers.get(record.pairId);
      if (ticker !== undefined) claims.push({ accountId: record.accountId, ticker });
    }
    const routes = new Map<string, string>();
    for (const claim of claims.sort((a, b) => a.accountId - b.accountId)) {
      const exchange = stored.get(claim.accountId);
      if (exchange !== undefined && !routes.has(claim.ticker)) routes.set(claim.ticker, exchange);
    }
    for (const ticker of this.markets.route(routes)) {
      core.feeds.forget(ticker);
      core.closes.forget(ticker);
    }
  }

  /**
   * Reads the stored minutes the coming minutes up to `through` need into memory: from the longest
   * warm-up any profile asks for (or the VaR look-back) before the last traded minute.
   */
  private async loadStore(db: Db, through: number): Promise<void> {
    if (!this.markets.routed().size) return;
    const core = this.core;
    const settings = core.profiles.map((profile) => core.settings.of(profile)).filter((one): one is StrategySettings => one !== null);
    const from = storeWindowFrom(settings, core.last);
    await this.markets.load((exchange, symbol, start, end) => readStoredCandles(db, exchange, symbol, start, end), from, through + MINUTE_MS);
  }
}

/** The engine's memory from its rows: the state document, the open runs, the last minute done. */
async function loadCore(db: Db, startAt: number, market: MarketData, venue: Venue): Promise<{ core: EngineCore; revision: string }> {
  const stored = await readState(db);
  const doc = { armed: {}, sinceLoss: {}, metrics: {}, holding: {}, triggers: {}, blocked: [], ...decodeState<Partial<EngineDoc>>(stored.state) };
  const runs = new Map<string, RunRecord>();
  for (const row of await readRuns(db)) {
    const record = decodeState<Omit<RunRecord, 'orderIds' | 'signalId'>>(row.run);
    runs.set(row.signal_id, { ...record, signalId: row.signal_id, orderIds: row.order_ids });
  }
  const last = stored.last_minute ? stored.last_minute.getTime() : startAt - MINUTE_MS;
  return { core: new EngineCore(market, venue, doc, last, stored.last_minute ? stored.last_minute.toISOString() : null, runs), revision: stored.revision };
}
