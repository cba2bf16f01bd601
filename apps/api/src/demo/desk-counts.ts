/**
 * What a first look at the demo finds, counted from the database at the end of `npm start -- --demo`:
 * the signals (and per day since the first one), the open positions, the orders the Orders screen can
 * still cancel, and the active profiles with the pairs they trade.
 */
import { OPEN_ORDER_STATUSES } from '@console/contracts';
import type { DataSource, EntityManager } from 'typeorm';

export interface DeskCounts {
  signals: number;
  signals_per_day: number;
  open_positions: number;
  open_orders: number;
  active_profiles: number;
  traded_pairs: number;
}

export async function deskCounts(db: DataSource | EntityManager): Promise<DeskCounts> {
  const [row]: { signals: number; days: number | null; open_positions: number; open_orders: number; active_profiles: number; traded_pairs: number }[] = await db.query(
    `SELECT (SELECT count(*)::int FROM signals) AS signals,
            (SELECT extract(epoch FROM now() - min(created_at))::float8 / 86400 FROM signals) AS days,
            (SELECT count(*)::int FROM positions WHERE state = 'open') AS open_positions,
            (SELECT count(*)::int FROM orders WHERE status = ANY($1::text[])) AS open_orders,
            (SELECT count(*)::int FROM strategy_profiles WHERE status = 'active') AS active_profiles,
            (SELECT count(DISTINCT tcp.pair_id)::int
               FROM strategy_profiles sp
               JOIN ticker_configs tc ON tc.id = sp.ticker_config_id AND tc.status = 'active'
               JOIN ticker_config_pairs tcp ON tcp.ticker_config_id = tc.id
               JOIN pairs p ON p.id = tcp.pair_id AND p.is_active
              WHERE sp.status = 'active') AS traded_pairs`,
    [OPEN_ORDER_STATUSES],
  );
  // A day at least: a history of hours is not extrapolated into a daily rate.
  const days = Math.max(1, row.days ?? 1);
  const { days: _days, ...counts } = row;
  return { ...counts, signals_per_day: Math.round((10 * row.signals) / days) / 10 };
}

/** The counts as the start prints them. */
export function deskCountsLine(c: DeskCounts): string {
  return (
    `the desk: ${c.signals} signals (${c.signals_per_day} a day), ${c.open_positions} open positions, ${c.open_orders} open orders, ` +
    `${c.active_profiles} active profiles on ${c.traded_pairs} pairs`
  );
}
