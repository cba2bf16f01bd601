import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Groups made before the market_data section have no entry for it, which reads as no access: even the
 * Administrators group would not see its Market data block. Each such group gets the level it has on
 * exchange accounts (the same operators choose the exchange and load its candles); a level market_data
 * does not offer, or none, gives nothing.
 */
export class GrantMarketDataToExchangeAccountHolders1735128000000 implements MigrationInterface {
  name = 'GrantMarketDataToExchangeAccountHolders1735128000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE groups g
         SET perms = g.perms || jsonb_build_array(jsonb_build_object('section_name', 'market_data', 'status', account.status))
        FROM (SELECT id, perm->>'status' AS status FROM groups, jsonb_array_elements(perms) perm WHERE perm->>'section_name' = 'exchange_account') account
       WHERE account.id = g.id
         AND account.status IN ('Full', 'ReadOnly')
         AND NOT EXISTS (SELECT FROM jsonb_array_elements(g.perms) p WHERE p->>'section_name' = 'market_data')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE groups SET perms = (SELECT coalesce(jsonb_agg(p), '[]') FROM jsonb_array_elements(perms) p WHERE p->>'section_name' <> 'market_data')`);
  }
}
