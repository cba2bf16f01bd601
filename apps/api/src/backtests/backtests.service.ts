import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource, type EntityManager } from 'typeorm';
import {
  BACKTEST_LIMITS,
  BACKTEST_MESSAGES as M,
  candleBarCount,
  MARKET_DATA_LIMITS,
  MARKET_DATA_MESSAGES,
  type CandleBar,
  normalizeSettings,
  settingsShapeErrors,
  validateStrategySettings,
  type Backtest,
  type BacktestCreated,
  type BacktestEquityPoint,
  type BacktestRow,
  type BacktestTradeRow,
  STRATEGY_SETTINGS_SCHEMA_TYPES,
  type StrategySettings,
  type StrategyProfile,
} from '@console/contracts';
import type { Principal } from '../access/principal';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { ReadDb } from '../common/database/read-replica';
import { BadRequestDetail, FieldValidationError, NotFoundDetail, TooManyRequestsDetail } from '../common/errors/api-errors';
import type { ListDeclaration } from '../common/list-query/list-declaration';
import { mapRows, queryListPage, type ListPage } from '../common/list-query/list-query';
import { markUnchanged } from '../logs/audit-context';
import { AuditService } from '../logs/audit.service';
import { handOffAfterCommit } from '../queues/after-commit';
import { publishAfterCommit } from '../queues/outbox';
import { BACKTESTS_QUEUE } from '../queues/queue-producers.module';
import { readCandles } from '../market-data/candle-bars';
import { modelCandles } from './backtest-candles';
import type { BacktestCandlesQuery, BacktestsQuery, CreateBacktestDto } from './backtests.dto';
import { BACKTEST_LIST, BACKTEST_TRADE_LIST } from './backtests.list';
import { backtestJobId, backtestsOutbox } from './backtests.outbox';
import { BacktestsRepository, type BacktestRecord } from './backtests.repository';
import { StrategyProfilesService } from '../strategy-profiles/strategy-profiles.service';

const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;
/** The market model's first day (the engine's MODEL_EPOCH). */
const MODEL_EPOCH = Date.UTC(2017, 0, 1);
const ID = /^\d{1,15}$/;

type ListRow = Omit<BacktestRow, 'date_from' | 'date_until' | 'created_at'> & { date_from: Date; date_until: Date; created_at: Date };

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function rowOf(r: ListRow): BacktestRow {
  return { ...r, date_from: r.date_from.toISOString(), date_until: r.date_until.toISOString(), created_at: r.created_at.toISOString() };
}

function answerOf(r: BacktestRecord): Backtest {
  return {
    id: r.id,
    profile_id: r.profile_id ?? 0,
    profile: r.profile,
    market: r.market,
    date_from: r.date_from.toISOString(),
    date_until: r.date_until.toISOString(),
    status: r.status,
    progress: r.progress,
    total_return_percent: r.figures?.total_return_percent ?? null,
    max_drawdown_percent: r.figures?.max_drawdown_percent ?? null,
    trade_count: r.figures?.trade_count ?? null,
    created_by: r.created_by,
    created_at: r.created_at.toISOString(),
    inputs: {
      profile_id: r.profile_id ?? 0,
      pairs: r.pairs.map((p) => p.id),
      pair_symbols: r.pairs.map((p) => p.ticker),
      market: r.market,
      seed: r.seed === null ? null : Number(r.seed),
      exchange: r.exchange,
      date_from: r.date_from.toISOString(),
      date_until: r.date_until.toISOString(),
      deposit: r.deposit,
      settings: r.settings,
      fee_rate: r.fee_rate,
      slippage_rate: r.slippage_rate,
    },
    figures: r.figures,
    duration_ms: r.duration_ms,
    error: r.error,
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
  };
}

/** A day alone is its first minute (UTC); an instant is cut to its minute. */
function minuteOf(text: string): number {
  const at = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  return Math.floor(at / MINUTE_MS) * MINUTE_MS;
}

/**
 * Backtests from the API side: a run is a row (holding the profile's settings and MM sizing as they were
 * asked for), then a job for the worker; reads of the runs and their results; cancel and delete.
 */
@Injectable()
export class BacktestsService {
  private readonly logger = new Logger('Backtests');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BACKTESTS_QUEUE) private readonly queue: Queue,
    private readonly reads: ReadDb,
    private readonly runs: BacktestsRepository,
    private readonly audit: AuditService,
    private readonly profiles: StrategyProfilesService,
  ) {}

  async create(principal: Principal, body: CreateBacktestDto): Promise<BacktestCreated> {
    const store = body.market === 'store';
    if (!store && body.seed === undefined) throw FieldValidationError.of('seed', M.seedRequired);
    const from = minuteOf(body.date_from);
    const until = minuteOf(body.date_until);
    if (until <= from) throw FieldValidationError.of('date_until', M.emptyPeriod);
    if (until - from > BACKTEST_LIMITS.maxDays * DAY_MS) throw FieldValidationError.of('date_until', M.periodTooLong);
    if (!store && from < MODEL_EPOCH) throw FieldValidationError.of('date_from', M.periodBeforeModel);
    if (until > Date.now()) throw FieldValidationError.of('date_until', M.periodInFuture);
    const deposit = Number(body.deposit);
    if (deposit < BACKTEST_LIMITS.minDeposit || deposit > BACKTEST_LIMITS.maxDeposit) throw FieldValidationError.of('deposit', M.depositOutOfRange);
    for (const key of ['fee_rate', 'slippage_rate'] as const) {
      if (body[key] !== undefined && Number(body[key]) > BACKTEST_LIMITS.maxRate) throw FieldValidationError.of(key, M.rateTooHigh);
    }

    const made = await this.dataSource.transaction(async (m) => {
      const profile = await this.runs.profileToTest(m, body.profile_id);
      if (!profile) throw FieldValidationError.of('profile_id', M.profileNotFound);
      const settings = body.settings === undefined ? profile.settings : (normalizeSettings(body.settings) as Record<string, unknown>);
      if (Object.keys(settingsShapeErrors(settings)).length || Object.keys(validateStrategySettings(settings)).length) throw FieldValidationError.of('settings', M.settingsInvalid);
      let pairs: { id: number; ticker: string }[] = profile.pairs;
      if (body.pairs) {
        const wanted = [...new Set(body.pairs)];
        pairs = await this.runs.pairs(m, wanted);
        const missing = wanted.filter((id) => !pairs.some((p) => p.id === id));
        if (missing.length) throw FieldValidationError.of('pairs', M.unknownPair(missing));
      }
      if (!pairs.length) throw FieldValidationError.of('pairs', M.noPairs);
      if (pairs.length > BACKTEST_LIMITS.maxPairs) throw FieldValidationError.of('pairs', M.tooManyPairs);
      if (store) await this.checkCoverage(m, profile.exchange, pairs, from, until);

      await this.runs.lockUserStarts(m, principal.userId);
      if ((await this.runs.countUnfinished(m, principal.userId)) >= BACKTEST_LIMITS.maxUnfinishedPerUser) throw new TooManyRequestsDetail(M.tooMany);
      const run = {
        profile_id: profile.id,
        profile_title: profile.title,
        pairs,
        market: body.market,
        seed: store ? null : (body.seed ?? null),
        exchange: store ? profile.exchange : null,
        date_from: new Date(from),
        date_until: new Date(until),
        deposit: body.deposit,
        fee_rate: body.fee_rate ?? null,
        slippage_rate: body.slippage_rate ?? null,
        settings,
        one_signal_quota: profile.one_signal_quota,
        max_signals_amount: profile.max_signals_amount,
        created_by: principal.userId,
      };
      const id = await this.runs.create(m, run);
      await this.audit.write(
        { type: 'user', event_type: 'backtest_created', user_id: principal.userId, profile_id: run.profile_id, profile_title: run.profile_title, log_data: { backtest_id: id, pairs: pairs.map((p) => p.ticker), date_from: run.date_from, date_until: run.date_until, market: run.market, seed: run.seed, exchange: run.exchange } },
        m,
      );
      return id;
    });
    await publishAfterCommit(backtestsOutbox, this.queue, [made], this.config.enqueueTimeoutMs, this.logger);
    return { id: made, status: 'PENDING' };
  }

  /**
   * A store run must find every minute of its period's ends in the store: a pair the store lacks, or the
   * span before its first or after its last stored minute, is a 400 that names it. Gaps inside the stored
   * span are minutes the pair is not traded, as the live engine on the store leaves them.
   */
  private async checkCoverage(m: EntityManager, exchange: string, pairs: readonly { ticker: string }[], from: number, until: number): Promise<void> {
    const covered = new Map((await this.runs.coverage(m, exchange, pairs.map((p) => p.ticker))).map((c) => [c.symbol, c]));
    const text = (at: number) => new Date(at).toISOString().replace('.000Z', 'Z');
    for (const { ticker } of pairs) {
      const span = covered.get(ticker);
      if (!span) throw FieldValidationError.of('pairs', M.storeNoCandles(ticker, exchange));
      const first = span.first_minute.getTime();
      const end = span.last_minute.getTime() + MINUTE_MS;
      if (first > from) throw FieldValidationError.of('date_from', M.storeMissingSpan(ticker, exchange, text(from), text(Math.min(first, until))));
      if (end < until) throw FieldValidationError.of('date_until', M.storeMissingSpan(ticker, exchange, text(Math.max(end, from)), text(until)));
    }
  }

  async list(query: BacktestsQuery): Promise<ListPage<BacktestRow>> {
    return mapRows(await queryListPage<ListRow, BacktestsQuery>(this.reads, BACKTEST_LIST, query), rowOf);
  }

  async get(id: string): Promise<Backtest> {
    return answerOf(await this.found(id));
  }

  async trades(id: string, query: BacktestsQuery): Promise<ListPage<BacktestTradeRow>> {
    const run = await this.found(id);
    const list: ListDeclaration<BacktestsQuery> = { ...BACKTEST_TRADE_LIST, always: [`t.backtest_id = ${Number(run.id)}`] };
    type Stored = Omit<BacktestTradeRow, 'entry_at' | 'exit_at'> & { entry_at: Date; exit_at: Date };
    return mapRows(await queryListPage<Stored, BacktestsQuery>(this.dataSource, list, { page: query.page, page_size: query.page_size, cursor: query.cursor }), (t) => ({
      ...t,
      entry_at: t.entry_at.toISOString(),
      exit_at: t.exit_at.toISOString(),
    }));
  }

  async equity(id: string): Promise<BacktestEquityPoint[]> {
    const run = await this.found(id);
    return (await this.runs.equity(this.dataSource, run.id)).map((p) => ({ at: p.at.toISOString(), equity: p.equity }));
  }

  /**
   * One pair's bars over the run's period, from the market it ran on: the store's minutes of its exchange,
   * or the model of its seed. The cap is judged on the period's bars before anything is read or computed.
   */
  async candles(id: string, query: BacktestCandlesQuery): Promise<CandleBar[]> {
    const run = await this.found(id);
    const pair = run.pairs.find((p) => p.ticker === query.pair);
    if (!pair) throw FieldValidationError.of('pair', M.pairNotInRun(query.pair, run.pairs.map((p) => p.ticker)));
    const from = run.date_from;
    const last = new Date(run.date_until.getTime() - MINUTE_MS);
    const bars = candleBarCount(query.timeframe, from, last);
    if (bars > MARKET_DATA_LIMITS.maxBars) throw FieldValidationError.of('timeframe', MARKET_DATA_MESSAGES.tooManyBars(bars));
    if (run.market === 'store' && run.exchange !== null) {
      return readCandles(this.dataSource, { exchange: run.exchange, symbol: pair.ticker, timeframe: query.timeframe, from, to: last });
    }
    return modelCandles(Number(run.seed ?? 0), pair.ticker, query.timeframe, from.getTime(), run.date_until.getTime());
  }

  /** Stops a waiting or running run (a running one stops at its next simulated day); one that has ended answers 400. */
  async cancel(principal: Principal, id: string): Promise<Backtest> {
    const run = await this.found(id);
    const cancelled = await this.dataSource.transaction(async (m) => {
      const done = await this.runs.cancel(m, run.id);
      if (done) await this.audit.write({ type: 'user', event_type: 'backtest_cancelled', user_id: principal.userId, log_data: { backtest_id: run.id } }, m);
      return done;
    });
    if (!cancelled) {
      const now = await this.found(id);
      if (now.status === 'CANCELLED') {
        // Cancelled before: nothing changes, so no audit row either.
        markUnchanged();
        return answerOf(now);
      }
      throw new BadRequestDetail(M.notCancellable);
    }
    await handOffAfterCommit(this.queue.remove(backtestJobId(run.id)).then(() => undefined), this.config.enqueueTimeoutMs, this.logger, `backtest ${run.id} cancelled, its job`);
    return this.get(id);
  }

  /** The run and its results; a running one stops at its next simulated day (its row is gone). */
  async remove(principal: Principal, id: string): Promise<void> {
    const run = await this.found(id);
    await this.dataSource.transaction(async (m) => {
      if (!(await this.runs.remove(m, run.id))) throw new NotFoundDetail(M.notFound);
      await this.audit.write({ type: 'user', event_type: 'backtest_deleted', user_id: principal.userId, profile_id: run.profile_id ?? undefined, profile_title: run.profile, log_data: { backtest_id: run.id } }, m);
    });
    await handOffAfterCommit(this.queue.remove(backtestJobId(run.id)).then(() => undefined), this.config.enqueueTimeoutMs, this.logger, `backtest ${run.id} deleted, its job`);
  }

  /**
   * Writes the settings the run used into its profile through the profile's own save: the same rules
   * (a draft or stopped profile only, the whole document checked) and the same audit row as an edit.
   */
  async promote(principal: Principal, id: string): Promise<StrategySettings> {
    const run = await this.found(id);
    if (run.profile_id === null) throw new BadRequestDetail(M.profileGone);
    return this.profiles.saveSettings(principal, run.profile_id, { schema_type: STRATEGY_SETTINGS_SCHEMA_TYPES[0], settings: run.settings });
  }

  /** A new draft profile with the settings the run used, beside its profile (whose links it copies); audited as a profile's creation. */
  async promoteDraft(principal: Principal, id: string, title: string | undefined): Promise<StrategyProfile> {
    const run = await this.found(id);
    if (run.profile_id === null) throw new BadRequestDetail(M.profileGone);
    return this.profiles.createDraftFrom(principal, run.profile_id, title ?? M.draftTitle(run.profile, run.id), run.settings);
  }

  private async found(id: string): Promise<BacktestRecord> {
    const run = ID.test(id) ? await this.runs.find(this.dataSource, id) : undefined;
    if (!run) throw new NotFoundDetail(M.notFound);
    return run;
  }
}
