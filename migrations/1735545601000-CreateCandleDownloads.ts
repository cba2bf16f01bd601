import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * candle_downloads: a history download from an exchange through ccxt is a row first (the worker's job is
 * a wake-up). `next_minute` is the first minute not fetched yet: each page moves it in the page's own
 * transaction with the page's candles, so a run stopped anywhere resumes where the store stopped.
 */
export class CreateCandleDownloads1735545601000 implements MigrationInterface {
  name = 'CreateCandleDownloads1735545601000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE candle_downloads (
        id uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        exchange text NOT NULL,
        symbol text NOT NULL,
        from_minute timestamptz NOT NULL,
        to_minute timestamptz NOT NULL,
        next_minute timestamptz NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'STARTED', 'SUCCESS', 'FAILURE')),
        progress smallint NOT NULL DEFAULT 0,
        added integer NOT NULL DEFAULT 0,
        attempts integer NOT NULL DEFAULT 0,
        error text NULL,
        requested_by integer NULL REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz NULL,
        finished_at timestamptz NULL,
        CHECK (from_minute < to_minute)
      )`);
    await q.query(`CREATE INDEX candle_downloads_pending_idx ON candle_downloads (created_at) WHERE status = 'PENDING'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE candle_downloads`);
  }
}
