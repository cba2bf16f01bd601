import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Groups made before the backtests section have no entry for it, which reads as no access. Each such
 * group gets the level it has on strategy profiles when that is Full or ReadOnly (who edits profiles
 * tests them; who reads them reads their tests). A Limited or NP level on profiles gives nothing: which
 * backtest columns a Limited group sees is the administrator's choice.
 */
export class GrantBacktestsToProfileHolders1735460200000 implements MigrationInterface {
  name = 'GrantBacktestsToProfileHolders1735460200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE groups g
         SET perms = g.perms || jsonb_build_array(jsonb_build_object('section_name', 'backtests', 'status', profile.status))
        FROM (SELECT id, perm->>'status' AS status FROM groups, jsonb_array_elements(perms) perm WHERE perm->>'section_name' = 'profiles') profile
       WHERE profile.id = g.id
         AND profile.status IN ('Full', 'ReadOnly')
         AND NOT EXISTS (SELECT FROM jsonb_array_elements(g.perms) p WHERE p->>'section_name' = 'backtests')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE groups SET perms = (SELECT coalesce(jsonb_agg(p), '[]') FROM jsonb_array_elements(perms) p WHERE p->>'section_name' <> 'backtests')`);
  }
}
