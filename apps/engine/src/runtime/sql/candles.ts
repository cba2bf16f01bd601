/** The candle store (migration 1735084800000) as the engine reads it: one symbol's stored minutes. */
import type { Candle } from '../../market/candle';
import type { Db } from '../db';
import { iso } from '../db';

/**
 * The stored minutes of `symbol` on `exchange` in [from, to), oldest first (a range scan of the primary
 * key). Prices and volume become numbers here, the engine's market unit; the store keeps the decimals.
 */
export async function readStoredCandles(db: Db, exchange: string, symbol: string, from: number, to: number): Promise<Candle[]> {
  const { rows } = await db.query<{ at: string; open: number; high: number; low: number; close: number; volume: number }>(
    `SELECT (extract(epoch FROM minute) * 1000)::bigint::text AS at, open::float8 AS open, high::float8 AS high, low::float8 AS low,
            close::float8 AS close, volume::float8 AS volume
       FROM candles
      WHERE exchange = $1 AND symbol = $2 AND minute >= $3 AND minute < $4
      ORDER BY minute`,
    [exchange, symbol, iso(from), iso(to)],
  );
  return rows.map((r) => ({ at: Number(r.at), open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume }));
}
