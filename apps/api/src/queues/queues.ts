/**
 * Queue names and job data, declared once. A job is only a wake-up: the row in PostgreSQL is the
 * record, so a lost Redis loses no work (the scheduler re-registers repeatable jobs at start).
 */
import type { ConnectionOptions } from 'bullmq';

export const QUEUES = {
  maintenance: 'maintenance',
  telegram: 'telegram',
  investorReports: 'investor-reports',
  mmDeposits: 'mm-deposits',
  exports: 'exports',
  /** Exports of the small lane: the same jobs, slots of their own. */
  exportsSmall: 'exports-small',
  candleImports: 'candle-imports',
  backtests: 'backtests',
  candleDownloads: 'candle-downloads',
  liveCandles: 'live-candles',
  alertDeliveries: 'alert-deliveries',
} as const;

export const JOBS = {
  purgeExpiredAuth: 'purge-expired-auth',
  maintainPartitions: 'maintain-partitions',
  sendTelegramMessage: 'send-telegram-message',
  requeuePendingTelegram: 'requeue-pending-telegram',
  sendInvestorReport: 'send-investor-report',
  reinvestMmDeposit: 'reinvest-mm-deposit',
  buildExport: 'build-export',
  requeuePendingExports: 'requeue-pending-exports',
  purgeExpiredExports: 'purge-expired-exports',
  importCandles: 'import-candles',
  requeuePendingCandleImports: 'requeue-pending-candle-imports',
  runBacktest: 'run-backtest',
  requeuePendingBacktests: 'requeue-pending-backtests',
  downloadCandles: 'download-candles',
  requeuePendingCandleDownloads: 'requeue-pending-candle-downloads',
  pollLiveCandles: 'poll-live-candles',
  fanOutNotification: 'fan-out-notification',
  sendAlertDelivery: 'send-alert-delivery',
  sweepAlertDeliveries: 'sweep-alert-deliveries',
} as const;

/** Sends one telegram_outbox row; the row holds the text and the state. */
export type SendTelegramMessageJob = { name: typeof JOBS.sendTelegramMessage; data: { outboxId: string } };
/** Builds and sends the investor report of one schedule entry. */
export type SendInvestorReportJob = { name: typeof JOBS.sendInvestorReport; data: { scheduleId: number } };

/** Writes the xlsx file of one export_tasks row; the row holds the filters and the state. */
export type BuildExportJob = { name: typeof JOBS.buildExport; data: { taskId: string; requestId?: string } };

/** Loads the files of one candle_imports row into the candle store; the row holds the files and their results. */
export type ImportCandlesJob = { name: typeof JOBS.importCandles; data: { taskId: string; requestId?: string } };

/** Runs one backtests row; the row holds the inputs and the state. */
export type RunBacktestJob = { name: typeof JOBS.runBacktest; data: { backtestId: string } };
/** Fetches one candle_downloads row's range from its exchange into the candle store; the row holds how far it got. */
export type DownloadCandlesJob = { name: typeof JOBS.downloadCandles; data: { taskId: string; requestId?: string } };
/** Turns one notification with a kind into its users' deliveries; the notification row is the record. */
export type FanOutNotificationJob = { name: typeof JOBS.fanOutNotification; data: { notificationId: string } };
/** Sends one alert_deliveries row (email, Discord or webhook). */
export type SendAlertDeliveryJob = { name: typeof JOBS.sendAlertDelivery; data: { deliveryId: string } };

/** Attempts of a Telegram send: the first try and four retries with exponential backoff. */
export const TELEGRAM_SEND_ATTEMPTS = 5;

export function bullConnection(redisUrl: string): ConnectionOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/** Keys of the worker liveness set: member = worker id, score = last beat (ms). */
export function heartbeatKey(prefix: string): string {
  return `${prefix}:workers:heartbeat`;
}

/** A worker whose last beat is older than this is dead. */
export const HEARTBEAT_STALE_MS = 30_000;
export const HEARTBEAT_INTERVAL_MS = 5_000;
