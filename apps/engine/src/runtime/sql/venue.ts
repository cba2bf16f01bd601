/** What the exchange venue reads and writes besides the minute's rows: accounts' keys, orders on their way, its log rows. */
import type { AccountMode, TimeInForce, OrderSide, OrderKind } from '@console/contracts';
import type { Db } from '../db';

export interface TradingAccountRow {
  id: number;
  exchange: string;
  mode: AccountMode;
  api_url: string | null;
  api_key: string;
  api_secret_enc: string;
}

/** The accounts that trade on an exchange (demo or live), with their keys. */
export async function readTradingAccounts(db: Db): Promise<TradingAccountRow[]> {
  const { rows } = await db.query<TradingAccountRow>(`SELECT id, exchange, mode, api_url, api_key, api_secret_enc FROM exchange_accounts WHERE mode <> 'paper' ORDER BY id`);
  return rows;
}

/** An order row of a trading account that the exchange must still hear about: placed (PLACING) or cancelled (CANCELING). */
export interface OutgoingOrder {
  id: string;
  exchange_account_id: number;
  signal_id: string | null;
  profile_id: number | null;
  pair_id: number;
  ticker: string;
  order_type: OrderKind;
  direction: OrderSide;
  price: string;
  quantity: string;
  time_in_force: TimeInForce;
  state: 'PLACING' | 'CANCELING';
  exchange_order_id: string | null;
}

export async function readOutgoingOrders(db: Db, accountIds: number[]): Promise<OutgoingOrder[]> {
  if (!accountIds.length) return [];
  const { rows } = await db.query<OutgoingOrder>(
    `SELECT o.id::text, o.exchange_account_id, o.signal_id::text, o.profile_id, o.pair_id, p.ticker, o.order_type, o.direction, o.price::text,
            o.quantity::text, o.time_in_force, o.state, o.exchange_order_id
       FROM orders o JOIN pairs p ON p.id = o.pair_id
      WHERE o.state IN ('PLACING', 'CANCELING') AND o.exchange_account_id = ANY($1)
      ORDER BY o.id`,
    [accountIds],
  );
  return rows;
}

/**
 * The exchange took the order: the row gets its id and leaves PLACING. A market order was filled in the
 * books already, at the paper estimate: its exchange_status stays NEW until the exchange's trades are
 * booked (`bookMarketFill`), which is how the poll finds it.
 */
export async function markPlaced(db: Db, id: string, exchangeOrderId: string): Promise<void> {
  await db.query(
    `UPDATE orders SET exchange_order_id = $2,
            state = CASE WHEN time_in_force = 'IOC' THEN 'FILLED' ELSE 'PLACED' END,
            status = CASE WHEN time_in_force = 'IOC' THEN 'FILLED' ELSE 'PLACED' END,
            exchange_status = 'NEW'
      WHERE id = $1 AND state = 'PLACING'`,
    [id, exchangeOrderId],
  );
}

/** The exchange (or the venue's own check) refused the order. */
export async function markPlacementFailed(db: Db, id: string): Promise<void> {
  await db.query(`UPDATE orders SET state = 'PLACEMENT_FAILED', status = 'PLACEMENT_FAILED', exchange_status = NULL WHERE id = $1 AND state = 'PLACING'`, [id]);
}

export async function markCancelled(db: Db, id: string): Promise<void> {
  await db.query(`UPDATE orders SET state = 'CANCELED', exchange_status = 'CANCELED' WHERE id = $1 AND state = 'CANCELING'`, [id]);
}

/** An order the exchange holds or held whose trades the engine still waits for. */
export interface AwaitedOrder {
  id: string;
  exchange_account_id: number;
  exchange_order_id: string;
  ticker: string;
  /** A market order filled in the books at the paper estimate, its exchange trades not booked yet. */
  market: boolean;
}

/**
 * The open orders the exchange holds for the accounts, and their market orders whose trades are not
 * booked yet, by the exchange's id: where polled trades belong.
 */
export async function readOpenExchangeOrders(db: Db, accountIds: number[]): Promise<AwaitedOrder[]> {
  if (!accountIds.length) return [];
  const { rows } = await db.query<AwaitedOrder>(
    `SELECT o.id::text, o.exchange_account_id, o.exchange_order_id, p.ticker, o.state = 'FILLED' AS market
       FROM orders o JOIN pairs p ON p.id = o.pair_id
      WHERE (o.state IN ('PLACED', 'PARTIALLY_FILLED') OR (o.state = 'FILLED' AND o.time_in_force = 'IOC' AND o.exchange_status = 'NEW'))
        AND o.exchange_order_id IS NOT NULL AND o.exchange_account_id = ANY($1)`,
    [accountIds],
  );
  return rows;
}

/** A market order row as the books filled it (its price is the paper estimate). */
export interface BookedMarketOrder {
  id: string;
  signal_id: string;
  exchange_account_id: number;
  pair_id: number;
  ticker: string;
  profile_id: number | null;
  direction: OrderSide;
  price: string;
  quantity: string;
}

export async function readMarketOrder(db: Db, id: string): Promise<BookedMarketOrder | null> {
  const { rows } = await db.query<BookedMarketOrder>(
    `SELECT o.id::text, o.signal_id::text, o.exchange_account_id, o.pair_id, p.ticker, o.profile_id, o.direction, o.price::text, o.quantity::text
       FROM orders o JOIN pairs p ON p.id = o.pair_id
      WHERE o.id = $1 AND o.state = 'FILLED' AND o.time_in_force = 'IOC' AND o.exchange_status = 'NEW' AND o.signal_id IS NOT NULL`,
    [id],
  );
  return rows[0] ?? null;
}

/** The order row's booking is done: its price is the exchange's. */
export async function markBooked(db: Db, id: string, price: string): Promise<void> {
  await db.query(`UPDATE orders SET price = $2, exchange_status = 'TRADE' WHERE id = $1`, [id, price]);
}

/**
 * The rows of a run that has ended (nothing in memory changes them again) take the exchange's fill of a
 * market order: its position's realised PnL moves by `pnlShift`, its signal's PnL with it, and its
 * average exit price by the price difference over all the signal's exited coins.
 */
export async function shiftEndedRun(db: Db, signalId: string, pnlShift: string, exitValueShift: string): Promise<void> {
  await db.query(`UPDATE positions SET r_pnl = r_pnl + $2 WHERE signal_id = $1`, [signalId, pnlShift]);
  await db.query(
    `UPDATE signals s SET pnl_in_usd = s.pnl_in_usd + $2,
            pnl_in_percent = CASE WHEN s.size_currency = 0 OR s.pnl_in_usd IS NULL THEN s.pnl_in_percent ELSE (s.pnl_in_usd + $2) / s.size_currency * 100 END,
            exit_place = CASE WHEN s.status = 'finished' AND s.exit_place IS NOT NULL AND x.coins > 0 THEN s.exit_place + $3 / x.coins ELSE s.exit_place END
       FROM (SELECT sum(filled_quantity) AS coins FROM orders WHERE signal_id = $1 AND order_type = 'exit') x
      WHERE s.id = $1`,
    [signalId, pnlShift, exitValueShift],
  );
}

/** A `divergence` log row: the exchange's orders differ from the rows (the order's row when there is one); or, typed `error`, what the exchange answered a read with. */
export async function logDivergence(db: Db, eventType: string, orderId: string | null, data: Record<string, unknown>, type: 'divergence' | 'error' = 'divergence'): Promise<void> {
  await db.query(
    `INSERT INTO logs (type, event_type, signal_id, pair_id, pair_name, profile_id, profile_title, order_id, log_data)
     SELECT $4, $1, o.signal_id, o.pair_id, p.ticker, o.profile_id, sp.title, o.id, $3
       FROM (SELECT 1) one LEFT JOIN orders o ON o.id = $2 LEFT JOIN pairs p ON p.id = o.pair_id LEFT JOIN strategy_profiles sp ON sp.id = o.profile_id`,
    [eventType, orderId, JSON.stringify(data), type],
  );
}

/** A log row about an order on the exchange: what was sent, adopted or refused, with the exchange's message. */
export async function logVenue(db: Db, order: Pick<OutgoingOrder, 'id' | 'signal_id' | 'pair_id' | 'ticker' | 'profile_id'>, type: 'general' | 'error', eventType: string, data: Record<string, unknown>): Promise<void> {
  await db.query(
    `INSERT INTO logs (type, event_type, signal_id, pair_id, pair_name, profile_id, profile_title, order_id, log_data)
     SELECT $1, $2, $3, $4, $5, $6, (SELECT title FROM strategy_profiles WHERE id = $6), $7, $8`,
    [type, eventType, order.signal_id, order.pair_id, order.ticker, order.profile_id, order.id, JSON.stringify(data)],
  );
}

/** The open position rows of the accounts, by pair: signed coins (long +, short −) and how many orders filled them. */
export async function readOpenPositions(db: Db, accountIds: number[]): Promise<{ id: string; signal_id: string | null; exchange_account_id: number; ticker: string; coins: string; fills: number }[]> {
  if (!accountIds.length) return [];
  const { rows } = await db.query<{ id: string; signal_id: string | null; exchange_account_id: number; ticker: string; coins: string; fills: number }>(
    `SELECT ps.id::text, ps.signal_id::text, ps.exchange_account_id, p.ticker,
            (CASE WHEN ps.side = 'short' THEN -ps.active_p_coins ELSE ps.active_p_coins END)::text AS coins,
            (SELECT count(*)::int FROM orders o WHERE o.signal_id = ps.signal_id AND o.filled_quantity > 0) AS fills
       FROM positions ps JOIN pairs p ON p.id = ps.pair_id
      WHERE ps.state = 'open' AND ps.exchange_account_id = ANY($1)
      ORDER BY ps.id`,
    [accountIds],
  );
  return rows;
}
