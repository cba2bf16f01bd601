/** account_metrics: one row per exchange account per minute. */
import type { Db } from '../db';

export async function writeMetrics(db: Db, rows: readonly object[]): Promise<void> {
  if (!rows.length) return;
  await db.query(
    `INSERT INTO account_metrics (exchange_account_id, at, nav, asset_usdt, asset_usdc, other_stable_coins, asset_sum, var, open_orders_volume,
            free_var, imp_loss, max_dd, max_ddd, deposit_monthly, deposit_at, balance_daily, return_day_percent, return_month_percent,
            return_at_percent, avg_capital_growth_rate)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(exchange_account_id int, at timestamptz, nav numeric, asset_usdt numeric, asset_usdc numeric,
            other_stable_coins numeric, asset_sum numeric, var numeric, open_orders_volume numeric, free_var numeric, imp_loss numeric,
            max_dd numeric, max_ddd numeric, deposit_monthly numeric, deposit_at numeric, balance_daily numeric, return_day_percent numeric,
            return_month_percent numeric, return_at_percent numeric, avg_capital_growth_rate numeric)
     ON CONFLICT (exchange_account_id, at) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}
