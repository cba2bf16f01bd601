/**
 * The candle store: 1-minute candles (partitioned by month; a partition is not a table of its own), the
 * coverage each import keeps, and the import tasks.
 */
import { CANDLE_IMPORT_STATUSES } from '@console/contracts';
import { anyNumeric, bigint, integer, jsonb, smallint, text, timestamptz, uuid, varchar } from '../column';

export const MARKET_DATA_TABLES = {
  candles: {
    exchange: text(),
    symbol: text(),
    minute: timestamptz(),
    open: anyNumeric(),
    high: anyNumeric(),
    low: anyNumeric(),
    close: anyNumeric(),
    volume: anyNumeric(),
    quote_volume: anyNumeric().null(),
    trades: integer().null(),
  },
  candle_coverage: {
    exchange: text(),
    symbol: text(),
    first_minute: timestamptz(),
    last_minute: timestamptz(),
    candles: bigint(),
    gaps: integer(),
    updated_at: timestamptz().defaulted(),
  },
  candle_imports: {
    id: uuid().defaulted(),
    exchange: text(),
    symbol: text(),
    status: varchar(16).of(CANDLE_IMPORT_STATUSES).defaulted(),
    progress: smallint().defaulted(),
    files: jsonb<unknown[]>().defaulted(),
    requested_by: integer().null(),
    created_at: timestamptz().defaulted(),
    started_at: timestamptz().null(),
    finished_at: timestamptz().null(),
  },
  candle_downloads: {
    id: uuid().defaulted(),
    exchange: text(),
    symbol: text(),
    from_minute: timestamptz(),
    to_minute: timestamptz(),
    next_minute: timestamptz(),
    status: varchar(16).of(CANDLE_IMPORT_STATUSES).defaulted(),
    progress: smallint().defaulted(),
    added: integer().defaulted(),
    attempts: integer().defaulted(),
    error: text().null(),
    requested_by: integer().null(),
    created_at: timestamptz().defaulted(),
    started_at: timestamptz().null(),
    finished_at: timestamptz().null(),
  },
} as const;
