/**
 * The one parser of 1-minute OHLCV CSV, line by line, in the two layouts exchange exports come in; the
 * engine's replay source and the API's candle imports both read files through it. It keeps no rows, so a
 * file of any size is read in constant memory.
 *
 * - Binance klines: `open_time,open,high,low,close,volume,close_time,quote_volume,trades,…`, with or
 *   without a header line; open_time in epoch milliseconds (or microseconds, as Binance's spot files
 *   use from 2025).
 * - A plain header form: `timestamp,open,high,low,close,volume` (column order free, extra columns
 *   ignored, `quote_volume` and `trades` read when present); the time is epoch seconds, milliseconds or
 *   microseconds, or an ISO 8601 date-time (UTC when it names no offset).
 *
 * Every row is checked (numbers, positive prices, low ≤ open, close ≤ high, whole minutes, rising
 * times); the first bad row stops the parse with its line number and what is wrong.
 */

export const CANDLE_MINUTE_MS = 60_000;

export class CandleCsvError extends Error {
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = 'CandleCsvError';
  }
}

/** Prices and volume of one minute, as numbers (for checks and the engine). */
export interface CandleValues {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** One parsed row: its minute, its values, and the decimals exactly as the file wrote them (for NUMERIC). */
export interface CandleCsvRow extends CandleValues {
  /** The minute's first millisecond (UTC epoch ms). */
  at: number;
  text: { open: string; high: string; low: string; close: string; volume: string; quoteVolume: string | null; trades: string | null };
}

const TIME_COLUMNS = ['open_time', 'timestamp', 'time', 'date', 'datetime', 'open time'];
const VALUE_COLUMNS = ['open', 'high', 'low', 'close', 'volume'] as const;
const QUOTE_VOLUME_COLUMNS = ['quote_volume', 'quote_asset_volume', 'quote volume'];
const TRADES_COLUMNS = ['trades', 'count', 'number_of_trades'];
type Columns = Record<'time' | (typeof VALUE_COLUMNS)[number], number> & { quoteVolume: number; trades: number };
/** Binance's kline layout without a header. */
const BINANCE_COLUMNS: Columns = { time: 0, open: 1, high: 2, low: 3, close: 4, volume: 5, quoteVolume: 7, trades: 8 };
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const COUNT = /^\d{1,9}$/;

/** Whether the candle keeps low ≤ open, close ≤ high with positive prices and a volume ≥ 0. */
export function candleProblem(c: CandleValues): string | null {
  for (const key of ['open', 'high', 'low', 'close'] as const) {
    if (!Number.isFinite(c[key]) || c[key] <= 0) return `${key} must be a positive number`;
  }
  if (!Number.isFinite(c.volume) || c.volume < 0) return 'volume must be a number of at least 0';
  if (c.low > Math.min(c.open, c.close)) return `low ${c.low} is above open or close`;
  if (c.high < Math.max(c.open, c.close)) return `high ${c.high} is below open or close`;
  return null;
}

const unquote = (field: string) => field.trim().replace(/^"|"$/g, '');

function headerColumns(fields: string[], line: number): Columns {
  const names = fields.map((f) => unquote(f).toLowerCase());
  const time = names.findIndex((n) => TIME_COLUMNS.includes(n));
  if (time < 0) throw new CandleCsvError(line, `no time column in the header (one of ${TIME_COLUMNS.join(', ')})`);
  const columns: Partial<Columns> = { time };
  for (const name of VALUE_COLUMNS) {
    const index = names.indexOf(name);
    if (index < 0) throw new CandleCsvError(line, `no ${name} column in the header`);
    columns[name] = index;
  }
  columns.quoteVolume = names.findIndex((n) => QUOTE_VOLUME_COLUMNS.includes(n));
  columns.trades = names.findIndex((n) => TRADES_COLUMNS.includes(n));
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

function numberText(fields: string[], index: number, name: string, line: number): string {
  const text = unquote(fields[index] ?? '');
  if (!NUMBER.test(text)) throw new CandleCsvError(line, `${name} '${text}' is not a number`);
  return text;
}

/** An optional column: null when the layout or the row lacks it. */
function optionalText(fields: string[], index: number, pattern: RegExp, name: string, line: number): string | null {
  if (index < 0 || index >= fields.length) return null;
  const text = unquote(fields[index]);
  if (text === '') return null;
  if (!pattern.test(text)) throw new CandleCsvError(line, `${name} '${text}' is not ${pattern === COUNT ? 'a whole number' : 'a number'}`);
  return text;
}

/**
 * Reads a CSV one line at a time (`row` for each line in order, `end` after the last): the header is
 * recognised on the first non-blank line, each row is checked against the one before.
 */
export class CandleCsvParser {
  private columns: Columns | null = null;
  private previous = -Infinity;
  private lineNumber = 0;
  /** Rows read so far (the header and blank lines not counted). */
  rows = 0;

  /** The row of the next line; null for the header or a blank line. Throws CandleCsvError at a bad row. */
  row(lineText: string): CandleCsvRow | null {
    const line = ++this.lineNumber;
    const raw = lineText.trim();
    if (raw === '') return null;
    const fields = raw.split(',');
    if (this.columns === null) {
      if (!/^\d/.test(unquote(fields[0]))) {
        this.columns = headerColumns(fields, line);
        return null;
      }
      this.columns = BINANCE_COLUMNS;
    }
    const columns = this.columns;
    const needed = Math.max(columns.time, ...VALUE_COLUMNS.map((name) => columns[name])) + 1;
    if (fields.length < needed) throw new CandleCsvError(line, `expected at least ${needed} fields, found ${fields.length}`);
    const at = parseTime(unquote(fields[columns.time]), line);
    if (at % CANDLE_MINUTE_MS !== 0) throw new CandleCsvError(line, `time ${new Date(at).toISOString()} is not the start of a minute`);
    if (at <= this.previous) throw new CandleCsvError(line, `time ${new Date(at).toISOString()} does not come after the row before`);
    const text = {
      open: numberText(fields, columns.open, 'open', line),
      high: numberText(fields, columns.high, 'high', line),
      low: numberText(fields, columns.low, 'low', line),
      close: numberText(fields, columns.close, 'close', line),
      volume: numberText(fields, columns.volume, 'volume', line),
      quoteVolume: optionalText(fields, columns.quoteVolume, NUMBER, 'quote volume', line),
      trades: optionalText(fields, columns.trades, COUNT, 'trades', line),
    };
    const row: CandleCsvRow = { at, open: Number(text.open), high: Number(text.high), low: Number(text.low), close: Number(text.close), volume: Number(text.volume), text };
    const problem = candleProblem(row);
    if (problem) throw new CandleCsvError(line, problem);
    this.previous = at;
    this.rows += 1;
    return row;
  }

  /** After the last line: a file without a single row (or only a header) is refused. */
  end(): void {
    if (this.columns === null) throw new CandleCsvError(1, 'the file has no rows');
  }
}
