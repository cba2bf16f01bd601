/**
 * History downloads through ccxt: `fetchOHLCV` page by page from the first minute not fetched yet, at the
 * exchange's rate limit (ccxt's throttle), each page written in its own transaction through the imports'
 * insert path (staged, then INSERT … ON CONFLICT DO NOTHING with the coverage) together with the task's
 * next minute, so a run stopped anywhere resumes where the store stopped and writes nothing twice.
 */
import ccxt, { type Exchange, type OHLCV } from 'ccxt';
import type { PoolClient } from 'pg';
import { pointAt, type ApiUrls } from '@console/engine/runtime';
import type { DataSource } from 'typeorm';
import { MARKET_DATA_LIMITS, MARKET_DATA_MESSAGES } from '@console/contracts';
import { stageCandles, storeStagedCandles } from './candle-importer';

const MINUTE_MS = 60_000;

/** A download the exchange cannot serve at all (no such exchange or market): retrying will not help. */
export class CandleDownloadRefused extends Error {}

/** What a download reads: the symbol's minutes from `next` (inclusive) to `to` (exclusive). */
export interface CandleDownloadRange {
  exchange: string;
  symbol: string;
  from: number;
  to: number;
  next: number;
}

export interface CandleDownloadHooks {
  /** Inside the page's transaction, after its candles: a task records how far it got. */
  onPage?: (client: PoolClient, page: { next: number; added: number }) => Promise<void>;
  /** The current time (the last closed minute bounds what is asked for). */
  now?: () => number;
}

// One definition with the engine's trading client.
export { pointAt, type ApiUrls };

/** A ccxt client of the exchange with its rate limit on; its API hosts rewritten to `origin` when given. */
export function exchangeClient(id: string, origin?: string): Exchange {
  const classes = ccxt as unknown as Record<string, new (config: object) => Exchange>;
  if (!ccxt.exchanges.includes(id) || typeof classes[id] !== 'function') throw new CandleDownloadRefused(MARKET_DATA_MESSAGES.exchangeUnknown(id));
  // The store's symbols are spot market ids (as the exchanges' kline archives name them): Binance is asked
  // for its spot markets only, not its futures' too.
  const options = id === 'binance' ? { fetchMarkets: { types: ['spot'] } } : {};
  const client = new classes[id]({ enableRateLimit: true, options });
  if (origin) client.urls.api = pointAt(client.urls.api as ApiUrls, origin) as typeof client.urls.api;
  return client;
}

/** The unified symbol (`BTC/USDT`) of the exchange's market id (`BTCUSDT`). */
async function unifiedSymbol(client: Exchange, exchange: string, symbol: string): Promise<string> {
  await client.loadMarkets();
  const market = client.markets_by_id?.[symbol]?.[0];
  if (!market) throw new CandleDownloadRefused(MARKET_DATA_MESSAGES.downloadNoMarket(exchange, symbol));
  return market.symbol;
}

/** A number as the text NUMERIC reads (ccxt parses the exchange's decimals to numbers; the shortest text gives them back). */
const decimal = (value: number | undefined): string => {
  if (value === undefined || !Number.isFinite(value)) throw new Error(`the exchange answered a candle without a number: ${String(value)}`);
  return String(value);
};

/** Stores one page of candles with the task's progress, in one transaction. */
async function storePage(db: DataSource, range: CandleDownloadRange, candles: OHLCV[], next: number, hooks: CandleDownloadHooks): Promise<number> {
  const runner = db.createQueryRunner();
  const client = (await runner.connect()) as PoolClient;
  try {
    await client.query('BEGIN');
    await stageCandles(client, range.exchange, range.symbol);
    await client.query(
      `INSERT INTO candle_import_rows (minute, open, high, low, close, volume)
       SELECT to_timestamp(m / 1000.0), o, h, l, c, v FROM unnest($1::bigint[], $2::numeric[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[]) AS t(m, o, h, l, c, v)`,
      [candles.map((c) => c[0]), ...[1, 2, 3, 4, 5].map((i) => candles.map((c) => decimal(c[i])))],
    );
    const { added } = await storeStagedCandles(client, range.exchange, range.symbol);
    await hooks.onPage?.(client, { next, added });
    await client.query('COMMIT');
    return added;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await runner.release();
  }
}

/**
 * Fetches and stores [range.next, range.to), but no minute that has not closed yet. Each page asks from
 * the minute after the last one stored; a page that brings nothing new ends the download (the exchange
 * has no later minute yet). Answers the minutes added.
 */
export async function downloadCandles(db: DataSource, client: Exchange, range: CandleDownloadRange, hooks: CandleDownloadHooks = {}): Promise<number> {
  const symbol = await unifiedSymbol(client, range.exchange, range.symbol);
  const lastClosed = Math.floor((hooks.now ?? Date.now)() / MINUTE_MS) * MINUTE_MS;
  const end = Math.min(range.to, lastClosed);
  let since = range.next;
  let added = 0;
  while (since < end) {
    const page = await client.fetchOHLCV(symbol, '1m', since, MARKET_DATA_LIMITS.downloadPageMinutes);
    // Only whole minutes of the range, newer than the last one stored, in order: a repeated or stray row is not written again.
    const candles: OHLCV[] = [];
    let last = since - MINUTE_MS;
    for (const candle of page) {
      const at = candle[0];
      if (at === undefined || at % MINUTE_MS !== 0 || at <= last || at >= end) continue;
      candles.push(candle);
      last = at;
    }
    if (!candles.length) break;
    since = last + MINUTE_MS;
    added += await storePage(db, range, candles, since, hooks);
  }
  return added;
}
