import { MigrationInterface, QueryRunner } from 'typeorm';

/** Exchange accounts: API credentials of the trading engine; the secret is stored encrypted only. */
export class CreateExchangeAccounts1732348800000 implements MigrationInterface {
  name = 'CreateExchangeAccounts1732348800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE exchange_accounts (
        id serial PRIMARY KEY,
        title varchar(64) NOT NULL,
        api_key varchar(64) NOT NULL,
        api_secret_enc text NOT NULL,
        leverage numeric(5, 2) NOT NULL CHECK (leverage >= 0 AND leverage <= 100),
        broker_id varchar(64),
        broker_program_is_active boolean NOT NULL DEFAULT false,
        broker_program_is_available boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE exchange_accounts`);
  }
}
