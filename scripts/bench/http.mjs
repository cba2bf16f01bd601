// Benchmark of the request path through HTTP: starts the built API (production entry, so the cluster
// with API_WORKERS processes) and the worker on a database of its own, then drives it with autocannon:
// GET users/current-user/, GET logs/?page_size=20 and GET notifications/ at 16 connections, and the
// password step of the sign-in (argon2id at OWASP's parameters) one request at a time for p50/p95.
//
//   node scripts/bench/http.mjs            (needs `pnpm run build`)
//   BENCH_DURATION=10 (seconds per route), BENCH_CONNECTIONS=16, BENCH_LOGINS=100, BENCH_API_WORKERS
//   (default: the production default, one process per CPU), BENCH_PORT
//
// `startBenchApi()` is exported for the other benchmarks (logs.mjs runs its filters through HTTP with it).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cli, migrate, startApiAndWorker } from '../lib/app.mjs';
import { dropDatabase, ensureDatabase, findOrStartRedis, withDatabase } from '../lib/services.mjs';
import { ROOT } from '../lib/toolchain.mjs';

const requireFromApi = createRequire(join(ROOT, 'apps/api/package.json'));
const requireFromRoot = createRequire(join(ROOT, 'package.json'));
const jwt = requireFromApi('jsonwebtoken');
const pg = requireFromRoot('pg');
const autocannon = requireFromRoot('autocannon');

/** What this 2-core machine should reach (issue 12); printed beside the figures. */
export const AIMS = {
  currentUserRps: 2000,
  listRps: 1500,
  loginP95Ms: 60,
};

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const API = '/api/v2';

/**
 * What a script-started product runs with: its database, Redis and port, secrets of its own, no bot-check,
 * a Redis prefix of its own (`prefix-<random>`), its log level and export folder.
 */
export function scriptAppEnv({ databaseUrl, redisUrl, port, prefix, logLevel, exportDir }) {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PORT: String(port),
    JWT_SECRET: randomBytes(48).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    CAPTCHA_PROVIDER: 'off',
    REDIS_PREFIX: `${prefix}-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: logLevel,
    EXPORT_DIR: exportDir,
  };
}

/**
 * Starts the built API and worker on `database` (dropped, re-created and migrated when `fresh`; used as it
 * is otherwise), as production runs them (NODE_ENV=production, LOG_LEVEL info, logs to /dev/null), with a
 * signed-in administrator; `env` adds or overrides variables. Resolves to { url, databaseUrl, redisUrl, redisPrefix, apiPid, workerPid, accessToken, email, password, stop }.
 */
export async function startBenchApi({ database = 'console_bench_http', fresh = true, port = Number(process.env.BENCH_PORT ?? 3990), env: extraEnv = {} } = {}) {
  if (fresh) await dropDatabase(ADMIN_URL, database);
  await ensureDatabase(ADMIN_URL, database);
  const redis = await findOrStartRedis();
  const databaseUrl = withDatabase(ADMIN_URL, database);
  const env = {
    NODE_ENV: 'production',
    ...scriptAppEnv({ databaseUrl, redisUrl: redis.url, port, prefix: 'bench', logLevel: 'info', exportDir: join(ROOT, '.data', 'bench-exports') }),
    ...(process.env.BENCH_API_WORKERS ? { API_WORKERS: process.env.BENCH_API_WORKERS } : {}),
    // The engine runs beside the API as in production (health waits for it): its metrics port is left free.
    ENGINE_METRICS_PORT: '0',
    ...extraEnv,
  };
  if (fresh) migrate(env);
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const password = `Bench!${randomBytes(6).toString('hex')}`;
  const admin = JSON.parse(cli(env, ['create-admin', '--email', email, '--password', password]));
  const accessToken = await signedInSession({ databaseUrl, userId: admin.id, jwtSecret: env.JWT_SECRET });
  const app = await startApiAndWorker(env, { quiet: true });
  return {
    url: `http://127.0.0.1:${port}${API}`,
    databaseUrl,
    redisUrl: redis.url,
    redisPrefix: env.REDIS_PREFIX,
    /** The API's process (the cluster's primary when API_WORKERS > 1). */
    apiPid: app.api.current.pid,
    workerPid: app.worker.current.pid,
    accessToken,
    email,
    password,
    stop: async () => {
      await app.stop();
      await redis.stop();
    },
  };
}

/**
 * A session past the second factor, made as the API makes one: a family, its refresh token (the
 * worker's purge drops a family without one) and an access token naming it (valid a day). Answers the token.
 */
export async function signedInSession({ databaseUrl, userId, jwtSecret }) {
  const familyId = randomUUID();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`INSERT INTO token_families (id, user_id, second_factor_passed) VALUES ($1, $2, true)`, [familyId, userId]);
    await client.query(`INSERT INTO refresh_tokens (token_hash, family_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      createHash('sha256').update(randomBytes(32)).digest('hex'),
      familyId,
    ]);
  } finally {
    await client.end();
  }
  return jwt.sign({ sub: String(userId), fam: familyId, sf: true, typ: 'access' }, jwtSecret, { algorithm: 'HS256', expiresIn: 24 * 3600 });
}

/** Requests per second and latency of one route under `connections` kept-alive connections. */
export async function load(url, { token, connections = Number(process.env.BENCH_CONNECTIONS ?? 16), duration = Number(process.env.BENCH_DURATION ?? 10) } = {}) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  await autocannon({ url, connections, duration: 2, headers }); // warm-up: JIT, pools, caches
  const result = await autocannon({ url, connections, duration, headers });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`${url}: ${failed} of ${result.requests.total} requests failed (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** p50/p95 of one request at a time, after `warmUps` requests (the cache warm, as on a running system); `send(i)` may vary by run. */
export async function latency(runs, send, warmUps = 3) {
  for (let i = 0; i < warmUps; i++) await send(i);
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await send(i);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

/**
 * Two ways to the same rows timed in one run, alternating send by send (a, b, a, b…), so that a change in
 * the machine's state weighs on both alike. Answers { a, b } with p50 and p95 each.
 */
export async function pairedLatency(runs, sendA, sendB) {
  for (let i = 0; i < 3; i++) {
    await sendA(i);
    await sendB(i);
  }
  const a = [];
  const b = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    await sendA(i);
    a.push(performance.now() - t0);
    t0 = performance.now();
    await sendB(i);
    b.push(performance.now() - t0);
  }
  const summary = (ms) => {
    ms.sort((x, y) => x - y);
    return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
  };
  return { a: summary(a), b: summary(b) };
}

export function machine() {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${new Date().toISOString().slice(0, 10)}`;
}

/** The lists' rows of the request-path benchmarks: 2,000 logs and 200 notifications. */
export async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO logs (created_at, type, event_type, log_data)
       SELECT now() - i * interval '1 minute', 'general', 'tick', jsonb_build_object('message', 'event ' || i) FROM generate_series(1, 2000) i`,
    );
    await client.query(
      `INSERT INTO notifications (title, text_body, created_at)
       SELECT 'Notice ' || i, 'Body of notice ' || i, now() - i * interval '1 hour' FROM generate_series(1, 200) i`,
    );
  } finally {
    await client.end();
  }
}

async function main() {
  const api = await startBenchApi();
  try {
    await seed(api.databaseUrl);
    const routes = [
      ['GET users/current-user/', `${api.url}/users/current-user/`, AIMS.currentUserRps],
      ['GET logs/?page_size=20', `${api.url}/logs/?page_size=20`, AIMS.listRps],
      ['GET notifications/', `${api.url}/notifications/`, AIMS.listRps],
    ];
    const rows = [];
    for (const [name, url, aim] of routes) {
      const r = await load(url, { token: api.accessToken });
      rows.push({ name, aim, ...r });
      console.log(`  ${name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
    }
    const runs = Number(process.env.BENCH_LOGINS ?? 100);
    const login = await latency(runs, async () => {
      const res = await fetch(`${api.url}/users/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: api.email, password: api.password }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    });
    console.log(`  POST users/login/ (password step): p50 ${login.p50.toFixed(1)} ms, p95 ${login.p95.toFixed(1)} ms`);

    const mark = (ok) => (ok ? 'met' : 'MISSED');
    console.log(`\n${machine()}; API_WORKERS ${process.env.BENCH_API_WORKERS ?? 'default (one per CPU)'}; ${process.env.BENCH_CONNECTIONS ?? 16} connections, ${process.env.BENCH_DURATION ?? 10} s per route after 2 s of warm-up\n`);
    console.log('| Route | req/s | p50 | p99 | aim | |');
    console.log('|---|---:|---:|---:|---:|---|');
    for (const r of rows) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} ms | ${r.p99} ms | ≥ ${r.aim} req/s | ${mark(r.rps >= r.aim)} |`);
    console.log(`\n| Sign-in, password step (${runs} one at a time) | p50 | p95 | aim | |`);
    console.log('|---|---:|---:|---:|---|');
    console.log(`| POST users/login/ | ${login.p50.toFixed(1)} ms | ${login.p95.toFixed(1)} ms | p95 ≤ ${AIMS.loginP95Ms} ms | ${mark(login.p95 <= AIMS.loginP95Ms)} |`);
  } finally {
    await api.stop();
    await dropDatabase(ADMIN_URL, 'console_bench_http').catch(() => {});
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
