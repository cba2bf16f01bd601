/**
 * The candle store's import tasks and coverage, for the API, the CLI and the SPA: their routes, states,
 * limits and messages.
 */
import { FORMATS } from './columns';
import { defineResource } from './resource';

/** The calls under API_PREFIX (trailing slash included). */
export const MARKET_DATA_PATHS = {
  imports: '/market-data/imports/',
  importTask: (id: string) => `/market-data/imports/${encodeURIComponent(id)}/`,
  coverage: '/market-data/coverage/',
  candles: '/market-data/candles/',
  downloads: '/market-data/downloads/',
  downloadTask: (id: string) => `/market-data/downloads/${encodeURIComponent(id)}/`,
} as const;

/**
 * The time frames stored minutes are read at. Each but 1M is a fixed step, bucketed by date_bin from
 * CANDLE_BUCKET_ORIGIN (a Monday at midnight UTC, so days start at 00:00 and weeks on Monday); 1M is the
 * calendar month (UTC).
 */
export const CANDLE_TIMEFRAMES = ['1m', '5m', '15m', '1h', '4h', '1d', '1w', '1M'] as const;
export type CandleTimeframe = (typeof CANDLE_TIMEFRAMES)[number];
const MINUTE_MS = 60_000;
export const CANDLE_TIMEFRAME_MS: Record<Exclude<CandleTimeframe, '1M'>, number> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '4h': 240 * MINUTE_MS,
  '1d': 1440 * MINUTE_MS,
  '1w': 7 * 1440 * MINUTE_MS,
};
export const CANDLE_TIMEFRAME_LABELS: Record<CandleTimeframe, string> = {
  '1m': '1 minute',
  '5m': '5 minutes',
  '15m': '15 minutes',
  '1h': '1 hour',
  '4h': '4 hours',
  '1d': '1 day',
  '1w': '1 week',
  '1M': '1 month',
};
export const CANDLE_BUCKET_ORIGIN = '2000-01-03T00:00:00.000Z';

/**
 * The bars a range spans at a time frame (both ends included), whether or not minutes are stored in
 * them: what the cap is judged on, before the store is read.
 */
export function candleBarCount(timeframe: CandleTimeframe, from: Date, to: Date): number {
  if (to < from) return 0;
  if (timeframe === '1M') return (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth() + 1;
  const step = CANDLE_TIMEFRAME_MS[timeframe];
  const origin = Date.parse(CANDLE_BUCKET_ORIGIN);
  return Math.floor((to.getTime() - origin) / step) - Math.floor((from.getTime() - origin) / step) + 1;
}

/** The first minute of the bar a minute falls in: the store's SQL bucketing (date_bin, calendar month), for bars made in code. */
export function candleBucketStart(timeframe: CandleTimeframe, at: number): number {
  if (timeframe === '1M') {
    const day = new Date(at);
    return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1);
  }
  const step = CANDLE_TIMEFRAME_MS[timeframe];
  const origin = Date.parse(CANDLE_BUCKET_ORIGIN);
  return origin + Math.floor((at - origin) / step) * step;
}

/** One bar of `GET /market-data/candles/`: prices and volume as the store's decimals, in text. */
export interface CandleBar {
  /** The bar's first minute (ISO, UTC). */
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export const CANDLE_IMPORT_STATUSES = ['PENDING', 'STARTED', 'SUCCESS', 'FAILURE'] as const;
export type CandleImportStatus = (typeof CANDLE_IMPORT_STATUSES)[number];

export const CANDLE_IMPORT_FILE_STATUSES = ['PENDING', 'DONE', 'FAILED'] as const;
export type CandleImportFileStatus = (typeof CANDLE_IMPORT_FILE_STATUSES)[number];

/** Poll interval of a running import in the console. */
export const CANDLE_IMPORT_POLL_INTERVAL_MS = 1000;

export const MARKET_DATA_LIMITS = {
  /** Files of one import. */
  maxFiles: 20,
  /** Bytes of one uploaded file (a monthly Binance 1m archive is about 2 MB zipped, 8 MB as CSV). */
  maxFileBytes: 512 * 1024 * 1024,
  /** exchange: a ccxt-style id. */
  exchangePattern: /^[a-z0-9][a-z0-9_.-]{0,31}$/,
  /** symbol: the exchange's market id, as its archives name it. */
  symbolPattern: /^[A-Z0-9][A-Z0-9_/:.-]{0,39}$/,
  /** from and to of a candles read: a date-time with its zone (Z or an offset). */
  instantPattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/,
  /** Bars one read of candles may span. */
  maxBars: 400,
  /** Days of one download (a year of one symbol is 526 pages of 1,000 minutes). */
  maxDownloadDays: 366,
  /** Minutes asked of the exchange per fetchOHLCV call (Binance's cap for spot klines). */
  downloadPageMinutes: 1000,
} as const;

/** Files the import reads: a CSV, or a zip of CSV files. */
export const CANDLE_FILE_EXTENSIONS = ['.csv', '.zip'] as const;

export const MARKET_DATA_MESSAGES = {
  noFiles: 'Choose at least one file to import.',
  tooManyFiles: `Import at most ${MARKET_DATA_LIMITS.maxFiles} files at once.`,
  fileTooLarge: `A file may be at most ${MARKET_DATA_LIMITS.maxFileBytes / 1024 / 1024} MB.`,
  fileType: 'Each file must be a .csv or a .zip of CSV files.',
  notMultipart: 'Send the files as multipart/form-data.',
  exchangeRequired: 'Enter the exchange.',
  exchangeInvalid: 'The exchange is a lower-case id such as binance.',
  symbolRequired: 'Enter the symbol.',
  symbolInvalid: 'The symbol is upper-case letters and digits, such as BTCUSDT.',
  unknownField: (name: string) => `Unexpected field ${name}.`,
  taskNotFound: 'Import not found.',
  timeframeInvalid: `The time frame is one of ${CANDLE_TIMEFRAMES.join(', ')}.`,
  fromInvalid: 'from is a date-time such as 2024-01-01T00:00:00Z.',
  toInvalid: 'to is a date-time such as 2024-01-02T00:00:00Z.',
  rangeReversed: 'from must not be after to.',
  downloadRangeEmpty: 'from must be before to.',
  downloadTooLong: `Download at most ${MARKET_DATA_LIMITS.maxDownloadDays} days at once.`,
  downloadNotFound: 'Download not found.',
  downloadNoMarket: (exchange: string, symbol: string) => `${exchange} has no market ${symbol}.`,
  exchangeUnknown: (exchange: string) => `${exchange} is not an exchange ccxt knows.`,
  tooManyBars: (bars: number) => `The range spans ${bars} bars; read at most ${MARKET_DATA_LIMITS.maxBars} at once (a shorter range or a longer time frame).`,
  /** A file's error: its name, the line of the first bad row and why. */
  fileError: (file: string, line: number, problem: string) => `${file}: line ${line}: ${problem}`,
  zipEmpty: (file: string) => `${file}: the archive holds no CSV file`,
  zipUnreadable: (file: string, reason: string) => `${file}: not a readable zip archive (${reason})`,
} as const;

/** One file of an import task, as the task's state answers it. */
/** The 202 of an upload: the import task the worker runs. */
export interface CandleImportStarted {
  id: string;
}

export interface CandleImportFileAnswer {
  name: string;
  status: CandleImportFileStatus;
  /** Rows read from the file. */
  rows: number;
  /** Minutes the store did not have before. */
  added: number;
  /** Why the file was refused (nothing of it was written), naming the line. */
  error: string | null;
}

/** `GET /market-data/imports/{id}/`. */
export interface CandleImportAnswer {
  id: string;
  exchange: string;
  symbol: string;
  status: CandleImportStatus;
  /** Percent of the bytes read, 0 to 100. */
  progress: number;
  files: CandleImportFileAnswer[];
  created_at: string;
  finished_at: string | null;
}

/** `POST /market-data/downloads/`: the minutes [from, to) of a symbol, fetched from the exchange through ccxt. */
export interface CandleDownloadInput {
  /** The exchange's ccxt id, such as binance. */
  exchange: string;
  /** The exchange's market id, such as BTCUSDT (the store's symbol). */
  symbol: string;
  from: string;
  to: string;
}

/** `GET /market-data/downloads/{id}/`. */
export interface CandleDownloadAnswer {
  id: string;
  exchange: string;
  symbol: string;
  from: string;
  to: string;
  status: CandleImportStatus;
  /** Percent of the range fetched, 0 to 100. */
  progress: number;
  /** Minutes the store did not have before. */
  added: number;
  /** Runs that failed so far (each retried with backoff until the last). */
  attempts: number;
  /** The exchange's (or the network's) message of the last failed run. */
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** One row of `GET /market-data/coverage/`. */
export interface CandleCoverageRow {
  exchange: string;
  symbol: string;
  first_minute: string;
  last_minute: string;
  candles: number;
  /** Runs of missing minutes between the first and the last. */
  gaps: number;
}

/**
 * The coverage table: one row per exchange and symbol, every row at once (ordered by exchange, then
 * symbol), filtered by `exchange` and `symbol`; not sortable. No Limited level (market_data is Full,
 * ReadOnly or NP).
 */
export const CANDLE_COVERAGE_RESOURCE = defineResource<CandleCoverageRow>()({
  name: 'market-data',
  section: 'market_data',
  query: { filters: { exchange: 'exchange', symbol: 'symbol' }, orderings: {} },
  columns: [
    { field: 'exchange', header: 'Exchange', format: FORMATS.text, limited: false },
    { field: 'symbol', header: 'Symbol', format: FORMATS.text, limited: false },
    { field: 'first_minute', header: 'First minute', format: FORMATS.dateTime, limited: false },
    { field: 'last_minute', header: 'Last minute', format: FORMATS.dateTime, limited: false },
    { field: 'candles', header: 'Candles', format: FORMATS.integer, limited: false },
    { field: 'gaps', header: 'Gaps', format: FORMATS.integer, limited: false },
  ],
});

/** The Market data block's words. */
export const MARKET_DATA_UI = {
  title: 'Market data',
  exchange: 'Exchange',
  symbol: 'Symbol',
  chooseFiles: 'Choose files',
  noFilesChosen: 'Binance kline archives (.zip) or CSV files',
  upload: 'Import',
  uploading: 'Uploading…',
  importing: (percent: number) => `Importing… ${percent}%`,
  finished: 'Import finished.',
  failed: 'Some files were not imported.',
  rowsAdded: (rows: number, added: number) => `${rows} rows, ${added} new`,
  coverage: 'Coverage',
  noCoverage: 'No candles stored yet.',
  importTitle: 'Import files',
  downloadTitle: 'Download from the exchange',
  downloadFrom: 'From (UTC)',
  downloadTo: 'To (UTC)',
  download: 'Download',
  downloading: (percent: number) => `Downloading… ${percent}%`,
  downloadRetrying: (attempts: number, error: string) => `Attempt ${attempts} failed, retrying: ${error}`,
  downloadFinished: (added: number) => `Download finished: ${added} new minutes.`,
  downloadFailed: (error: string) => `Download failed: ${error}`,
  /** The charts page's Candles chart. */
  candlesNoCoverage: 'No candles stored yet: import some under System settings, Market data.',
  candlesEmpty: 'No candles in this range.',
  market: 'Market',
  /** The charts page's switch between the account statistics and the stored candles. */
  statisticsSource: 'Statistics',
  candlesSource: 'Candles',
} as const;
