import { MigrationInterface, QueryRunner } from 'typeorm';

/** Trading pairs, filled by a sync from the exchange's instrument list; the unique ticker makes the sync idempotent. */
export class CreatePairs1732521600000 implements MigrationInterface {
  name = 'CreatePairs1732521600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE pairs (
        id serial PRIMARY KEY,
        ticker varchar(32) NOT NULL,
        is_active boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX pairs_ticker_key ON pairs (ticker)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE pairs`);
  }
}
