import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The candle store (docs/decisions/market-data.md):
 * - candles: one row per exchange, symbol and minute, prices and volumes as NUMERIC without a scale so
 *   each keeps the decimals its source wrote; range-partitioned by month on `minute` like logs (the
 *   months are made by the import that writes them, through ensure_month_partitions), with a default
 *   partition for anything outside them. The primary key is the unique key an import writes against.
 * - candle_coverage: per exchange and symbol the first and last minute, the count and the gaps, kept by
 *   each import in its own transaction, so coverage is read without scanning candles.
 * - candle_imports: an import of uploaded files is a row first (the worker's job is a wake-up); `files`
 *   holds each file's name, where it waits, its status, rows, minutes added and error.
 */
export class CreateCandleStore1735084800000 implements MigrationInterface {
  name = 'CreateCandleStore1735084800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE candles (
        exchange text NOT NULL,
        symbol text NOT NULL,
        minute timestamptz NOT NULL,
        open numeric NOT NULL,
        high numeric NOT NULL,
        low numeric NOT NULL,
        close numeric NOT NULL,
        volume numeric NOT NULL,
        quote_volume numeric NULL,
        trades integer NULL,
        CONSTRAINT candles_pkey PRIMARY KEY (exchange, symbol, minute)
      ) PARTITION BY RANGE (minute)`);
    await q.query(`CREATE TABLE candles_default PARTITION OF candles DEFAULT`);
    await q.query(`
      CREATE TABLE candle_coverage (
        exchange text NOT NULL,
        symbol text NOT NULL,
        first_minute timestamptz NOT NULL,
        last_minute timestamptz NOT NULL,
        candles bigint NOT NULL,
        gaps integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT candle_coverage_pkey PRIMARY KEY (exchange, symbol)
      )`);
    await q.query(`
      CREATE TABLE candle_imports (
        id uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        exchange text NOT NULL,
        symbol text NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'STARTED', 'SUCCESS', 'FAILURE')),
        progress smallint NOT NULL DEFAULT 0,
        files jsonb NOT NULL DEFAULT '[]',
        requested_by integer NULL REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz NULL,
        finished_at timestamptz NULL
      )`);
    await q.query(`CREATE INDEX candle_imports_waiting ON candle_imports (created_at) WHERE status IN ('PENDING', 'STARTED')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE candle_imports`);
    await q.query(`DROP TABLE candle_coverage`);
    await q.query(`DROP TABLE candles`);
  }
}
