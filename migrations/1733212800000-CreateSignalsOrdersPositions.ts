import { MigrationInterface, QueryRunner } from 'typeorm';

const ACTION_STATE = `action_state varchar(16) NOT NULL DEFAULT 'NONE'
          CHECK (action_state IN ('NONE', 'CANCELLING', 'CANCELLED', 'CLOSING', 'CLOSED', 'CHANGING', 'CHANGED'))`;

/**
 * Signals, their orders and their positions: the big tables (tens of millions of rows).
 * - An order and a position carry their signal's account, profile and pair, so the lists filter and
 *   sort on one index each, and one composite key to signals keeps the copies equal to the signal's.
 * - A position without a state is a lost position: found on the exchange with no signal (and no profile).
 * - Every list is newest first: each filter of trading.md 7 (profile, pair, status, the created_at
 *   range) has an index ending in (created_at DESC, id DESC), so a first page reads one index range
 *   (docs/decisions.md lists which list uses which index).
 * Prices and coin quantities are numeric(30, 12), money numeric(24, 8), percents and ratios numeric(18, 8).
 */
export class CreateSignalsOrdersPositions1733212800000 implements MigrationInterface {
  name = 'CreateSignalsOrdersPositions1733212800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signals (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        exchange_account_id integer NOT NULL,
        profile_id integer NOT NULL,
        pair_id integer NOT NULL REFERENCES pairs(id) ON DELETE RESTRICT,
        timeframe varchar(4) NOT NULL CHECK (timeframe IN ('1h', '4h', '1d', '1w', '1M')),
        direction varchar(8) NOT NULL CHECK (direction IN ('long', 'short')),
        status varchar(16) NOT NULL CHECK (status IN ('active', 'in_queue', 'finished', 'missed', 'canceled')),
        state varchar(16) NOT NULL CHECK (state IN ('canceled_by_mmsp', 'canceled_by_atr', 'active_np', 'active_pp', 'active_fp',
          'active_pp_pf', 'active_fp_pf', 'canceled_by_roc', 'finished', 'canceled_by_user', 'missed')),
        ${ACTION_STATE},
        execution numeric(18, 8) NOT NULL DEFAULT 0 CHECK (execution >= 0 AND execution <= 100),
        size_currency numeric(24, 8) NOT NULL DEFAULT 0 CHECK (size_currency >= 0),
        size_coins numeric(30, 12) NOT NULL DEFAULT 0 CHECK (size_coins >= 0),
        start_point numeric(30, 12),
        avg_e_price numeric(30, 12),
        exit_place numeric(30, 12),
        current_price numeric(30, 12),
        pnl_in_usd numeric(24, 8),
        pnl_in_percent numeric(18, 8),
        tr_in_atr numeric(18, 8),
        inc_vola numeric(18, 8),
        atr_minus_1 numeric(18, 8),
        atr_t_percent numeric(18, 8),
        minute_activated_at timestamptz,
        finished_at timestamptz,
        FOREIGN KEY (profile_id, exchange_account_id) REFERENCES strategy_profiles(id, exchange_account_id) ON DELETE RESTRICT,
        CHECK (status IN ('active', 'in_queue') OR finished_at IS NOT NULL),
        CHECK (finished_at IS NULL OR finished_at >= created_at),
        UNIQUE (id, exchange_account_id, profile_id, pair_id)
      )`);
    await q.query(`CREATE INDEX signals_created_at_idx ON signals (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX signals_profile_id_created_at_idx ON signals (profile_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX signals_pair_id_created_at_idx ON signals (pair_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX signals_status_created_at_idx ON signals (status, created_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE orders (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        signal_id bigint NOT NULL,
        exchange_account_id integer NOT NULL,
        profile_id integer NOT NULL,
        pair_id integer NOT NULL,
        order_type varchar(8) NOT NULL CHECK (order_type IN ('enter', 'exit')),
        direction varchar(4) NOT NULL CHECK (direction IN ('buy', 'sell')),
        position_direction varchar(8) NOT NULL CHECK (position_direction IN ('long', 'short')),
        price numeric(30, 12) NOT NULL CHECK (price > 0),
        quantity numeric(30, 12) NOT NULL CHECK (quantity > 0),
        filled_quantity numeric(30, 12) NOT NULL DEFAULT 0 CHECK (filled_quantity >= 0),
        exchange_order_id varchar(64),
        state varchar(20) NOT NULL CHECK (state IN ('PLACING', 'PLACED', 'FILLED', 'PARTIALLY_FILLED', 'CANCELING', 'CANCELED', 'PLACEMENT_FAILED')),
        status varchar(24) NOT NULL CHECK (status IN ('PLACING', 'PLACED', 'FILLED', 'PARTIALLY_FILLED', 'CANCELING', 'CANCELED_MANUAL',
          'CANCELED_BY_TIMER', 'CANCELED_BY_MOVEMENT', 'PLACEMENT_FAILED')),
        exchange_status varchar(16) CHECK (exchange_status IN ('NEW', 'CANCELED', 'CALCULATED', 'EXPIRED', 'TRADE')),
        time_in_force varchar(4) NOT NULL DEFAULT 'GTC' CHECK (time_in_force IN ('GTC', 'IOC', 'FOK', 'GTX')),
        ${ACTION_STATE},
        FOREIGN KEY (signal_id, exchange_account_id, profile_id, pair_id)
          REFERENCES signals(id, exchange_account_id, profile_id, pair_id) ON DELETE CASCADE,
        CHECK (filled_quantity <= quantity)
      )`);
    await q.query(`CREATE INDEX orders_created_at_idx ON orders (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX orders_signal_id_idx ON orders (signal_id, id)`);
    await q.query(`CREATE INDEX orders_profile_id_created_at_idx ON orders (profile_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX orders_pair_id_created_at_idx ON orders (pair_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX orders_status_created_at_idx ON orders (status, created_at DESC, id DESC)`);
    // Fills and cancels arrive from the exchange by its order id, unique per account.
    await q.query(`CREATE UNIQUE INDEX orders_exchange_order_id_key ON orders (exchange_account_id, exchange_order_id) WHERE exchange_order_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE positions (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        signal_id bigint UNIQUE,
        exchange_account_id integer NOT NULL REFERENCES exchange_accounts(id) ON DELETE RESTRICT,
        profile_id integer REFERENCES strategy_profiles(id) ON DELETE RESTRICT,
        pair_id integer NOT NULL REFERENCES pairs(id) ON DELETE RESTRICT,
        side varchar(8) NOT NULL CHECK (side IN ('long', 'short')),
        state varchar(16) CHECK (state IN ('open', 'closed')),
        ${ACTION_STATE},
        active_p_size_usd numeric(24, 8) NOT NULL DEFAULT 0 CHECK (active_p_size_usd >= 0),
        active_p_coins numeric(30, 12) NOT NULL DEFAULT 0 CHECK (active_p_coins >= 0),
        r_pnl numeric(24, 8) NOT NULL DEFAULT 0,
        u_pnl numeric(24, 8) NOT NULL DEFAULT 0,
        avg_e_price numeric(30, 12),
        current_price numeric(30, 12),
        mark_price numeric(30, 12),
        k_exit numeric(30, 12),
        k_exit_coeff numeric(18, 8),
        reduce_p numeric(18, 8) NOT NULL DEFAULT 0 CHECK (reduce_p >= 0 AND reduce_p <= 100),
        k_e_recovery boolean NOT NULL DEFAULT false,
        skip_check_by_timer boolean NOT NULL DEFAULT false,
        skip_check_by_distance boolean NOT NULL DEFAULT false,
        best_limit boolean NOT NULL DEFAULT false,
        FOREIGN KEY (signal_id, exchange_account_id, profile_id, pair_id)
          REFERENCES signals(id, exchange_account_id, profile_id, pair_id) ON DELETE CASCADE,
        CHECK ((state IS NULL) = (signal_id IS NULL)),
        CHECK ((signal_id IS NULL) = (profile_id IS NULL)),
        CHECK ((state IS NOT DISTINCT FROM 'closed') = (closed_at IS NOT NULL)),
        CHECK (state IS DISTINCT FROM 'closed' OR (active_p_coins = 0 AND active_p_size_usd = 0 AND u_pnl = 0))
      )`);
    // Position administration shows what is not closed, lost positions first, then newest.
    await q.query(`CREATE INDEX positions_administration_idx ON positions ((state IS NOT NULL), id DESC) WHERE closed_at IS NULL`);
    await q.query(`CREATE INDEX positions_pair_id_open_idx ON positions (pair_id, id DESC) WHERE closed_at IS NULL`);
    await q.query(`CREATE INDEX positions_profile_id_idx ON positions (profile_id) WHERE profile_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE positions`);
    await q.query(`DROP TABLE orders`);
    await q.query(`DROP TABLE signals`);
  }
}
