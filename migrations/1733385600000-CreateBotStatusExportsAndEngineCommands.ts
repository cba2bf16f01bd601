import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bot's on/off status (one row), export tasks (xlsx files made by a worker from a list's filters)
 * and engine commands: every operator action on trading state is a row here, written in the
 * transaction that sets its target's action_state, then handed to the engine. The idempotency key
 * makes the same command sent twice one row. The broker program flags already live on
 * exchange_accounts (1732348800000).
 */
export class CreateBotStatusExportsAndEngineCommands1733385600000 implements MigrationInterface {
  name = 'CreateBotStatusExportsAndEngineCommands1733385600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE bot_status (
        id serial PRIMARY KEY,
        singleton boolean NOT NULL DEFAULT true UNIQUE CHECK (singleton),
        status varchar(16) NOT NULL DEFAULT 'disabled' CHECK (status IN ('enabled', 'disabled')),
        action_state varchar(16) NOT NULL DEFAULT 'NONE'
          CHECK (action_state IN ('NONE', 'CANCELLING', 'CANCELLED', 'CLOSING', 'CLOSED', 'CHANGING', 'CHANGED')),
        updated_by integer REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO bot_status DEFAULT VALUES`);

    // The id is the task_id the SPA polls: a uuid, so one user cannot walk through another's exports.
    await q.query(`
      CREATE TABLE export_tasks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind varchar(24) NOT NULL CHECK (kind IN ('signals', 'orders', 'profiles_stats', 'account_stats')),
        filters jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(filters) = 'object'),
        status varchar(16) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'STARTED', 'SUCCESS', 'FAILURE')),
        file_path text,
        filename varchar(255),
        row_count integer CHECK (row_count >= 0),
        requested_by integer REFERENCES users(id) ON DELETE SET NULL,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        CHECK (status <> 'SUCCESS' OR (file_path IS NOT NULL AND filename IS NOT NULL AND finished_at IS NOT NULL)),
        CHECK (status <> 'FAILURE' OR (error IS NOT NULL AND finished_at IS NOT NULL))
      )`);
    // The sweeper finds tasks never started; the purge finds old files.
    await q.query(`CREATE INDEX export_tasks_pending_idx ON export_tasks (created_at) WHERE status = 'PENDING'`);
    await q.query(`CREATE INDEX export_tasks_finished_at_idx ON export_tasks (finished_at) WHERE finished_at IS NOT NULL`);

    await q.query(`
      CREATE TABLE engine_commands (
        id bigserial PRIMARY KEY,
        kind varchar(32) NOT NULL CHECK (kind IN ('cancel_signal', 'cancel_order', 'close_market', 'close_limit', 'close_best_limit',
          'reduce_position', 'set_skip_check', 'recover_k_exit', 'close_lost_position', 'start_profile', 'stop_profile',
          'start_mm_profile', 'stop_mm_profile', 'start_ticker_config', 'stop_ticker_config', 'enable_bot', 'disable_bot',
          'set_broker_program')),
        target_type varchar(24) NOT NULL CHECK (target_type IN ('signal', 'order', 'position', 'strategy_profile', 'mm_profile',
          'ticker_config', 'exchange_account', 'system')),
        target_id bigint,
        payload jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(payload) = 'object'),
        idempotency_key varchar(128) NOT NULL UNIQUE,
        requested_by integer REFERENCES users(id) ON DELETE SET NULL,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        completed_at timestamptz,
        CHECK ((target_type = 'system') = (target_id IS NULL)),
        CHECK ((status = 'pending') = (completed_at IS NULL)),
        CHECK (status <> 'failed' OR error IS NOT NULL)
      )`);
    // The sweeper re-publishes pending commands; a target's newest command answers "what is it doing".
    await q.query(`CREATE INDEX engine_commands_pending_idx ON engine_commands (created_at) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX engine_commands_target_idx ON engine_commands (target_type, target_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE engine_commands`);
    await q.query(`DROP TABLE export_tasks`);
    await q.query(`DROP TABLE bot_status`);
  }
}
