/** Trading rows for tests: the smallest consistent chain from an exchange account to an order. */
import type { DataSource, EntityManager } from 'typeorm';
import { strategySettingsV1 } from '../demo/trading-data';
import type { OrderStatus } from '@console/contracts';

export interface OrderFixture {
  accountId: number;
  pairId: number;
  profileId: number;
  signalId: string;
  orderId: string;
}

let n = 0;

/** Complete settings, so the engine can act on the fixtures' signals (it adopts them as runs of their profile). */
export const FIXTURE_SETTINGS = strategySettingsV1('long', '1h', 3);

/** The chain in one transaction: the engine, running beside a test, adopts a signal with the rows it has when it first sees it. */
export async function makeOrder(db: DataSource, opts: { status?: OrderStatus } = {}): Promise<OrderFixture> {
  return db.transaction((m) => makeOrderIn(m, opts));
}

/** makeOrder inside the caller's transaction. */
export async function makeOrderIn(db: EntityManager, opts: { status?: OrderStatus } = {}): Promise<OrderFixture> {
  n += 1;
  const [account]: { id: number }[] = await db.query(
    `INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ($1, 'key', 'not-a-real-secret', 10) RETURNING id`,
    [`Fixture account ${n}`],
  );
  const [pair]: { id: number }[] = await db.query(`INSERT INTO pairs (ticker, is_active) VALUES ($1, true) RETURNING id`, [`FIX${n}${Date.now() % 100000}USDT`]);
  const [mm]: { id: number }[] = await db.query(
    `INSERT INTO mm_profiles (title, exchange_account_id, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ($1, $2, 5, 1, 1000) RETURNING id`,
    [`Fixture MM ${n}`, account.id],
  );
  const [tickers]: { id: number }[] = await db.query(`INSERT INTO ticker_configs (title) VALUES ($1) RETURNING id`, [`Fixture tickers ${n}`]);
  const [profile]: { id: number }[] = await db.query(
    `INSERT INTO strategy_profiles (title, status, profile_direction, exchange_account_id, mm_profile_id, ticker_config_id, settings)
     VALUES ($1, 'active', 'long', $2, $3, $4, $5) RETURNING id`,
    [`Fixture profile ${n}`, account.id, mm.id, tickers.id, JSON.stringify(FIXTURE_SETTINGS)],
  );
  const [signal]: { id: string }[] = await db.query(
    `INSERT INTO signals (exchange_account_id, profile_id, pair_id, timeframe, direction, status, state)
     VALUES ($1, $2, $3, '1h', 'long', 'active', 'active_pp') RETURNING id::text`,
    [account.id, profile.id, pair.id],
  );
  const status = opts.status ?? 'PLACED';
  const state = status.startsWith('CANCELED_') ? 'CANCELED' : status;
  const [order]: { id: string }[] = await db.query(
    `INSERT INTO orders (signal_id, exchange_account_id, profile_id, pair_id, order_type, direction, position_direction, price, quantity, state, status)
     VALUES ($1, $2, $3, $4, 'enter', 'buy', 'long', 100.5, 2, $5, $6) RETURNING id::text`,
    [signal.id, account.id, profile.id, pair.id, state, status],
  );
  return { accountId: account.id, pairId: pair.id, profileId: profile.id, signalId: signal.id, orderId: order.id };
}
