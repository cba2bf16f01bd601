import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Strategy profiles with their settings document (schema_type v1: signal, order management,
 * indications, deviation, single cases, monitoring tag and delisting settings) as one jsonb value,
 * read and written whole by the wizard. A draft may lack its MM profile and ticker list; any other
 * status has both. The exchange account is the MM profile's (a composite key keeps them equal), and
 * signals point at (profile, account) so a profile with history cannot move to another account.
 */
export class CreateStrategyProfiles1733126400000 implements MigrationInterface {
  name = 'CreateStrategyProfiles1733126400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE strategy_profiles (
        id serial PRIMARY KEY,
        title varchar(64) NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'draft' CHECK (status IN ('active', 'inactive', 'stopping', 'draft')),
        action_state varchar(16) NOT NULL DEFAULT 'NONE'
          CHECK (action_state IN ('NONE', 'CANCELLING', 'CANCELLED', 'CLOSING', 'CLOSED', 'CHANGING', 'CHANGED')),
        profile_direction varchar(8) NOT NULL CHECK (profile_direction IN ('long', 'short')),
        timeframe varchar(4) CHECK (timeframe IN ('1h', '4h', '1d', '1w', '1M')),
        template_id integer REFERENCES strategy_profiles(id) ON DELETE SET NULL,
        exchange_account_id integer REFERENCES exchange_accounts(id) ON DELETE RESTRICT,
        mm_profile_id integer,
        ticker_config_id integer REFERENCES ticker_configs(id) ON DELETE RESTRICT,
        is_show boolean NOT NULL DEFAULT true,
        settings_schema_type varchar(8) NOT NULL DEFAULT 'v1' CHECK (settings_schema_type IN ('v1')),
        settings jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(settings) = 'object'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (mm_profile_id, exchange_account_id) REFERENCES mm_profiles(id, exchange_account_id) ON DELETE RESTRICT,
        CHECK (status = 'draft' OR (mm_profile_id IS NOT NULL AND exchange_account_id IS NOT NULL AND ticker_config_id IS NOT NULL)),
        CHECK ((mm_profile_id IS NULL) = (exchange_account_id IS NULL)),
        UNIQUE (id, exchange_account_id)
      )`);
    // The FK lookups (deleting an MM profile or a ticker list); the list itself is small and sorts in memory.
    await q.query(`CREATE INDEX strategy_profiles_mm_profile_id_idx ON strategy_profiles (mm_profile_id)`);
    await q.query(`CREATE INDEX strategy_profiles_ticker_config_id_idx ON strategy_profiles (ticker_config_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE strategy_profiles`);
  }
}
