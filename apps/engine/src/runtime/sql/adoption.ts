/**
 * Trading rows another writer made (the data generator, test fixtures, an earlier engine, a team's own
 * engine before a switch): the open signals that have no engine_signal_runs row, with their orders and
 * position. Only open signals are read (signals_status_created_at_idx finds them among millions of
 * finished ones); orders and positions by their signal (orders_signal_id_idx, positions' unique signal_id).
 */
import type { Direction, ExchangeOrderStatus, OrderKind, OrderSide, OrderState, OrderStatus, PositionState, SignalState, SignalStatus, Timeframe, TimeInForce } from '@console/contracts';
import type { Db } from '../db';

export interface ForeignSignalRow {
  id: string;
  exchange_account_id: number;
  profile_id: number;
  pair_id: number;
  timeframe: Timeframe;
  direction: Direction;
  status: SignalStatus;
  state: SignalState;
  execution: string;
  size_currency: string;
  size_coins: string;
  start_point: string | null;
  avg_e_price: string | null;
  exit_place: string | null;
  current_price: string | null;
  pnl_in_usd: string | null;
  pnl_in_percent: string | null;
  tr_in_atr: string | null;
  inc_vola: string | null;
  atr_minus_1: string | null;
  atr_t_percent: string | null;
  created_at: Date;
  minute_activated_at: Date | null;
}

export interface ForeignOrderRow {
  id: string;
  signal_id: string;
  order_type: OrderKind;
  direction: OrderSide;
  position_direction: Direction;
  price: string;
  quantity: string;
  filled_quantity: string;
  state: OrderState;
  status: OrderStatus;
  exchange_status: ExchangeOrderStatus | null;
  time_in_force: TimeInForce;
  created_at: Date;
  updated_at: Date;
}

export interface ForeignPositionRow {
  signal_id: string;
  side: Direction;
  state: PositionState | null;
  active_p_size_usd: string;
  active_p_coins: string;
  r_pnl: string;
  u_pnl: string;
  avg_e_price: string | null;
  current_price: string | null;
  mark_price: string | null;
  k_exit: string | null;
  k_exit_coeff: string | null;
  reduce_p: string;
  k_e_recovery: boolean;
  skip_check_by_timer: boolean;
  skip_check_by_distance: boolean;
  best_limit: boolean;
  created_at: Date;
}

export interface ForeignRun {
  signal: ForeignSignalRow;
  /** Oldest first (by id). */
  orders: ForeignOrderRow[];
  position: ForeignPositionRow | null;
}

/** Every open signal without a stored run, oldest first, with its orders and position. */
export async function readForeignRuns(db: Db): Promise<ForeignRun[]> {
  const signals = await db.query<ForeignSignalRow>(
    `SELECT s.id::text, s.exchange_account_id, s.profile_id, s.pair_id, s.timeframe, s.direction, s.status, s.state, s.execution::text,
            s.size_currency::text, s.size_coins::text, s.start_point::text, s.avg_e_price::text, s.exit_place::text, s.current_price::text,
            s.pnl_in_usd::text, s.pnl_in_percent::text, s.tr_in_atr::text, s.inc_vola::text, s.atr_minus_1::text, s.atr_t_percent::text,
            s.created_at, s.minute_activated_at
       FROM signals s
      WHERE s.status IN ('active', 'in_queue') AND NOT EXISTS (SELECT 1 FROM engine_signal_runs r WHERE r.signal_id = s.id)
      ORDER BY s.id`,
  );
  if (!signals.rows.length) return [];
  const ids = signals.rows.map((s) => s.id);
  const orders = await db.query<ForeignOrderRow>(
    `SELECT id::text, signal_id::text, order_type, direction, position_direction, price::text, quantity::text, filled_quantity::text, state, status,
            exchange_status, time_in_force, created_at, updated_at
       FROM orders WHERE signal_id = ANY($1::bigint[]) ORDER BY signal_id, id`,
    [ids],
  );
  const positions = await db.query<ForeignPositionRow>(
    `SELECT signal_id::text, side, state, active_p_size_usd::text, active_p_coins::text, r_pnl::text, u_pnl::text, avg_e_price::text,
            current_price::text, mark_price::text, k_exit::text, k_exit_coeff::text, reduce_p::text, k_e_recovery, skip_check_by_timer,
            skip_check_by_distance, best_limit, created_at
       FROM positions WHERE signal_id = ANY($1::bigint[])`,
    [ids],
  );
  const ordersOf = new Map<string, ForeignOrderRow[]>();
  for (const order of orders.rows) {
    const list = ordersOf.get(order.signal_id);
    if (list) list.push(order);
    else ordersOf.set(order.signal_id, [order]);
  }
  const positionOf = new Map(positions.rows.map((p) => [p.signal_id, p]));
  return signals.rows.map((signal) => ({ signal, orders: ordersOf.get(signal.id) ?? [], position: positionOf.get(signal.id) ?? null }));
}

/** Each pair's ticker, by id. */
export async function readPairTickers(db: Db): Promise<Map<number, string>> {
  const { rows } = await db.query<{ id: number; ticker: string }>(`SELECT id, ticker FROM pairs`);
  return new Map(rows.map((r) => [r.id, r.ticker]));
}
