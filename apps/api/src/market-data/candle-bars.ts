import type { DataSource, EntityManager } from 'typeorm';
import { CANDLE_BUCKET_ORIGIN, CANDLE_TIMEFRAME_MS, type CandleBar, type CandleTimeframe } from '@console/contracts';

type Db = DataSource | EntityManager;

export interface CandlesRead {
  exchange: string;
  symbol: string;
  timeframe: CandleTimeframe;
  /** Both minutes included. */
  from: Date;
  to: Date;
}

/**
 * Stored minutes as bars of a time frame, aggregated in SQL: first open, highest high, lowest low, last
 * close, summed volume. A bucket without a stored minute has no bar (gaps are not filled). 1M buckets by
 * calendar month in UTC; the rest by date_bin from the shared origin.
 */
export async function readCandles(db: Db, read: CandlesRead): Promise<CandleBar[]> {
  const bucket =
    read.timeframe === '1M'
      ? `date_trunc('month', minute, 'UTC')`
      : `date_bin(make_interval(secs => ${CANDLE_TIMEFRAME_MS[read.timeframe] / 1000}), minute, $5::timestamptz)`;
  const params: unknown[] = [read.exchange, read.symbol, read.from.toISOString(), read.to.toISOString()];
  if (read.timeframe !== '1M') params.push(CANDLE_BUCKET_ORIGIN);
  const rows: { time: Date; open: string; high: string; low: string; close: string; volume: string }[] = await db.query(
    `SELECT ${bucket} AS time,
            (array_agg(open ORDER BY minute))[1]::text AS open,
            max(high)::text AS high,
            min(low)::text AS low,
            (array_agg(close ORDER BY minute DESC))[1]::text AS close,
            sum(volume)::text AS volume
       FROM candles
      WHERE exchange = $1 AND symbol = $2 AND minute BETWEEN $3::timestamptz AND $4::timestamptz
      GROUP BY 1
      ORDER BY 1`,
    params,
  );
  return rows.map((r) => ({ time: new Date(r.time).toISOString(), open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume }));
}
