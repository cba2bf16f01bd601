import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ticker configs (named pair lists a strategy profile trades), MM profiles (money management on one
 * exchange account), the deposit transactions that move an account's MM deposit, and the one auto
 * re-invest setting. Closed value sets are written out here, never imported: a landed migration must
 * not change when the contracts do (a test compares them with packages/contracts/src/trading.ts).
 * Money is numeric(24, 8), percents numeric(18, 8) (docs/decisions.md, decimal policy).
 */
export class CreateTickerConfigsAndMmProfiles1733040000000 implements MigrationInterface {
  name = 'CreateTickerConfigsAndMmProfiles1733040000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ticker_configs (
        id serial PRIMARY KEY,
        title varchar(128) NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'inactive' CHECK (status IN ('active', 'inactive', 'starting', 'stopping')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE ticker_config_pairs (
        ticker_config_id integer NOT NULL REFERENCES ticker_configs(id) ON DELETE CASCADE,
        pair_id integer NOT NULL REFERENCES pairs(id) ON DELETE RESTRICT,
        PRIMARY KEY (ticker_config_id, pair_id)
      )`);
    // Which configs hold a pair (a pair switched off, the pair filter of the profiles list).
    await q.query(`CREATE INDEX ticker_config_pairs_pair_id_idx ON ticker_config_pairs (pair_id)`);

    await q.query(`
      CREATE TABLE mm_profiles (
        id serial PRIMARY KEY,
        title varchar(64) NOT NULL,
        exchange_account_id integer NOT NULL REFERENCES exchange_accounts(id) ON DELETE RESTRICT,
        status varchar(16) NOT NULL DEFAULT 'inactive' CHECK (status IN ('inactive', 'active', 'stopping', 'draft')),
        action_state varchar(16) NOT NULL DEFAULT 'NONE'
          CHECK (action_state IN ('NONE', 'CANCELLING', 'CANCELLED', 'CLOSING', 'CLOSED', 'CHANGING', 'CHANGED')),
        is_show boolean NOT NULL DEFAULT true,
        max_signals_amount integer NOT NULL CHECK (max_signals_amount > 0),
        max_factor_amount numeric(18, 8) NOT NULL CHECK (max_factor_amount >= 0),
        all_signals_quota numeric(24, 8) NOT NULL CHECK (all_signals_quota >= 0),
        -- Derived, as the spec says (all_signals_quota / max_signals_amount, 2 decimals, half away from zero).
        one_signal_quota numeric(24, 2) GENERATED ALWAYS AS (round(all_signals_quota / max_signals_amount, 2)) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- Target of the strategy profiles' (mm_profile_id, exchange_account_id) key: a profile trades on its MM profile's account.
        UNIQUE (id, exchange_account_id)
      )`);
    await q.query(`CREATE INDEX mm_profiles_exchange_account_id_idx ON mm_profiles (exchange_account_id)`);

    // The MM deposit of an account is the deposit_after of its newest transaction. requested_by is null
    // for the daily automatic re-invest, which is not a user.
    await q.query(`
      CREATE TABLE deposit_transactions (
        id bigserial PRIMARY KEY,
        exchange_account_id integer NOT NULL REFERENCES exchange_accounts(id) ON DELETE CASCADE,
        type varchar(16) NOT NULL CHECK (type IN ('deposit', 'withdrawal', 'reinvest')),
        amount numeric(24, 8) NOT NULL CHECK (amount > 0),
        percent numeric(18, 8) CHECK (percent > 0),
        deposit_before numeric(24, 8) NOT NULL CHECK (deposit_before >= 0),
        deposit_after numeric(24, 8) NOT NULL CHECK (deposit_after >= 0),
        requested_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (deposit_after = deposit_before + CASE WHEN type = 'withdrawal' THEN -amount ELSE amount END)
      )`);
    await q.query(`CREATE INDEX deposit_transactions_account_created_at_idx ON deposit_transactions (exchange_account_id, created_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE mm_deposit_settings (
        id serial PRIMARY KEY,
        singleton boolean NOT NULL DEFAULT true UNIQUE CHECK (singleton),
        is_auto_change_mm_depo_enabled boolean NOT NULL DEFAULT false,
        auto_change_mm_depo_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (auto_change_mm_depo_percent >= 0 AND auto_change_mm_depo_percent <= 100),
        updated_by integer REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (NOT is_auto_change_mm_depo_enabled OR auto_change_mm_depo_percent >= 0.01)
      )`);
    await q.query(`INSERT INTO mm_deposit_settings DEFAULT VALUES`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mm_deposit_settings`);
    await q.query(`DROP TABLE deposit_transactions`);
    await q.query(`DROP TABLE mm_profiles`);
    await q.query(`DROP TABLE ticker_config_pairs`);
    await q.query(`DROP TABLE ticker_configs`);
  }
}
