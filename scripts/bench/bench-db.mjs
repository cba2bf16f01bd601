// What the benchmark scripts share: the repository root, node-postgres from the workspace, the admin
// connection (BENCH_ADMIN_URL) and a short-lived client per task.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(fileURLToPath(import.meta.url), '../../..');
export const requireFromRoot = createRequire(join(ROOT, 'package.json'));
const pg = requireFromRoot('pg');

export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The admin URL pointed at another database of the same server. */
export function dbUrl(database) {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs `fn` with a connected client and closes it whatever happens. */
export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The bench's own database, made anew and handed to `fill` (a connected client), unless BENCH_REUSE is
 * set and it exists already: then it is measured as it is.
 */
export async function freshBenchDatabase(database, fill) {
  await withClient(ADMIN_URL, async (admin) => {
    const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [database])).rowCount > 0;
    if (exists && process.env.BENCH_REUSE) return;
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
    await withClient(dbUrl(database), fill);
  });
}
