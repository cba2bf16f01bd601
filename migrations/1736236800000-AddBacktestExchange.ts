import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A backtest on the candle store reads one exchange's stored minutes: the exchange of its profile's
 * account when the run was asked for, kept with the run (null for the model market).
 */
export class AddBacktestExchange1736236800000 implements MigrationInterface {
  name = 'AddBacktestExchange1736236800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE backtests ADD COLUMN exchange varchar(32)`);
    await q.query(`ALTER TABLE backtests ADD CONSTRAINT backtests_store_exchange_check CHECK ((market = 'store') = (exchange IS NOT NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE backtests DROP COLUMN exchange`);
  }
}
