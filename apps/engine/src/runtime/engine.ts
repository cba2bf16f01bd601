/**
 * The paper-trading engine as a process on PostgreSQL. Each minute, in one transaction: the candles of
 * the traded pairs from the seeded market model, every profile × pair through `tradeMinute` (open runs
 * stepped, new signals started), the pending commands, the changed signal/order/position rows, their
 * log rows, one account_metrics row per account, the risk triggers on those metrics (their blocks hold
 * from the next minute), and the engine's state with the minute just done.
 * Nothing that matters lives only in memory: a new engine opened on the same database carries on from
 * the last committed minute. After a failed transaction the object must be dropped (its memory is
 * ahead of the database); open a new one.
 */
import { ENGINE_COMMAND_EFFECTS, ENGINE_LOG_EVENTS, ENGINE_MESSAGES, POSITION_MESSAGES, RISK_ALERT_TITLE, SIGNAL_MESSAGES, type Timeframe } from '@console/contracts';
import type { Pool } from 'pg';
import { DEFAULT_FILL_SETTINGS, type FillSettings } from '../fills/fills';
import { MINUTE_MS } from '../market/candle';
import { MarketModel } from '../market/model';
import { minuteMetrics, type MetricsState } from '../metrics/account-metrics';
import { dec, toScale, ZERO, type Dec } from '../money';
import { cancelOrder, cancelSignal, closeBestLimit, closeLimit, closeLostPosition, closeMarket, CommandRefused, recoverKExit, reducePosition, setSkipCheck } from '../strategy/commands';
import { markPosition, type PositionBook } from '../positions/position';
import { activateSignal, isFinal, stepSignal, type MinuteContext, type RunEvent, type SignalRun, type StepResult } from '../strategy/lifecycle';
import { PairMarket } from '../strategy/market-view';
import { isOpenOrder } from '../strategy/orders';
import { readStrategySettings, timeframesOf, type StrategySettings } from '../strategy/settings';
import { tradeMinute } from '../strategy/trade';
import { ATR_WINDOW_FACTOR } from '../strategy/indicators';
import { periodStart } from '../market/timeframes';
import { blockedProfiles, evaluateTrigger, QUIET_TRIGGER, type RiskInputs, type RiskTriggerRow, type TriggerState } from '../risk/triggers';
import { RealisedPnl, WriteBatch, type Written } from './batch';
import { decodeState, encodeState } from './codec';
import { inTransaction, iso, type Db } from './db';
import { CommitChanges, NO_LIVE, type LivePublisher } from './live';
import { applyStatusCommand, claimCommands, completeCommand, signalOf, type CommandRow } from './sql/commands';
import { botEnabled, readAccountDeposits, readProfiles, type ProfileConfig } from './sql/config';
import { readTriggers } from './sql/risk';
import { accountVar, CloseHistory, oppositeMovePercent, type OppositeUnit } from './risk-inputs';
import { beat, readRuns, readState, writeState } from './sql/state';
import { nextIds } from './sql/trading';
import { ensureMonthPartitions } from './sql/partitions';
import { readForeignRuns, readPairTickers, type ForeignRun } from './sql/adoption';
import { readLostPosition, writeLostPosition } from './sql/lost';
import { adoptRun } from './adoption';

export interface EngineOptions {
  /** The market model's seed. */
  seed: number;
  /** The first minute to trade on a database the engine has never run on. */
  startAt: number;
  fills?: FillSettings;
  /** Test hook: throw inside the transaction of this minute, after its writes (a crash before commit). */
  crashAt?: number;
  /** Where each commit's changes are announced to open consoles (none: they refresh on fetch). */
  live?: LivePublisher;
}

interface RunRecord {
  signalId: string;
  profileId: number;
  pairId: number;
  accountId: number;
  mmProfileId: number;
  run: SignalRun;
  orderIds: Record<string, string>;
}

/** What carries between minutes besides the runs. */
interface EngineDoc {
  /** `profile:pair` → the market gave no signal since the last one started. */
  armed: Record<string, boolean>;
  /** profile → signals started since its last losing trade (absent: no loss yet). */
  sinceLoss: Record<string, number>;
  metrics: Record<string, MetricsState>;
  /** command id → signal id: limit closes waiting for their price. */
  holding: Record<string, string>;
  /** risk trigger id → its state between minutes. */
  triggers: Record<string, TriggerState>;
  /** Profiles whose new signals the fired triggers block. */
  blocked: number[];
}

/** A log row waiting for its signal's and order's ids. */
interface LogEntry {
  record: RunRecord;
  order_key: number | null;
  row: { created_at: string | null; type: string; event_type: string; pair_id: number; pair_name: string; profile_id: number; profile_title: string; log_data: Record<string, string> };
}

interface Span {
  out: WriteBatch;
  triggers: RiskTriggerRow[];
  realised: RealisedPnl;
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

interface PairFeed {
  ticker: string;
  market: PairMarket;
  timeframes: Set<Timeframe>;
  keep: number;
  minutesKept: number;
}

const TIMEFRAME_MINUTES: Record<Timeframe, number> = { '1h': 60, '4h': 240, '1d': 1440, '1w': 10_080, '1M': 44_640 };
const COMMANDS_PER_BATCH = 100;

export class PaperEngine {
  private readonly model: MarketModel;
  private readonly fills: FillSettings;
  private readonly pairs = new Map<number, PairFeed>();
  private readonly settingsCache = new Map<number, { text: string; settings: StrategySettings | null }>();
  /** Each exposed pair's minute closes, for the metrics' VaR. */
  private readonly closes: CloseHistory;
  private settingsByRow = new WeakMap<ProfileConfig, StrategySettings | null>();
  private profiles: ProfileConfig[] = [];
  private bot = false;
  private deposits = new Map<number, Dec>();
  /** Every pair's ticker by id (an adopted run's pair need not be on its profile's ticker list). */
  private tickers = new Map<number, string>();
  /** Open signals of other writers the engine could not take over, with the reason a command on them fails. */
  private refused = new Map<string, string>();
  /** Rows touched since the last flush, by signal id. */
  private touched = new Set<string>();
  private fresh = new Set<string>();
  private logs: LogEntry[] = [];
  /** What the running transaction changed, announced once it commits. */
  private readonly changes = new CommitChanges();
  /** last_minute as the database holds it (null before the first minute). */
  private stored: string | null;

  private constructor(
    private readonly pool: Pool,
    private readonly options: EngineOptions,
    private doc: EngineDoc,
    private last: number,
    private readonly runs: Map<string, RunRecord>,
    storedLast: string | null,
  ) {
    this.model = new MarketModel(options.seed);
    this.fills = options.fills ?? DEFAULT_FILL_SETTINGS;
    this.closes = new CloseHistory(this.model);
    this.stored = storedLast;
  }

  static async open(pool: Pool, options: EngineOptions): Promise<PaperEngine> {
    const stored = await readState(pool);
    const doc = { armed: {}, sinceLoss: {}, metrics: {}, holding: {}, triggers: {}, blocked: [], ...decodeState<Partial<EngineDoc>>(stored.state) };
    const runs = new Map<string, RunRecord>();
    for (const row of await readRuns(pool)) {
      const record = decodeState<Omit<RunRecord, 'orderIds' | 'signalId'>>(row.run);
      runs.set(row.signal_id, { ...record, signalId: row.signal_id, orderIds: row.order_ids });
    }
    const last = stored.last_minute ? stored.last_minute.getTime() : options.startAt - MINUTE_MS;
    const engine = new PaperEngine(pool, options, doc, last, runs, stored.last_minute ? stored.last_minute.toISOString() : null);
    await engine.refresh(pool);
    return engine;
  }

  /** The last minute whose candle was traded (its first millisecond). */
  get lastMinute(): number {
    return this.last;
  }

  async heartbeat(): Promise<void> {
    await beat(this.pool);
  }

  /** Trades every minute after the last one up to `toMinute` included, one transaction each. */
  async advance(toMinute: number): Promise<number> {
    let done = 0;
    while (this.last + MINUTE_MS <= toMinute) {
      const minute = this.last + MINUTE_MS;
      await inTransaction(this.pool, async (db) => {
        this.changes.clear();
        await this.refresh(db);
        const span = await this.openSpan(db, true);
        this.tradeOneMinute(minute);
        await this.runCommands(db, minute);
        await this.finishMinute(db, minute, span);
        await this.closeSpan(db, minute, span);
      });
      this.last = minute;
      this.stored = iso(minute);
      await this.announce();
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
    if (this.last + MINUTE_MS <= toMinute) await ensureMonthPartitions(this.pool, this.last + MINUTE_MS, toMinute);
    while (this.last + MINUTE_MS <= toMinute) {
      const end = Math.min(toMinute, this.last + batchMinutes * MINUTE_MS);
      const counts = await inTransaction(this.pool, async (db) => {
        this.changes.clear();
        await this.refresh(db);
        const span = await this.openSpan(db, false);
        for (let minute = this.last + MINUTE_MS; minute <= end; minute += MINUTE_MS) {
          this.tradeOneMinute(minute);
          await this.finishMinute(db, minute, span);
        }
        await this.closeSpan(db, end, span);
        return span.out.counts;
      });
      progress.minutes += (end - this.last) / MINUTE_MS;
      for (const key of ['signals', 'orders', 'positions', 'logs', 'metrics'] as const) progress[key] += counts[key];
      this.last = end;
      this.stored = iso(end);
      await this.announce();
      onBatch?.(end, progress);
    }
    return progress;
  }

  /** Carries out pending commands at the last traded minute's prices (between minutes, in live mode). */
  async commands(): Promise<void> {
    await inTransaction(this.pool, async (db) => {
      this.changes.clear();
      const out = new WriteBatch(true);
      // Between minutes most turns find nothing to do: the configuration is read again only when they do.
      if (!(await this.runCommands(db, this.last, () => this.refresh(db)))) return;
      await this.collect(db, this.last, out, null, false);
      this.noteWritten(await out.write(db));
      // Before its first minute the engine keeps last_minute empty: the commands came first.
      if (!(await writeState(db, this.stored, this.stored, encodeState(this.doc)))) throw new Error('another engine moved on');
    });
    await this.announce();
  }

  /** After a commit: its changes to the consoles' live stream (bounded, never failing the engine). */
  private async announce(): Promise<void> {
    await (this.options.live ?? NO_LIVE).publish(this.changes.take());
  }

  /** Settles a command and notes its outcome for the consoles. */
  private async settle(db: Db, command: Pick<CommandRow, 'id' | 'kind' | 'target_type' | 'target_id'>, outcome: Parameters<typeof completeCommand>[2]): Promise<void> {
    if (await completeCommand(db, command, outcome)) this.changes.commandSettled(command.id, command.kind, command.target_id, outcome.status);
  }

  /** The rows whose ids only the database knew, for the consoles. */
  private noteWritten(written: Written): void {
    this.changes.rowsChanged('positions', 'APA', 'created', written.positions.created);
    this.changes.rowsChanged('positions', 'APA', 'updated', written.positions.updated);
    this.changes.rowsChanged('notifications', 'notifications', 'created', written.notifications);
  }

  /** What one transaction of minutes carries: its rows, the risk triggers it read, the realised PnL so far. */
  private async openSpan(db: Db, live: boolean): Promise<Span> {
    return { out: new WriteBatch(live), triggers: await readTriggers(db), realised: await RealisedPnl.load(db, [...this.runs.keys()]) };
  }

  /** A minute after its trading (and commands): its rows, its metrics, the risk triggers on them. */
  private async finishMinute(db: Db, minute: number, span: Span): Promise<void> {
    await this.collect(db, minute, span.out, span.realised);
    this.metricsRows(minute, span);
    await this.evaluateRisk(db, minute, span);
  }

  /** The transaction's end: its rows in bulk, then the state with the last minute done. */
  private async closeSpan(db: Db, last: number, span: Span): Promise<void> {
    this.noteWritten(await span.out.write(db));
    const crash = this.options.crashAt;
    if (crash !== undefined && crash > this.last && crash <= last) throw new Error(`crash requested at ${iso(crash)}`);
    if (!(await writeState(db, this.stored, iso(last), encodeState(this.doc)))) throw new Error('another engine wrote this minute');
  }

  private async refresh(db: Db): Promise<void> {
    this.profiles = await readProfiles(db);
    this.bot = await botEnabled(db);
    this.deposits = new Map((await readAccountDeposits(db)).map((a) => [a.id, dec(a.deposit)]));
    this.tickers = await readPairTickers(db);
    await this.adoptForeignRuns(db);
  }

  /**
   * Open signals another writer made (no stored run) become runs of this engine, stepped and commanded
   * by the same rules as its own from now on; those it cannot run are remembered with the reason.
   */
  private async adoptForeignRuns(db: Db): Promise<void> {
    this.refused.clear();
    for (const rows of await readForeignRuns(db)) {
      if (this.runs.has(rows.signal.id)) continue;
      const refusal = this.adopt(rows);
      if (refusal) this.refused.set(rows.signal.id, refusal);
    }
  }

  /** Takes one signal over at the last traded minute; answers why not when it cannot. */
  private adopt(rows: ForeignRun): string | null {
    const s = rows.signal;
    const profile = this.profiles.find((p) => p.id === s.profile_id);
    if (!profile) return ENGINE_MESSAGES.targetUnknown;
    const settings = this.settingsOf(profile);
    if (!settings) return ENGINE_MESSAGES.settingsInvalid;
    const ticker = this.tickers.get(s.pair_id);
    const ctx = ticker === undefined ? null : this.context(this.pair(s.pair_id, ticker, settings), settings, this.last);
    if (!ticker || !ctx) return ENGINE_MESSAGES.pairNotOnMarket;
    const orderIds = Object.fromEntries(rows.orders.map((o, i) => [String(i + 1), o.id]));
    const record: RunRecord = { signalId: s.id, profileId: profile.id, pairId: s.pair_id, accountId: s.exchange_account_id, mmProfileId: profile.mm_profile_id, run: adoptRun(rows, ctx), orderIds };
    this.runs.set(s.id, record);
    this.logs.push({
      record,
      order_key: null,
      row: {
        created_at: iso(ctx.now),
        type: 'general',
        event_type: ENGINE_LOG_EVENTS.signalAdopted,
        pair_id: s.pair_id,
        pair_name: ticker,
        profile_id: profile.id,
        profile_title: profile.title,
        log_data: { message: 'signal adopted: made by another writer, traded by the engine from now on', state: record.run.signal.state },
      },
    });
    return null;
  }

  private settingsOf(profile: ProfileConfig): StrategySettings | null {
    // The same profile row (one refresh) gives the same settings: compared as text only once per refresh.
    const known = this.settingsByRow.get(profile);
    if (known !== undefined) return known;
    const text = JSON.stringify(profile.settings);
    const cached = this.settingsCache.get(profile.id);
    let settings: StrategySettings | null = null;
    if (cached && cached.text === text) settings = cached.settings;
    else {
      try {
        settings = readStrategySettings(profile.settings);
      } catch {
        // A document the validator refuses trades nothing; its open signals keep their last settings.
      }
      this.settingsCache.set(profile.id, { text, settings });
    }
    this.settingsByRow.set(profile, settings);
    return settings;
  }

  /** The pair's market, fed up to the last traded minute; rebuilt when a profile needs more history. */
  private pair(pairId: number, ticker: string, settings: StrategySettings): PairFeed {
    const needed = timeframesOf(settings);
    const keep = ATR_WINDOW_FACTOR * Math.max(settings.signal.atr_n_periods, ...settings.le.map((l) => l.periods_amount)) + 2;
    const minutesKept = settings.signal.timer_minutes + 1;
    const known = this.pairs.get(pairId);
    if (known && needed.every((t) => known.timeframes.has(t)) && known.keep >= keep && known.minutesKept >= minutesKept) return known;
    const timeframes = new Set<Timeframe>([...(known?.timeframes ?? []), ...needed]);
    const kept = { keep: Math.max(keep, known?.keep ?? 0), minutesKept: Math.max(minutesKept, known?.minutesKept ?? 0) };
    const feed: PairFeed = { ticker, timeframes, ...kept, market: new PairMarket(ticker, { minutesKept: kept.minutesKept, timeframes: [...timeframes], barsKept: kept.keep }) };
    // Warm-up: enough whole periods of the longest time frame before the last minute, always the same
    // window for the same minute, so an engine opened later sees the indicators an older one saw.
    const longest = Math.max(...[...timeframes].map((t) => TIMEFRAME_MINUTES[t]));
    const back = Math.max((feed.keep + 2) * longest, feed.minutesKept + 1) * MINUTE_MS;
    const biggest = [...timeframes].sort((a, b) => TIMEFRAME_MINUTES[b] - TIMEFRAME_MINUTES[a])[0];
    const from = periodStart(biggest, this.last - back);
    const block = this.model.range(ticker, from, this.last + MINUTE_MS);
    for (let i = 0; i < block.length; i++) feed.market.feed(block.candle(i));
    this.pairs.set(pairId, feed);
    return feed;
  }

  private context(feed: PairFeed, settings: StrategySettings, minute: number): MinuteContext | null {
    const candle = feed.market.last;
    if (!candle || candle.at !== minute) return null;
    return { now: minute + MINUTE_MS, candle, market: feed.market, settings, fills: this.fills, tickDecimals: this.model.instrument(feed.ticker).tickDecimals };
  }

  private tradeOneMinute(minute: number): void {
    // Every pair someone trades or holds a run on gets this minute's candle once.
    const feeds = new Map<number, PairFeed>();
    for (const profile of this.profiles) {
      const settings = this.settingsOf(profile);
      if (!settings) continue;
      for (const pair of profile.pairs) feeds.set(pair.id, this.pair(pair.id, pair.ticker, settings));
    }
    const byProfile = new Map(this.profiles.map((p) => [p.id, p]));
    for (const record of this.runs.values()) {
      const profile = byProfile.get(record.profileId);
      const settings = profile && this.settingsOf(profile);
      const ticker = this.tickers.get(record.pairId);
      if (settings && ticker !== undefined && !isFinal(record.run)) feeds.set(record.pairId, this.pair(record.pairId, ticker, settings));
    }
    for (const feed of feeds.values()) feed.market.feed(this.model.candle(feed.ticker, minute));

    const openOn = new Map<string, RunRecord>();
    for (const record of this.runs.values()) if (!isFinal(record.run)) openOn.set(`${record.profileId}:${record.pairId}`, record);
    const activeByMm = new Map<number, number>();
    for (const record of this.runs.values()) if (record.run.signal.status === 'active') activeByMm.set(record.mmProfileId, (activeByMm.get(record.mmProfileId) ?? 0) + 1);
    const stepped = new Set<RunRecord>();

    for (const profile of this.profiles) {
      const settings = this.settingsOf(profile);
      if (!settings) continue;
      const trading = profile.status === 'active' && profile.ticker_config_status === 'active';
      for (const pair of profile.pairs) {
        const key = `${profile.id}:${pair.id}`;
        const open = openOn.get(key) ?? null;
        if (!trading && !open) continue;
        const feed = feeds.get(pair.id);
        const ctx = feed && this.context(feed, settings, minute);
        if (!ctx) continue;
        if (open) {
          this.stepOpen(open, profile, ctx, activeByMm);
          stepped.add(open);
          continue;
        }
        const result = tradeMinute({
          ctx,
          open: null,
          armed: this.doc.armed[key] ?? true,
          gate: { bot_enabled: this.bot, profile_status: profile.status, blocked_by_risk: this.doc.blocked.includes(profile.id), pair_tags: { monitoring: false, delisting: false }, funding_rate_percent: 0, price_deviation_percent: 0 },
          mm: { status: profile.mm_status, one_signal_quota: dec(profile.one_signal_quota), max_signals_amount: profile.max_signals_amount, active_signals: activeByMm.get(profile.mm_profile_id) ?? 0 },
          signalsSinceLoss: this.doc.sinceLoss[profile.id] ?? null,
        });
        this.doc.armed[key] = result.armed;
        if (!result.started || !result.run) continue;
        if (this.doc.sinceLoss[profile.id] !== undefined) this.doc.sinceLoss[profile.id]++;
        if (result.run.signal.status === 'active') activeByMm.set(profile.mm_profile_id, (activeByMm.get(profile.mm_profile_id) ?? 0) + 1);
        const record: RunRecord = { signalId: '', profileId: profile.id, pairId: pair.id, accountId: profile.exchange_account_id, mmProfileId: profile.mm_profile_id, run: result.run, orderIds: {} };
        this.pendingNew.push({ record, events: result.events, profile, ticker: pair.ticker });
      }
    }
    // Open runs no profile's pair list led to: adopted ones on a pair their profile no longer lists, or
    // several of another writer's signals open on the same profile and pair.
    for (const record of [...this.runs.values()]) {
      if (isFinal(record.run) || stepped.has(record)) continue;
      const { profile, ctx } = this.contextOf(record, minute);
      if (profile && ctx) this.stepOpen(record, profile, ctx, activeByMm);
    }
  }

  /** One minute of an open run: a queued one starts when its MM profile has a free slot, else it steps. */
  private stepOpen(record: RunRecord, profile: ProfileConfig, ctx: MinuteContext, activeByMm: Map<number, number>): void {
    let result: StepResult;
    if (record.run.signal.status === 'in_queue' && (activeByMm.get(record.mmProfileId) ?? 0) < profile.max_signals_amount && profile.mm_status === 'active') {
      result = activateSignal(record.run, ctx);
      activeByMm.set(record.mmProfileId, (activeByMm.get(record.mmProfileId) ?? 0) + 1);
    } else result = stepSignal(record.run, ctx);
    this.update(record, result, profile, ctx.market.ticker);
  }

  /** New runs wait here for their signal ids (allocated in the flush). */
  private pendingNew: { record: RunRecord; events: RunEvent[]; profile: ProfileConfig; ticker: string }[] = [];

  private update(record: RunRecord, stepped: StepResult, profile: ProfileConfig, ticker: string): void {
    record.run = stepped.run;
    this.touched.add(record.signalId);
    this.logEvents(record, stepped.events, profile, ticker);
    if (isFinal(stepped.run) && stepped.run.entered.coins.greaterThan(0) && stepped.run.position.r_pnl.lessThan(0)) this.doc.sinceLoss[record.profileId] = 0;
  }

  private logEvents(record: RunRecord, events: readonly RunEvent[], profile: ProfileConfig, ticker: string): void {
    // Most minutes of an open run have no event: no time to format.
    if (!events.length) return;
    const at = iso(record.run.signal.finished_at ?? Math.max(...record.run.orders.map((o) => o.updated_at), record.run.signal.created_at));
    for (const event of events) {
      this.logs.push({
        record,
        order_key: event.order_key ?? null,
        row: {
        created_at: at,
        type: event.kind === 'signal_cancelled' && event.detail === 'canceled_by_mmsp' ? 'restrictions' : event.kind === 'signal_missed' ? 'divergence' : 'general',
        event_type: event.kind === 'signal_started' || event.kind === 'signal_queued' ? ENGINE_LOG_EVENTS.signalReceived : event.kind,
        pair_id: record.pairId,
        pair_name: ticker,
        profile_id: profile.id,
        profile_title: profile.title,
        log_data: { message: `${event.kind.replace(/_/g, ' ')}${event.detail ? ` (${event.detail})` : ''}`, state: record.run.signal.state },
        },
      });
    }
  }

  /**
   * Settles held limit closes and carries out claimed pending commands, each completed once; `prepare`
   * runs first when there is any such work. Answers whether there was.
   */
  private async runCommands(db: Db, minute: number, prepare?: () => Promise<void>): Promise<boolean> {
    const commands = await claimCommands(db, Object.keys(this.doc.holding), COMMANDS_PER_BATCH);
    const work = commands.length > 0 || Object.keys(this.doc.holding).length > 0;
    if (work) await prepare?.();
    await this.settleHeld(db);
    for (const command of commands) await this.runCommand(db, command, minute);
    return work;
  }

  /** Limit closes whose signal has ended: done if it finished, else failed with the reason. */
  private async settleHeld(db: Db): Promise<void> {
    for (const [commandId, signalId] of Object.entries(this.doc.holding)) {
      const record = this.runs.get(signalId);
      if (record && !isFinal(record.run)) continue;
      delete this.doc.holding[commandId];
      if (record) this.touched.add(signalId);
      const { rows } = await db.query<{ target_type: CommandRow['target_type']; target_id: string; kind: CommandRow['kind'] }>(`SELECT target_type, target_id::text, kind FROM engine_commands WHERE id = $1`, [commandId]);
      const row = rows[0];
      if (!row) continue;
      const finished = record?.run.signal.status === 'finished';
      await this.settle(db, { id: commandId, ...row }, finished ? { status: 'succeeded', done: ENGINE_COMMAND_EFFECTS[row.kind].done } : { status: 'failed', error: ENGINE_MESSAGES.closeOvertaken });
    }
  }

  private async runCommand(db: Db, command: CommandRow, minute: number): Promise<void> {
    const done = ENGINE_COMMAND_EFFECTS[command.kind].done;
    const fail = (error: string) => this.settle(db, command, { status: 'failed', error });
    if (command.kind === 'close_lost_position') {
      const outcome = await this.closeLost(db, command, minute);
      await (outcome ? fail(outcome) : this.settle(db, command, { status: 'succeeded', done }));
      return;
    }
    if (command.target_type === 'signal' || command.target_type === 'order' || command.target_type === 'position') {
      const signalId = command.target_type === 'signal' ? command.target_id : await signalOf(db, command.target_type === 'order' ? 'orders' : 'positions', command.target_id);
      const record = signalId ? this.runs.get(signalId) : undefined;
      const refusal = signalId ? this.refused.get(signalId) : undefined;
      if (refusal) {
        await fail(refusal);
        return;
      }
      if (!record || isFinal(record.run)) {
        await fail(command.target_type === 'signal' ? SIGNAL_MESSAGES.notCancellable : command.target_type === 'order' ? ENGINE_MESSAGES.orderNotOpen : signalId ? POSITION_MESSAGES.positionClosed : ENGINE_MESSAGES.targetUnknown);
        return;
      }
      const { profile, feed, ctx } = this.contextOf(record, minute);
      if (!profile || !ctx) {
        await fail(ENGINE_MESSAGES.targetUnknown);
        return;
      }
      let result: StepResult;
      try {
        result = this.carryOut(command, record, ctx);
      } catch (error) {
        if (error instanceof CommandRefused) {
          await fail(error.message);
          return;
        }
        throw error;
      }
      this.update(record, result, profile, feed?.ticker ?? '');
      const waits = (command.kind === 'close_limit' || command.kind === 'close_best_limit') && !isFinal(result.run);
      if (waits) this.doc.holding[command.id] = record.signalId;
      else await this.settle(db, command, { status: 'succeeded', done });
      return;
    }
    await applyStatusCommand(db, command);
    await this.settle(db, command, { status: 'succeeded', done });
  }

  /**
   * close_lost_position {quantity}: a position found on the exchange without a signal, closed (in part) at
   * this minute's market; its row goes once nothing is left. Answers why not when it cannot.
   */
  private async closeLost(db: Db, command: CommandRow, minute: number): Promise<string | null> {
    const row = await readLostPosition(db, command.target_id);
    if (!row) return POSITION_MESSAGES.lostPositionNotFound;
    const ticker = this.tickers.get(row.pair_id);
    if (ticker === undefined) return ENGINE_MESSAGES.pairNotOnMarket;
    const candle = this.model.candle(ticker, minute);
    const coins = dec(row.active_p_coins);
    const size = dec(row.active_p_size_usd);
    const held: PositionBook = {
      side: row.side,
      state: null,
      active_p_coins: coins,
      active_p_size_usd: size,
      // A row without its entry price is valued at its size, else at the market.
      avg_e_price: row.avg_e_price ? dec(row.avg_e_price) : coins.greaterThan(0) && size.greaterThan(0) ? toScale(size.div(coins), 'price') : dec(candle.close),
      r_pnl: dec(row.r_pnl),
      u_pnl: dec(row.u_pnl),
      current_price: row.current_price === null ? null : dec(row.current_price),
      mark_price: row.mark_price === null ? null : dec(row.mark_price),
    };
    const quantity = decimalOrNull(command.payload.quantity);
    if (!quantity) return POSITION_MESSAGES.quantityRange;
    let after: PositionBook;
    try {
      after = closeLostPosition(held, quantity, { price: candle.close, tickDecimals: this.model.instrument(ticker).tickDecimals, volume: candle.volume }, this.fills);
    } catch (error) {
      if (error instanceof CommandRefused) return error.message;
      throw error;
    }
    const marked = markPosition(after, { current_price: candle.close, mark_price: candle.close });
    const text = (value: Dec | null) => (value === null ? null : value.toFixed());
    await writeLostPosition(
      db,
      { id: row.id, active_p_coins: marked.active_p_coins.toFixed(), active_p_size_usd: marked.active_p_size_usd.toFixed(), avg_e_price: text(marked.avg_e_price), r_pnl: marked.r_pnl.toFixed(), u_pnl: marked.u_pnl.toFixed(), current_price: text(marked.current_price), mark_price: text(marked.mark_price) },
      iso(minute + MINUTE_MS),
    );
    return null;
  }

  /** A run's profile, pair feed and minute context (none when its profile or market is gone). */
  private contextOf(record: RunRecord, minute: number): { profile?: ProfileConfig; feed?: PairFeed; ctx: MinuteContext | null } {
    const profile = this.profiles.find((p) => p.id === record.profileId);
    const settings = profile && this.settingsOf(profile);
    const ticker = this.tickers.get(record.pairId);
    // Made (warmed up to the last traded minute) when missing: an engine just started has traded no minute
    // yet, and the commands that waited for it must not fail for that.
    const feed = settings && ticker ? this.pair(record.pairId, ticker, settings) : this.pairs.get(record.pairId);
    return { profile, feed, ctx: settings && feed ? this.context(feed, settings, minute) : null };
  }

  /**
   * Every risk trigger on this minute's metrics and open positions: fired ones get triggered_at and a log
   * row, alerts a notification for Telegram, Hard Risk Control reduces or closes at market, and the set of
   * blocked profiles is kept for the next minute's new signals.
   */
  private async evaluateRisk(db: Db, minute: number, span: Span): Promise<void> {
    const { triggers, out } = span;
    const open = [...this.runs.values()].filter((r) => !isFinal(r.run) && r.run.position.created_at !== null && r.run.position.active_p_coins.greaterThan(0));
    const inputs: RiskInputs = {
      at: minute,
      metrics: Object.values(this.doc.metrics).map((m) => m.row),
      positions: open.map((r) => ({ id: Number(r.signalId), exchange_account_id: r.accountId, profile_id: r.profileId, opened_at: r.run.position.created_at ?? minute })),
      profiles: this.profiles.map((p) => ({ id: p.id, exchange_account_id: p.exchange_account_id, active: p.status === 'active' })),
      oppositeMovePercent: (profileIds, sp, atrPercent) => oppositeMovePercent(this.oppositeUnits(), profileIds, sp, atrPercent),
    };
    const states = new Map<number, TriggerState>();
    let traded = false;
    for (const trigger of triggers) {
      const before = this.doc.triggers[trigger.id] ?? QUIET_TRIGGER;
      const outcome = evaluateTrigger(trigger, before, inputs);
      states.set(trigger.id, outcome.state);
      const log = (event_type: string, message: string) =>
        out.log({ created_at: iso(minute), type: 'restrictions', event_type, log_data: { message, trigger_id: String(trigger.id), measure: String(outcome.measure ?? '') } });
      if (!before.fired && outcome.state.fired) {
        out.triggeredAt(trigger.id, iso(minute) ?? '');
        this.changes.rowsChanged('risk-controls', 'risk_control', 'updated', [trigger.id]);
        log(ENGINE_LOG_EVENTS.riskTriggerFired, `risk trigger '${trigger.trigger_name}' (${trigger.trigger_type}) fired`);
      } else if (before.fired && !outcome.state.fired) log(ENGINE_LOG_EVENTS.riskTriggerReleased, `risk trigger '${trigger.trigger_name}' (${trigger.trigger_type}) released`);
      for (const effect of outcome.effects) {
        if (effect.kind === 'alert') out.alert({ title: RISK_ALERT_TITLE, text: effect.message, at: iso(minute) ?? '' });
        if (effect.kind !== 'reduce' && effect.kind !== 'close') continue;
        for (const signalId of effect.position_ids) {
          const record = this.runs.get(String(signalId));
          const { profile, feed, ctx } = record ? this.contextOf(record, minute) : { ctx: null };
          if (!record || !profile || !ctx || isFinal(record.run)) continue;
          try {
            const result = effect.kind === 'close' ? closeMarket(record.run, ctx) : reducePosition(record.run, String(effect.percent), ctx);
            this.update(record, result, profile, feed?.ticker ?? '');
            traded = true;
          } catch (error) {
            // A position the core cannot act on (nothing left to reduce) is left as it is.
            if (!(error instanceof CommandRefused)) throw error;
          }
        }
        log(effect.kind === 'close' ? ENGINE_LOG_EVENTS.riskTriggerClosed : ENGINE_LOG_EVENTS.riskTriggerReduced, `risk trigger '${trigger.trigger_name}' ${effect.kind === 'close' ? 'closed' : 'reduced'} ${effect.position_ids.length} position(s)`);
      }
    }
    this.doc.triggers = Object.fromEntries([...states].map(([id, state]) => [String(id), state]));
    this.doc.blocked = [...blockedProfiles(triggers, states, inputs)];
    if (traded) await this.collect(db, minute, out, span.realised);
  }

  /** Every profile's pairs with the market and settings opposite_dir measures them by. */
  private oppositeUnits(): OppositeUnit[] {
    return this.profiles.flatMap((profile) => {
      const settings = this.settingsOf(profile);
      if (!settings) return [];
      const s = settings.signal;
      return profile.pairs.flatMap((pair) => {
        const feed = this.pairs.get(pair.id);
        return feed ? [{ profileId: profile.id, market: feed.market, timeframe: s.timeframe, direction: settings.direction, n: s.atr_n_periods, algo: s.atr_smooth_algo }] : [];
      });
    });
  }

  private carryOut(command: CommandRow, record: RunRecord, ctx: MinuteContext): StepResult {
    const p = command.payload;
    switch (command.kind) {
      case 'cancel_signal':
        return cancelSignal(record.run, ctx);
      case 'cancel_order': {
        const key = Object.entries(record.orderIds).find(([, id]) => id === command.target_id)?.[0];
        if (key === undefined) throw new CommandRefused(ENGINE_MESSAGES.orderNotOpen);
        return cancelOrder(record.run, Number(key), ctx);
      }
      case 'close_market':
        return closeMarket(record.run, ctx);
      case 'close_limit':
        return closeLimit(record.run, Number(p.coefficient), ctx);
      case 'close_best_limit':
        return closeBestLimit(record.run, ctx);
      case 'reduce_position':
        return reducePosition(record.run, String(p.percent), ctx);
      case 'set_skip_check':
        return setSkipCheck(
          record.run,
          {
            skip_check_by_timer: typeof p.skip_check_by_timer === 'boolean' ? p.skip_check_by_timer : undefined,
            skip_check_by_distance: typeof p.skip_check_by_distance === 'boolean' ? p.skip_check_by_distance : undefined,
          },
          ctx,
        );
      case 'recover_k_exit':
        return recoverKExit(record.run, ctx);
      default:
        throw new CommandRefused(ENGINE_MESSAGES.targetUnknown);
    }
  }

  /**
   * Every run touched since the last collect into `out` (every open run after a traded minute): its signal,
   * orders, position, log rows and stored run; new signals and orders get their ids here. `realised`
   * follows the position rows.
   */
  private async collect(db: Db, minute: number, out: WriteBatch, realised: RealisedPnl | null, minuteTraded = true): Promise<void> {
    const now = minute + MINUTE_MS;
    const ids = await nextIds(db, 'signals_id_seq', this.pendingNew.length);
    this.pendingNew.forEach((entry, i) => {
      entry.record.signalId = ids[i];
      this.runs.set(ids[i], entry.record);
      this.fresh.add(ids[i]);
      this.touched.add(ids[i]);
      this.logEvents(entry.record, entry.events, entry.profile, entry.ticker);
    });
    this.pendingNew = [];
    // Open runs change their figures with every price; between minutes only what the commands changed is new.
    if (minuteTraded) for (const record of this.runs.values()) if (!isFinal(record.run)) this.touched.add(record.signalId);

    const records = [...this.touched].map((id) => this.runs.get(id)).filter((r): r is RunRecord => r !== undefined);
    const newOrders = records.flatMap((r) => r.run.orders.filter((o) => r.orderIds[o.key] === undefined).map((o) => ({ r, o })));
    const orderIds = await nextIds(db, 'orders_id_seq', newOrders.length);
    newOrders.forEach(({ r, o }, i) => (r.orderIds[o.key] = orderIds[i]));

    const stamp = iso(now);
    for (const r of records) out.signal(r.signalId, { id: r.signalId, exchange_account_id: r.accountId, profile_id: r.profileId, pair_id: r.pairId, ...signalColumns(r.run), updated_at: stamp }, this.fresh.has(r.signalId));
    this.changes.rowsChanged('signals', 'signals', 'created', records.filter((r) => this.fresh.has(r.signalId)).map((r) => r.signalId));
    this.changes.rowsChanged('signals', 'signals', 'updated', records.filter((r) => !this.fresh.has(r.signalId)).map((r) => r.signalId));
    const orderRow = (r: RunRecord, o: SignalRun['orders'][number]) => ({
      id: r.orderIds[o.key], signal_id: r.signalId, exchange_account_id: r.accountId, profile_id: r.profileId, pair_id: r.pairId,
      order_type: o.order_type, direction: o.direction, position_direction: o.position_direction, price: o.price, quantity: o.quantity,
      filled_quantity: o.filled_quantity, state: o.state, status: o.status, exchange_status: o.exchange_status, time_in_force: o.time_in_force,
      created_at: iso(o.created_at), updated_at: iso(o.updated_at),
    });
    const freshOrders = new Set(newOrders.map(({ o }) => o));
    for (const { r, o } of newOrders) out.order(r.orderIds[o.key], orderRow(r, o), true);
    const changedOrders = records.flatMap((r) => r.run.orders.filter((o) => o.updated_at === now && !freshOrders.has(o)).map((o) => orderRow(r, o)));
    for (const row of changedOrders) out.order(row.id, row, false);
    this.changes.rowsChanged('orders', 'orders', 'created', newOrders.map(({ r, o }) => r.orderIds[o.key]));
    this.changes.rowsChanged('orders', 'orders', 'updated', changedOrders.map((o) => o.id));
    for (const r of records) {
      if (r.run.position.created_at === null) continue;
      out.position(r.signalId, positionRow(r, stamp));
      realised?.position(r.signalId, r.accountId, r.run.position.r_pnl, r.run.position.state);
    }
    out.log(...this.logs.map(({ record, order_key, row }) => ({ ...row, signal_id: record.signalId, order_id: order_key === null ? null : (record.orderIds[order_key] ?? null) })));
    this.logs = [];
    const held = new Set(Object.values(this.doc.holding));
    for (const r of records) {
      const finished = isFinal(r.run) && !held.has(r.signalId);
      out.run(r.signalId, finished ? null : () => encodeState({ profileId: r.profileId, pairId: r.pairId, accountId: r.accountId, mmProfileId: r.mmProfileId, run: r.run }), r.orderIds);
      if (finished) this.runs.delete(r.signalId);
    }
    this.touched.clear();
    this.fresh.clear();
  }

  /** One account_metrics row per exchange account with a deposit, at this minute. */
  private metricsRows(minute: number, span: Span): void {
    const at = iso(minute);
    for (const [accountId, deposit] of this.deposits) {
      if (deposit.isZero()) continue;
      const unrealised: Dec[] = [];
      const open_order_values: Dec[] = [];
      const open: RunRecord[] = [];
      for (const r of this.runs.values()) {
        if (r.accountId !== accountId || isFinal(r.run)) continue;
        open.push(r);
        unrealised.push(r.run.position.u_pnl);
        for (const o of r.run.orders) if (isOpenOrder(o)) open_order_values.push(o.price.times(o.quantity.minus(o.filled_quantity)));
      }
      const previous = this.doc.metrics[accountId] ?? null;
      const exposed = open.flatMap((r) => {
        const ticker = this.pairs.get(r.pairId)?.ticker;
        return ticker ? [{ ticker, run: r.run }] : [];
      });
      const risk = accountVar(exposed, this.closes, minute);
      const state = minuteMetrics(previous, {
        exchange_account_id: accountId,
        at: minute,
        balances: { usdt: deposit.plus(span.realised.of(accountId)), usdc: ZERO, other_stable: ZERO, coins: [] },
        unrealised,
        open_order_values,
        var: risk.var,
        var_with_orders: risk.varWithOrders,
        flow: ZERO,
        initial_deposit: deposit,
      });
      this.doc.metrics[accountId] = state;
      span.out.metric({ ...state.row, at });
      this.changes.metricsWritten();
    }
  }
}

/** A payload's decimal (text or number), or null when it is none. */
function decimalOrNull(value: unknown): Dec | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  try {
    return dec(value);
  } catch {
    return null;
  }
}

function signalColumns(run: SignalRun) {
  const s = run.signal;
  return {
    timeframe: s.timeframe, direction: s.direction, status: s.status, state: s.state, execution: s.execution, size_currency: s.size_currency,
    size_coins: s.size_coins, start_point: s.start_point, avg_e_price: s.avg_e_price, exit_place: s.exit_place, current_price: s.current_price,
    pnl_in_usd: s.pnl_in_usd, pnl_in_percent: s.pnl_in_percent, tr_in_atr: s.tr_in_atr, inc_vola: s.inc_vola, atr_minus_1: s.atr_minus_1,
    atr_t_percent: s.atr_t_percent, created_at: iso(s.created_at), minute_activated_at: iso(s.minute_activated_at), finished_at: iso(s.finished_at),
  };
}

function positionRow(r: RunRecord, updatedAt: string | null) {
  const p = r.run.position;
  return {
    signal_id: r.signalId, exchange_account_id: r.accountId, profile_id: r.profileId, pair_id: r.pairId, side: p.side, state: p.state,
    active_p_size_usd: p.active_p_size_usd, active_p_coins: p.active_p_coins, r_pnl: p.r_pnl, u_pnl: p.u_pnl, avg_e_price: p.avg_e_price,
    current_price: p.current_price, mark_price: p.mark_price, k_exit: p.k_exit, k_exit_coeff: p.k_exit_coeff, reduce_p: p.reduce_p,
    k_e_recovery: p.k_e_recovery, skip_check_by_timer: p.skip_check_by_timer, skip_check_by_distance: p.skip_check_by_distance,
    best_limit: p.best_limit, created_at: iso(p.created_at), updated_at: updatedAt, closed_at: iso(p.closed_at),
  };
}
