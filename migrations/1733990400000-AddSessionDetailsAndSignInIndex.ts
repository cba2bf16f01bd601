import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the sessions list shows of a token family (1732262400000): the address and user agent it signed
 * in from and when it was last active. The sign-in history reads the sign-in rows of `logs` (see
 * docs/decisions.md), newest first per user: a partial index keeps those pages off the user's other rows.
 * Built concurrently, so the logs table stays writable; an invalid leftover of a failed build is rebuilt.
 */
const SIGN_IN_INDEX = 'logs_sign_in_user_id_id_idx';

export class AddSessionDetailsAndSignInIndex1733990400000 implements MigrationInterface {
  name = 'AddSessionDetailsAndSignInIndex1733990400000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE token_families
        ADD COLUMN IF NOT EXISTS address varchar(64) NOT NULL DEFAULT '',
        ADD COLUMN IF NOT EXISTS user_agent varchar(512) NOT NULL DEFAULT '',
        ADD COLUMN IF NOT EXISTS last_active_at timestamptz NOT NULL DEFAULT now()`);
    const invalid: unknown[] = await q.query(
      `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace AND NOT i.indisvalid`,
      [SIGN_IN_INDEX],
    );
    if (invalid.length) await q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${SIGN_IN_INDEX}`);
    await q.query(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${SIGN_IN_INDEX} ON logs (user_id, id DESC)
        WHERE user_id IS NOT NULL AND type = 'user' AND event_type IN ('login_success', 'login_failed', '2fa_failed')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${SIGN_IN_INDEX}`);
    await q.query(`ALTER TABLE token_families DROP COLUMN IF EXISTS last_active_at, DROP COLUMN IF EXISTS user_agent, DROP COLUMN IF EXISTS address`);
  }
}
