import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the worker's engine-alert watch has already announced, in one row: the engine's heartbeat state
 * (up, down; null until the engine has beaten once) and the id of the newest engine `error` log row
 * announced (null until the first sweep, which starts it at the newest row so old rows are not replayed).
 * A change is written here in the notification's transaction under the row's lock, so two workers or a
 * restart announce it once.
 */
export class CreateEngineAlertState1736323200000 implements MigrationInterface {
  name = 'CreateEngineAlertState1736323200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE engine_alert_state (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        engine_up boolean,
        changed_at timestamptz,
        error_log_mark bigint,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO engine_alert_state DEFAULT VALUES`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE engine_alert_state`);
  }
}
