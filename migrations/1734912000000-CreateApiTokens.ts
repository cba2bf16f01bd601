import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personal API tokens (docs/decisions/api-tokens.md). Only the SHA-256 of a token is stored, unique so a
 * request finds its token by that hash; `prefix` is what lists show. `perms` holds one level per section
 * ([{section_name, status}]), lowered at each request to what the user's group gives. A token leaves with
 * its user.
 */
export class CreateApiTokens1734912000000 implements MigrationInterface {
  name = 'CreateApiTokens1734912000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(64) NOT NULL,
        prefix varchar(16) NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        perms jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(perms) = 'array'),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX api_tokens_user_id_idx ON api_tokens (user_id) WHERE revoked_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_tokens`);
  }
}
