import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Profile options for the logs page's filter, without scanning the log table: a small lookup of every
 * (profile_id, profile_title) the logs mention, kept by a statement-level trigger on logs so every
 * writer (the API, the worker, the engine, bulk loads) feeds it at the cost of one insert per statement.
 * When strategy profiles get their own table, the filter reads that table and this one can go.
 */
export class CreateLogProfiles1732694400000 implements MigrationInterface {
  name = 'CreateLogProfiles1732694400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE log_profiles (
        id integer PRIMARY KEY,
        title varchar(128),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE FUNCTION log_profiles_collect() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- The newest title of each profile in the statement; ordered by id so concurrent writers lock alike.
        INSERT INTO log_profiles (id, title)
        SELECT DISTINCT ON (profile_id) profile_id, profile_title
          FROM inserted WHERE profile_id IS NOT NULL
         ORDER BY profile_id, id DESC
        ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, updated_at = now()
         WHERE EXCLUDED.title IS NOT NULL AND log_profiles.title IS DISTINCT FROM EXCLUDED.title;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER logs_collect_profiles AFTER INSERT ON logs
        REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION log_profiles_collect()`);
    await q.query(`
      INSERT INTO log_profiles (id, title)
      SELECT DISTINCT ON (profile_id) profile_id, profile_title FROM logs WHERE profile_id IS NOT NULL ORDER BY profile_id, id DESC`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER logs_collect_profiles ON logs`);
    await q.query(`DROP FUNCTION log_profiles_collect()`);
    await q.query(`DROP TABLE log_profiles`);
  }
}
