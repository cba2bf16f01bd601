/**
 * Replayed markets: 1-minute OHLCV from a CSV file, in the two layouts exchange exports come in.
 *
 * - Binance klines: `open_time,open,high,low,close,volume,close_time,quote_volume,trades,…`, with or
 *   without a header line; open_time in epoch milliseconds (or microseconds, as Binance's spot files
 *   use from 2025).
 * - A plain header form: `timestamp,open,high,low,close,volume` (column order free, extra columns
 *   ignored); the time is epoch seconds, milliseconds or microseconds, or an ISO 8601 date-time (UTC
 *   when it names no offset).
 *
 * Every row is checked (numbers, positive prices, low ≤ open, close ≤ high, whole minutes, rising
 * times); the first bad row stops the parse with its line number and what is wrong.
 */
import { assertWholeMinute, blockFor, candleProblem, MINUTE_MS, type Candle, type CandleBlock } from './candle';
import { tickDecimalsFor } from './instruments';
import type { MarketData } from './port';

export class CandleCsvError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = 'CandleCsvError';
  }
}

const TIME_COLUMNS = ['open_time', 'timestamp', 'time', 'date', 'datetime', 'open time'];
const VALUE_COLUMNS = ['open', 'high', 'low', 'close', 'volume'] as const;
type Columns = Record<'time' | (typeof VALUE_COLUMNS)[number], number>;
/** Binance's kline layout without a header. */
const BINANCE_COLUMNS: Columns = { time: 0, open: 1, high: 2, low: 3, close: 4, volume: 5 };
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function headerColumns(fields: string[], line: number): Columns {
  const names = fields.map((f) => f.trim().toLowerCase().replace(/^"|"$/g, ''));
  const time = names.findIndex((n) => TIME_COLUMNS.includes(n));
  if (time < 0) throw new CandleCsvError(line, `no time column in the header (one of ${TIME_COLUMNS.join(', ')})`);
  const columns: Partial<Columns> = { time };
  for (const name of VALUE_COLUMNS) {
    const index = names.indexOf(name);
    if (index < 0) throw new CandleCsvError(line, `no ${name} column in the header`);
    columns[name] = index;
  }
  return columns as Columns;
}

/** Epoch ms of a time field: digits by their magnitude (s, ms or µs), else an ISO 8601 date-time. */
function parseTime(text: string, line: number): number {
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n >= 1e14) return Math.floor(n / 1000);
    if (n >= 1e11) return n;
    return n * 1000;
  }
  const iso = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
  if (!iso) throw new CandleCsvError(line, `time '${text}' is neither epoch digits nor an ISO 8601 date-time`);
  const ms = Date.parse(iso[3] ? text.replace(' ', 'T') : `${text.replace(' ', 'T')}Z`);
  if (Number.isNaN(ms)) throw new CandleCsvError(line, `time '${text}' is not a real date`);
  return ms;
}

function parseNumber(fields: string[], index: number, name: string, line: number): number {
  const text = (fields[index] ?? '').trim();
  if (!NUMBER.test(text)) throw new CandleCsvError(line, `${name} '${text}' is not a number`);
  return Number(text);
}

/** The candles of a CSV text, oldest first. */
export function parseCandlesCsv(text: string): Candle[] {
  const lines = text.split(/\r?\n/);
  const candles: Candle[] = [];
  let columns: Columns | null = null;
  let previous = -Infinity;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (raw === '') continue;
    const line = i + 1;
    const fields = raw.split(',');
    if (columns === null) {
      const first = fields[0].trim().replace(/^"|"$/g, '');
      if (!/^\d/.test(first)) {
        columns = headerColumns(fields, line);
        continue;
      }
      columns = BINANCE_COLUMNS;
    }
    const needed = Math.max(...Object.values(columns)) + 1;
    if (fields.length < needed) throw new CandleCsvError(line, `expected at least ${needed} fields, found ${fields.length}`);
    const at = parseTime(fields[columns.time].trim(), line);
    if (at % MINUTE_MS !== 0) throw new CandleCsvError(line, `time ${new Date(at).toISOString()} is not the start of a minute`);
    if (at <= previous) throw new CandleCsvError(line, `time ${new Date(at).toISOString()} does not come after the row before`);
    const candle: Candle = {
      at,
      open: parseNumber(fields, columns.open, 'open', line),
      high: parseNumber(fields, columns.high, 'high', line),
      low: parseNumber(fields, columns.low, 'low', line),
      close: parseNumber(fields, columns.close, 'close', line),
      volume: parseNumber(fields, columns.volume, 'volume', line),
    };
    const problem = candleProblem(candle);
    if (problem) throw new CandleCsvError(line, problem);
    candles.push(candle);
    previous = at;
  }
  if (columns === null) throw new CandleCsvError(1, 'the file has no rows');
  return candles;
}

/** Parsed candles per ticker, read back by minute; minutes the file lacks have no candle. */
export class ReplaySource implements MarketData {
  private readonly series = new Map<string, { at: Float64Array; candles: Candle[]; tickDecimals: number }>();

  /** The pair's candles; its tick, when the export does not say, is six significant digits of the first close. */
  add(ticker: string, candles: readonly Candle[], tickDecimals = tickDecimalsFor(candles[0]?.close ?? 1)): void {
    this.series.set(ticker, { at: Float64Array.from(candles, (c) => c.at), candles: [...candles], tickDecimals });
  }

  addCsv(ticker: string, text: string, tickDecimals?: number): void {
    this.add(ticker, parseCandlesCsv(text), tickDecimals);
  }

  tickDecimals(ticker: string): number {
    const series = this.series.get(ticker);
    if (!series) throw new RangeError(`${ticker}: not in the replay`);
    return series.tickDecimals;
  }

  tickers(): string[] {
    return [...this.series.keys()];
  }

  /** Index of the first candle at or after `at`. */
  private lowerBound(at: Float64Array, minute: number): number {
    let lo = 0;
    let hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (at[mid] < minute) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  candle(ticker: string, at: number): Candle | null {
    assertWholeMinute(at);
    const series = this.series.get(ticker);
    if (!series) return null;
    const i = this.lowerBound(series.at, at);
    return i < series.at.length && series.at[i] === at ? series.candles[i] : null;
  }

  range(ticker: string, from: number, to: number, out?: CandleBlock): CandleBlock {
    assertWholeMinute(from);
    assertWholeMinute(to);
    const series = this.series.get(ticker);
    if (!series) return blockFor(0, out);
    const first = this.lowerBound(series.at, from);
    const end = this.lowerBound(series.at, to);
    const block = blockFor(Math.max(0, end - first), out);
    for (let i = first; i < end; i++) {
      const c = series.candles[i];
      block.push(c.at, c.open, c.high, c.low, c.close, c.volume);
    }
    return block;
  }
}
