// What the script tests stand on: PostgreSQL with a database of the test's own and Redis, found or
// started as `npm start` does, and the clean-up of what they started.
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { dropDatabase, findOrStartPostgres, findOrStartRedis } from '../lib/services.mjs';

export const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** A new database named `<prefix>_<random>` and Redis; `stop()` drops the database and stops what this started. */
export async function scratchServices(prefix) {
  const database = `${prefix}_${randomBytes(4).toString('hex')}`;
  const postgres = await findOrStartPostgres(database);
  let redis;
  try {
    redis = await findOrStartRedis();
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  return {
    database,
    postgres,
    redis,
    async stop() {
      const server = new URL(postgres.url);
      server.pathname = '/postgres';
      await dropDatabase(server.toString(), database).catch(() => {});
      await redis.stop();
      await postgres.stop();
    },
  };
}

/** Ends a spawned process with SIGTERM and waits for it; one already gone is left. */
export async function stopChild(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
