import { MigrationInterface, QueryRunner } from 'typeorm';

/** Privilege groups, users, sessions (token families and rotating refresh tokens), bot-check proofs and the log table. */
export class CreateAccessAndAudit1732262400000 implements MigrationInterface {
  name = 'CreateAccessAndAudit1732262400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE groups (
        id serial PRIMARY KEY,
        name varchar(64) NOT NULL,
        perms jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX groups_name_lower_key ON groups (lower(name))`);

    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        email varchar(254) NOT NULL,
        password_hash text NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        group_id integer REFERENCES groups(id) ON DELETE RESTRICT,
        totp_secret_enc text,
        totp_verified boolean NOT NULL DEFAULT false,
        totp_last_step bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`);
    await q.query(`CREATE INDEX users_group_id_idx ON users (group_id)`);

    // A family is one sign-in: every refresh token rotated from it shares the family, so reuse of a
    // spent token, a logout or a password change revokes all of them (and their access tokens) at once.
    await q.query(`
      CREATE TABLE token_families (
        id uuid PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        second_factor_passed boolean NOT NULL,
        revoked_at timestamptz,
        revoked_reason varchar(32),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX token_families_user_id_idx ON token_families (user_id) WHERE revoked_at IS NULL`);

    await q.query(`
      CREATE TABLE refresh_tokens (
        token_hash char(64) PRIMARY KEY,
        family_id uuid NOT NULL REFERENCES token_families(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id)`);
    await q.query(`CREATE INDEX refresh_tokens_expires_at_idx ON refresh_tokens (expires_at)`);

    // Single-use proofs: a passed bot-check (captcha_token) and spent ALTCHA solutions (no replay).
    await q.query(`
      CREATE TABLE captcha_proofs (
        proof_hash char(64) PRIMARY KEY,
        kind varchar(16) NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX captcha_proofs_expires_at_idx ON captcha_proofs (expires_at)`);

    await q.query(`
      CREATE TABLE logs (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        type varchar(16) NOT NULL,
        event_type varchar(64) NOT NULL,
        user_id integer,
        signal_id bigint,
        pair_id integer,
        pair_name varchar(64),
        profile_id integer,
        profile_title varchar(128),
        order_id bigint,
        log_data jsonb NOT NULL DEFAULT '{}'
      )`);
    // The list is newest first (id desc); each filter gets an index that serves its first page.
    await q.query(`CREATE INDEX logs_type_id_idx ON logs (type, id DESC)`);
    await q.query(`CREATE INDEX logs_signal_id_id_idx ON logs (signal_id, id DESC) WHERE signal_id IS NOT NULL`);
    await q.query(`CREATE INDEX logs_pair_id_id_idx ON logs (pair_id, id DESC) WHERE pair_id IS NOT NULL`);
    await q.query(`CREATE INDEX logs_profile_id_id_idx ON logs (profile_id, id DESC) WHERE profile_id IS NOT NULL`);
    await q.query(`CREATE INDEX logs_user_id_id_idx ON logs (user_id, id DESC) WHERE user_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE logs`);
    await q.query(`DROP TABLE captcha_proofs`);
    await q.query(`DROP TABLE refresh_tokens`);
    await q.query(`DROP TABLE token_families`);
    await q.query(`DROP TABLE users`);
    await q.query(`DROP TABLE groups`);
  }
}
