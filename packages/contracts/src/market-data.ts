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
} as const;

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
  /** A file's error: its name, the line of the first bad row and why. */
  fileError: (file: string, line: number, problem: string) => `${file}: line ${line}: ${problem}`,
  zipEmpty: (file: string) => `${file}: the archive holds no CSV file`,
  zipUnreadable: (file: string, reason: string) => `${file}: not a readable zip archive (${reason})`,
} as const;

/** One file of an import task, as the task's state answers it. */
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
} as const;
