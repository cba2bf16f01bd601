import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the paper-trading engine needs to resume after a restart, kept beside the rows it writes:
 * - engine_state (one row): the last minute fully processed, the heartbeat the health check reads,
 *   and the engine's own state between minutes (signal arming per profile and pair, risk trigger
 *   states, metrics state) as one jsonb document written in the same transaction as that minute.
 * - engine_signal_runs: each open signal's run (its orders by key, position book, exit state), deleted
 *   once the signal is over. Its order_ids map the run's order keys to their rows in orders.
 */
export class CreateEngineState1734048000000 implements MigrationInterface {
  name = 'CreateEngineState1734048000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE engine_state (
        id serial PRIMARY KEY,
        singleton boolean NOT NULL DEFAULT true UNIQUE CHECK (singleton),
        last_minute timestamptz,
        heartbeat_at timestamptz,
        state jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(state) = 'object'),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO engine_state DEFAULT VALUES`);
    await q.query(`
      CREATE TABLE engine_signal_runs (
        signal_id bigint PRIMARY KEY REFERENCES signals(id) ON DELETE CASCADE,
        run jsonb NOT NULL,
        order_ids jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(order_ids) = 'object'),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE engine_signal_runs`);
    await q.query(`DROP TABLE engine_state`);
  }
}
