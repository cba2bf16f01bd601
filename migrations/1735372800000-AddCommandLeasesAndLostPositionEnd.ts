import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Engine protocol II.
 * - A held command (a limit close waiting for its price) has a lease: the engine carrying it, until when.
 *   Another engine takes a pending command only when no lease on it is current, so one engine carries it;
 *   one that stops renewing loses it to the next.
 * - A close at market supersedes a held limit close: that command ends `superseded`, naming its successor.
 * - engine_state.revision counts the state's writes, so an engine that finds another's write since its
 *   own reads the state again before it acts.
 * - A lost position (no signal, no state) closed whole keeps its row with closed_at, as an open one
 *   does when it closes; only rows with a state must have closed_at exactly when closed.
 */
export class AddCommandLeasesAndLostPositionEnd1735372800000 implements MigrationInterface {
  name = 'AddCommandLeasesAndLostPositionEnd1735372800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE engine_commands
        ADD COLUMN lease_owner text,
        ADD COLUMN lease_expires_at timestamptz,
        ADD COLUMN superseded_by bigint REFERENCES engine_commands(id),
        ADD CONSTRAINT engine_commands_lease_check CHECK ((lease_owner IS NULL) = (lease_expires_at IS NULL)),
        ADD CONSTRAINT engine_commands_superseded_check CHECK ((status = 'superseded') = (superseded_by IS NOT NULL))`);
    await replaceCheck(q, 'engine_commands', `%status%'pending'%'succeeded'%'failed'%`, 'engine_commands_status_check', `status IN ('pending', 'succeeded', 'failed', 'superseded')`);
    await q.query(`ALTER TABLE engine_state ADD COLUMN revision bigint NOT NULL DEFAULT 0`);
    await replaceCheck(q, 'positions', `%closed_at IS NOT NULL%`, 'positions_closed_at_check', `state IS NULL OR (state = 'closed') = (closed_at IS NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM positions WHERE state IS NULL AND closed_at IS NOT NULL`);
    await replaceCheck(q, 'positions', `%closed_at IS NOT NULL%`, 'positions_closed_at_check', `(state IS NOT DISTINCT FROM 'closed') = (closed_at IS NOT NULL)`);
    await q.query(`ALTER TABLE engine_state DROP COLUMN revision`);
    await q.query(`UPDATE engine_commands SET status = 'failed', error = 'Superseded.', superseded_by = NULL WHERE status = 'superseded'`);
    await q.query(`ALTER TABLE engine_commands DROP CONSTRAINT engine_commands_superseded_check, DROP CONSTRAINT engine_commands_lease_check`);
    await replaceCheck(q, 'engine_commands', `%status%'pending'%'succeeded'%'failed'%`, 'engine_commands_status_check', `status IN ('pending', 'succeeded', 'failed')`);
    await q.query(`ALTER TABLE engine_commands DROP COLUMN superseded_by, DROP COLUMN lease_expires_at, DROP COLUMN lease_owner`);
  }
}

/** The first migrations left these CHECKs unnamed: the one matching `like` is found by its text and replaced by a named one. */
async function replaceCheck(q: QueryRunner, table: string, like: string, name: string, check: string): Promise<void> {
  const found: { conname: string }[] = await q.query(
    `SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE $2 AND conname NOT LIKE '%lease%' AND conname NOT LIKE '%superseded%'`,
    [table, like],
  );
  if (found.length !== 1) throw new Error(`expected one CHECK on ${table} like ${like}, found ${found.length}`);
  await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${found[0].conname}, ADD CONSTRAINT ${name} CHECK (${check})`);
}
