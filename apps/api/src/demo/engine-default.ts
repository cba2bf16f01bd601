import type { DataSource } from 'typeorm';
import type { EngineMode } from '../common/config/config';

/**
 * The engine a start runs when ENGINE is not set. Trading rows that the paper engine never saw (the
 * data-scale generator's, or a bot's before the console) have no run of the engine's, so it cannot carry out a
 * command on them: such a database gets the simulated stand-in, which completes commands on any row.
 * A database without trading rows, or one the engine has already run on, gets the paper engine.
 */
export async function defaultEngine(db: DataSource): Promise<EngineMode> {
  const [row]: { foreign_rows: boolean }[] = await db.query(
    `SELECT EXISTS (SELECT 1 FROM signals) AND NOT EXISTS (SELECT 1 FROM engine_state WHERE last_minute IS NOT NULL) AS foreign_rows`,
  );
  return row.foreign_rows ? 'simulated' : 'paper';
}
