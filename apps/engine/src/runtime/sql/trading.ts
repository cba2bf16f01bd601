/**
 * The trading rows the engine writes (signals, orders, positions), each minute in a handful of
 * statements whatever the number of rows: the rows go in as one jsonb array.
 */
import type { Db } from '../db';

/** New ids for rows the engine is about to insert, so a run knows its rows' ids before they exist. */
export async function nextIds(db: Db, sequence: 'signals_id_seq' | 'orders_id_seq', count: number): Promise<string[]> {
  if (!count) return [];
  const { rows } = await db.query<{ id: string }>(`SELECT nextval($1::regclass)::text AS id FROM generate_series(1, $2::int)`, [sequence, count]);
  return rows.map((r) => r.id);
}

const SIGNAL_COLUMNS = `id bigint, exchange_account_id int, profile_id int, pair_id int, timeframe text, direction text, status text, state text,
  execution numeric, size_currency numeric, size_coins numeric, start_point numeric, avg_e_price numeric, exit_place numeric, current_price numeric,
  pnl_in_usd numeric, pnl_in_percent numeric, tr_in_atr numeric, inc_vola numeric, atr_minus_1 numeric, atr_t_percent numeric,
  created_at timestamptz, updated_at timestamptz, minute_activated_at timestamptz, finished_at timestamptz`;

export async function writeSignals(db: Db, fresh: readonly object[], changed: readonly object[]): Promise<void> {
  if (fresh.length) {
    await db.query(
      `INSERT INTO signals (id, exchange_account_id, profile_id, pair_id, timeframe, direction, status, state, execution, size_currency, size_coins,
              start_point, avg_e_price, exit_place, current_price, pnl_in_usd, pnl_in_percent, tr_in_atr, inc_vola, atr_minus_1, atr_t_percent,
              created_at, updated_at, minute_activated_at, finished_at)
       SELECT id, exchange_account_id, profile_id, pair_id, timeframe, direction, status, state, execution, size_currency, size_coins,
              start_point, avg_e_price, exit_place, current_price, pnl_in_usd, pnl_in_percent, tr_in_atr, inc_vola, atr_minus_1, atr_t_percent,
              created_at, updated_at, minute_activated_at, finished_at
         FROM jsonb_to_recordset($1::jsonb) AS r(${SIGNAL_COLUMNS})`,
      [JSON.stringify(fresh)],
    );
  }
  if (changed.length) {
    await db.query(
      `UPDATE signals s SET status = r.status, state = r.state, execution = r.execution, size_currency = r.size_currency, size_coins = r.size_coins,
              avg_e_price = r.avg_e_price, exit_place = r.exit_place, current_price = r.current_price, pnl_in_usd = r.pnl_in_usd,
              pnl_in_percent = r.pnl_in_percent, minute_activated_at = r.minute_activated_at,
              -- The run holds times in milliseconds, the row in microseconds: a signal ended in the millisecond it
              -- was made (another writer's, stamped ahead of the engine's clock) must not end before it began.
              finished_at = CASE WHEN r.finished_at IS NOT NULL THEN greatest(r.finished_at, s.created_at) END, updated_at = r.updated_at
         FROM jsonb_to_recordset($1::jsonb) AS r(${SIGNAL_COLUMNS})
        WHERE s.id = r.id`,
      [JSON.stringify(changed)],
    );
  }
}

const ORDER_COLUMNS = `id bigint, signal_id bigint, exchange_account_id int, profile_id int, pair_id int, order_type text, direction text,
  position_direction text, price numeric, quantity numeric, filled_quantity numeric, state text, status text, exchange_status text,
  time_in_force text, created_at timestamptz, updated_at timestamptz`;

export async function writeOrders(db: Db, fresh: readonly object[], changed: readonly object[]): Promise<void> {
  if (fresh.length) {
    await db.query(
      `INSERT INTO orders (id, signal_id, exchange_account_id, profile_id, pair_id, order_type, direction, position_direction, price, quantity,
              filled_quantity, state, status, exchange_status, time_in_force, created_at, updated_at)
       SELECT id, signal_id, exchange_account_id, profile_id, pair_id, order_type, direction, position_direction, price, quantity,
              filled_quantity, state, status, exchange_status, time_in_force, created_at, updated_at
         FROM jsonb_to_recordset($1::jsonb) AS r(${ORDER_COLUMNS})`,
      [JSON.stringify(fresh)],
    );
  }
  if (changed.length) {
    await db.query(
      `UPDATE orders o SET filled_quantity = r.filled_quantity, state = r.state, status = r.status, exchange_status = r.exchange_status, updated_at = r.updated_at
         FROM jsonb_to_recordset($1::jsonb) AS r(${ORDER_COLUMNS})
        WHERE o.id = r.id`,
      [JSON.stringify(changed)],
    );
  }
}

const POSITION_COLUMNS = `signal_id bigint, exchange_account_id int, profile_id int, pair_id int, side text, state text,
  active_p_size_usd numeric, active_p_coins numeric, r_pnl numeric, u_pnl numeric, avg_e_price numeric, current_price numeric,
  mark_price numeric, k_exit numeric, k_exit_coeff numeric, reduce_p numeric, k_e_recovery boolean, skip_check_by_timer boolean,
  skip_check_by_distance boolean, best_limit boolean, created_at timestamptz, updated_at timestamptz, closed_at timestamptz`;

/**
 * Positions by their signal: inserted at the first fill, updated after. An update, then an insert of
 * the rows still missing (not an upsert, which would spend an id of the sequence on every conflict), so
 * ids follow the order positions opened whether a span is written minute by minute or at once.
 * Answers the ids of the rows it made and of those it changed.
 */
export async function writePositions(db: Db, rows: readonly object[]): Promise<{ created: string[]; updated: string[] }> {
  if (!rows.length) return { created: [], updated: [] };
  const json = JSON.stringify(rows);
  const updated = await db.query<{ id: string }>(
    `UPDATE positions p SET state = r.state, active_p_size_usd = r.active_p_size_usd, active_p_coins = r.active_p_coins, r_pnl = r.r_pnl,
            u_pnl = r.u_pnl, avg_e_price = r.avg_e_price, current_price = r.current_price, mark_price = r.mark_price, k_exit = r.k_exit,
            k_exit_coeff = r.k_exit_coeff, reduce_p = r.reduce_p, k_e_recovery = r.k_e_recovery, skip_check_by_timer = r.skip_check_by_timer,
            skip_check_by_distance = r.skip_check_by_distance, best_limit = r.best_limit, updated_at = r.updated_at, closed_at = r.closed_at
       FROM jsonb_to_recordset($1::jsonb) AS r(${POSITION_COLUMNS})
      WHERE p.signal_id = r.signal_id
     RETURNING p.id::text`,
    [json],
  );
  const created = await db.query<{ id: string }>(
    `INSERT INTO positions (signal_id, exchange_account_id, profile_id, pair_id, side, state, active_p_size_usd, active_p_coins, r_pnl, u_pnl,
            avg_e_price, current_price, mark_price, k_exit, k_exit_coeff, reduce_p, k_e_recovery, skip_check_by_timer, skip_check_by_distance,
            best_limit, created_at, updated_at, closed_at)
     SELECT signal_id, exchange_account_id, profile_id, pair_id, side, state, active_p_size_usd, active_p_coins, r_pnl, u_pnl,
            avg_e_price, current_price, mark_price, k_exit, k_exit_coeff, reduce_p, k_e_recovery, skip_check_by_timer, skip_check_by_distance,
            best_limit, created_at, updated_at, closed_at
       FROM jsonb_to_recordset($1::jsonb) AS r(${POSITION_COLUMNS})
      WHERE NOT EXISTS (SELECT 1 FROM positions p WHERE p.signal_id = r.signal_id)
     RETURNING id::text`,
    [json],
  );
  return { created: created.rows.map((r) => r.id), updated: updated.rows.map((r) => r.id) };
}

/** Log rows, as the logs list shows them (type, event_type, the signal, pair and profile they concern). */
export async function writeLogs(db: Db, rows: readonly object[]): Promise<void> {
  if (!rows.length) return;
  await db.query(
    `INSERT INTO logs (created_at, type, event_type, signal_id, pair_id, pair_name, profile_id, profile_title, order_id, log_data)
     SELECT created_at, type, event_type, signal_id, pair_id, pair_name, profile_id, profile_title, order_id, coalesce(log_data, '{}')
       FROM jsonb_to_recordset($1::jsonb) AS r(created_at timestamptz, type text, event_type text, signal_id bigint, pair_id int, pair_name text,
            profile_id int, profile_title text, order_id bigint, log_data jsonb)`,
    [JSON.stringify(rows)],
  );
}
