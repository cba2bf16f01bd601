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
