/** Signals for the signals and orders specs: one chain of account, profiles and pairs, then signals as asked. */
import type { DataSource, EntityManager } from 'typeorm';
import { FIXTURE_SETTINGS } from './trading-fixtures';
import type { OrderStatus, SignalState, SignalStatus } from '@console/contracts';

export interface SignalWorld {
  accountId: number;
  profiles: { id: number; title: string }[];
  pairs: { id: number; ticker: string }[];
}

let n = 0;

/** An account with two active strategy profiles and two pairs. */
export async function makeSignalWorld(db: DataSource): Promise<SignalWorld> {
  n += 1;
  const tag = `${n}${Date.now() % 100000}`;
  const [account]: { id: number }[] = await db.query(
    `INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ($1, 'key', 'not-a-real-secret', 10) RETURNING id`,
    [`Signals account ${tag}`],
  );
  const [mm]: { id: number }[] = await db.query(
    `INSERT INTO mm_profiles (title, exchange_account_id, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ($1, $2, 5, 1, 1000) RETURNING id`,
    [`Signals MM ${tag}`, account.id],
  );
  const [tickers]: { id: number }[] = await db.query(`INSERT INTO ticker_configs (title) VALUES ($1) RETURNING id`, [`Signals tickers ${tag}`]);
  const profiles: SignalWorld['profiles'] = [];
  for (const name of ['Alpha', 'Beta']) {
    const title = `${name} ${tag}`;
    const [p]: { id: number }[] = await db.query(
      `INSERT INTO strategy_profiles (title, status, profile_direction, exchange_account_id, mm_profile_id, ticker_config_id, settings)
       VALUES ($1, 'active', 'long', $2, $3, $4, $5) RETURNING id`,
      [title, account.id, mm.id, tickers.id, JSON.stringify(FIXTURE_SETTINGS)],
    );
    profiles.push({ id: p.id, title });
  }
  const pairs: SignalWorld['pairs'] = [];
  for (const base of ['AAA', 'BBB']) {
    const ticker = `${base}${tag}USDT`;
    const [p]: { id: number }[] = await db.query(`INSERT INTO pairs (ticker, is_active) VALUES ($1, true) RETURNING id`, [ticker]);
    pairs.push({ id: p.id, ticker });
  }
  return { accountId: account.id, profiles, pairs };
}

export interface SignalSpec {
  profile?: number;
  pair?: number;
  status: SignalStatus;
  state: SignalState;
  /** Minutes before the database's now(). */
  ageMinutes: number;
  execution?: number;
  /** An open position (something filled), or a closed one. */
  position?: 'open' | 'closed';
  /** Orders with these statuses (enter orders, price 0.123456789, quantity 3.14159265). */
  orders?: OrderStatus[];
}

/** Inserts one signal (with its position and orders) and answers its id. */
/** In one transaction, so the engine adopts the signal with its position and orders. */
export async function makeSignal(db: DataSource, world: SignalWorld, spec: SignalSpec): Promise<string> {
  return db.transaction((m) => makeSignalIn(m, world, spec));
}

async function makeSignalIn(db: EntityManager, world: SignalWorld, spec: SignalSpec): Promise<string> {
  const open = spec.status === 'active' || spec.status === 'in_queue';
  const profileId = spec.profile ?? world.profiles[0].id;
  const pairId = spec.pair ?? world.pairs[0].id;
  const [signal]: { id: string }[] = await db.query(
    `INSERT INTO signals (exchange_account_id, profile_id, pair_id, timeframe, direction, status, state, execution, size_currency, pnl_in_usd,
                          created_at, finished_at)
     VALUES ($1, $2, $3, '1h', 'long', $4, $5, $6, 250.5, 12.345, now() - make_interval(mins => $7), CASE WHEN $8 THEN NULL ELSE now() END)
     RETURNING id::text`,
    [world.accountId, profileId, pairId, spec.status, spec.state, spec.execution ?? 0, spec.ageMinutes, open],
  );
  if (spec.position) {
    const closed = spec.position === 'closed';
    await db.query(
      `INSERT INTO positions (signal_id, exchange_account_id, profile_id, pair_id, side, state, closed_at, active_p_coins, active_p_size_usd, u_pnl)
       VALUES ($1, $2, $3, $4, 'long', $5, CASE WHEN $6 THEN now() ELSE NULL END, $7, $8, $9)`,
      [signal.id, world.accountId, profileId, pairId, closed ? 'closed' : 'open', closed, closed ? 0 : 2, closed ? 0 : 200, closed ? 0 : 5],
    );
  }
  for (const status of spec.orders ?? []) {
    const state = status.startsWith('CANCELED_') ? 'CANCELED' : status;
    await db.query(
      `INSERT INTO orders (signal_id, exchange_account_id, profile_id, pair_id, order_type, direction, position_direction, price, quantity, state, status, created_at)
       VALUES ($1, $2, $3, $4, 'enter', 'buy', 'long', 0.123456789, 3.14159265, $5, $6, now() - make_interval(mins => $7))`,
      [signal.id, world.accountId, profileId, pairId, state, status, spec.ageMinutes],
    );
  }
  return signal.id;
}
