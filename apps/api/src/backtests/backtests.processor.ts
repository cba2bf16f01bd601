import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { BACKTEST_MESSAGES, NOTICES, type SettingsDocument } from '@console/contracts';
import { BacktestCancelled, DEFAULT_FILL_SETTINGS, dec, runBacktest, seededMarket, storeBacktestMarket, type BacktestInputs, type Db, type FillSettings } from '@console/engine/runtime';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { NOTIFICATION_FAN_OUT } from '../alert-channels/alert-deliveries.jobs';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { publishAfterCommit, sweepOutbox } from '../queues/outbox';
import { ALERT_DELIVERIES_QUEUE, BACKTESTS_QUEUE } from '../queues/queue-producers.module';
import { QueueWorker, repeatingJob, ScheduleSpec, WORKER_OPTIONS } from '../queues/queue-worker';
import { JOBS, QUEUES, type RunBacktestJob } from '../queues/queues';
import { backtestsOutbox } from './backtests.outbox';
import { BacktestsRepository, type BacktestRecord } from './backtests.repository';

/** One run at a time per worker process: a run is CPU-bound, and the worker's other queues share its thread. */
const BACKTEST_CONCURRENCY = 1;

/** The paper venue's rules with the run's rates: one fee rate for maker and taker fills, when given. */
function fillsOf(run: BacktestRecord): FillSettings {
  const fee = run.fee_rate === null ? null : dec(run.fee_rate);
  return {
    ...DEFAULT_FILL_SETTINGS,
    ...(fee ? { maker_fee_rate: fee, taker_fee_rate: fee } : {}),
    ...(run.slippage_rate === null ? {} : { slippage_rate: dec(run.slippage_rate) }),
  };
}

/**
 * Runs backtests rows with the engine's backtest runner, in memory: the row's progress each simulated
 * day (a cancelled or deleted row stops the run there), then its trades, equity curve and figures in one
 * transaction with its SUCCESS. Nothing of the live trading tables is read or written.
 */
@Processor(QUEUES.backtests, WORKER_OPTIONS)
export class BacktestsProcessor extends QueueWorker {
  protected readonly logger = new Logger('Backtests');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @Inject(BACKTESTS_QUEUE) private readonly queue: Queue,
    private readonly runs: BacktestsRepository,
    private readonly notifications: NotificationsRepository,
    @Inject(ALERT_DELIVERIES_QUEUE) private readonly alertsQueue: Queue,
  ) {
    super();
  }

  protected override get concurrency(): number {
    return BACKTEST_CONCURRENCY;
  }

  /** The sweeper: runs whose job was lost (Redis away when the run was asked for) are queued again. */
  protected async schedules(): Promise<ScheduleSpec[]> {
    return [repeatingJob(this.queue, JOBS.requeuePendingBacktests, this.config.exportSweepMs)];
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === JOBS.requeuePendingBacktests) return { requeued: await sweepOutbox(this.dataSource, backtestsOutbox, this.queue, this.config.exportRequeueAfterMs) };
    if (job.name !== JOBS.runBacktest) throw new Error(`Unknown job ${job.name}`);
    return this.run((job as Job<RunBacktestJob['data']>).data.backtestId);
  }

  /** The model of the run's seed, or its exchange's stored candles read a day at a time through this worker's connection pool. */
  private marketOf(run: BacktestRecord): Pick<BacktestInputs, 'market' | 'load'> {
    if (run.market === 'model' || run.exchange === null) return { market: seededMarket(Number(run.seed ?? 0)) };
    // The engine's readers take a pg-style `query` answering `{rows}`; TypeORM's answers the rows.
    const db = { query: async (text: string, values: unknown[]) => ({ rows: await this.dataSource.query(text, values) }) } as unknown as Db;
    return storeBacktestMarket(db, run.exchange, run.pairs.map((p) => p.ticker));
  }

  async run(id: string): Promise<string> {
    const run = await this.runs.claim(this.dataSource, id);
    if (!run) return 'already-done';
    const started = performance.now();
    try {
      const result = await runBacktest(
        {
          profile: { id: run.profile_id ?? 0, title: run.profile, settings: run.settings as SettingsDocument, one_signal_quota: run.one_signal_quota, max_signals_amount: run.max_signals_amount },
          pairs: run.pairs,
          ...this.marketOf(run),
          fills: fillsOf(run),
          from: run.date_from.getTime(),
          until: run.date_until.getTime(),
          deposit: run.deposit,
        },
        {
          onProgress: async (percent) => {
            if (!(await this.runs.progress(this.dataSource, id, percent))) throw new BacktestCancelled();
          },
        },
      );
      const durationMs = performance.now() - started;
      // The notification commits with the SUCCESS, so users' channels hear of every run that ended and of no other.
      const saved = await this.dataSource.transaction(async (m) => {
        const done = await this.runs.succeed(m, id, {
          trades: result.trades.map((t) => ({
            pair_id: t.pair_id,
            pair: t.pair,
            side: t.side,
            entry_at: new Date(t.entry_at),
            exit_at: new Date(t.exit_at),
            entry_price: t.entry_price.toFixed(),
            exit_price: t.exit_price.toFixed(),
            quantity: t.quantity.toFixed(),
            size: t.size.toFixed(),
            pnl: t.pnl.toFixed(),
            fees: t.fees.toFixed(),
            exit_reason: t.exit_reason,
          })),
          equity: result.equity,
          figures: result.figures,
          durationMs,
        });
        if (!done) return null;
        const notice = NOTICES.backtestFinished({ id, profile: run.profile, status: 'SUCCESS', total_return_percent: result.figures.total_return_percent, trade_count: result.figures.trade_count });
        return this.notifications.insert(m, { ...notice, kind: 'backtest_finished' });
      });
      if (saved) await publishAfterCommit(NOTIFICATION_FAN_OUT, this.alertsQueue, [saved], this.config.enqueueTimeoutMs, this.logger);
      this.logger.log({ backtestId: id, trades: result.trades.length, minutes: result.minutes, durationMs: Math.round(durationMs), msg: `backtest ${id}: ${saved ? 'done' : 'cancelled before its results were written'}` });
      return saved ? 'SUCCESS' : 'CANCELLED';
    } catch (error) {
      if (error instanceof BacktestCancelled) return 'CANCELLED';
      // Inputs the runner refuses are the run's result; anything else is logged and shown as a failure.
      const message = error instanceof RangeError ? error.message : BACKTEST_MESSAGES.failed;
      if (!(error instanceof RangeError)) this.logger.error({ backtestId: id, err: error, msg: `backtest ${id} failed` });
      const notified = await this.dataSource.transaction(async (m) => {
        if (!(await this.runs.fail(m, id, message, performance.now() - started))) return null;
        return this.notifications.insert(m, { ...NOTICES.backtestFinished({ id, profile: run.profile, status: 'FAILURE', error: message }), kind: 'backtest_finished' });
      });
      if (notified) await publishAfterCommit(NOTIFICATION_FAN_OUT, this.alertsQueue, [notified], this.config.enqueueTimeoutMs, this.logger);
      return 'FAILURE';
    }
  }
}
