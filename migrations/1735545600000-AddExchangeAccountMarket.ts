import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An exchange account names its exchange (a ccxt id) and chooses its market: the seeded model (the
 * default, so existing accounts and the demo trade as before), the candle store, or live candles.
 */
export class AddExchangeAccountMarket1735545600000 implements MigrationInterface {
  name = 'AddExchangeAccountMarket1735545600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE exchange_accounts
        ADD COLUMN exchange varchar(32) NOT NULL DEFAULT 'binance',
        ADD COLUMN market varchar(8) NOT NULL DEFAULT 'model' CHECK (market IN ('model', 'store', 'live'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE exchange_accounts DROP COLUMN market, DROP COLUMN exchange`);
  }
}
