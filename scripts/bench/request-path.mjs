// The API's request path as a share of a floor: the bench API (startBenchApi, the production cluster) and
// the floor server (floor-server.mjs: bare node:http + pg, the same token check, statements and JSON) on
// one database, the same number of processes each. First both must answer the same JSON for every route
// (the run stops otherwise); then autocannon drives each route, API and floor alternating, for a few
// rounds, and the script prints req/s, p50 and p99 of each, the share API/floor, and the load average.
//
//   pnpm run build && node scripts/bench/request-path.mjs
//   BENCH_DURATION=10 (seconds a run), BENCH_ROUNDS=3, BENCH_CONNECTIONS=16, BENCH_API_WORKERS (both
//   sides' processes; default one per CPU), BENCH_PORT (the API; the floor takes the next port),
//   BENCH_API_ADAPTER=express (the only one the API has; nest-adapters.mjs measures Fastify against Express in a
//   small Nest app), BENCH_ROUTES=current-user,logs
//   (the routes whose name contains one of these; default all). To see where each side's time goes:
//   BENCH_API_NODE_OPTIONS / BENCH_FLOOR_NODE_OPTIONS (each side's NODE_OPTIONS, e.g. `--cpu-prof
//   --cpu-prof-dir=/tmp/prof-api`), then `node scripts/bench/cpu-profile.mjs /tmp/prof-api`.
import { spawn } from 'node:child_process';
import { createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase } from '../lib/services.mjs';
import { ROOT } from '../lib/toolchain.mjs';
import { AIMS, machine, seed, startBenchApi } from './http.mjs';

const requireFromRoot = createRequire(join(ROOT, 'package.json'));
const autocannon = requireFromRoot('autocannon');
const pg = requireFromRoot('pg');

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'console_bench_floor';
/** The API should reach this share of the floor's req/s on every route (issue 12). */
export const FLOOR_SHARE_AIM = 0.6;

/** The routes, as paths under the API's prefix, with the aim for the API's req/s. */
export const ROUTES = [
  { name: 'GET users/current-user/', path: '/users/current-user/', aim: AIMS.currentUserRps },
  { name: 'GET logs/?page_size=20', path: '/logs/?page_size=20', aim: AIMS.listRps },
  { name: 'GET notifications/?page_size=20', path: '/notifications/?page_size=20', aim: AIMS.listRps },
];

/**
 * Starts the floor server on `port` with `env` (DATABASE_URL, JWT_SECRET, PUBLIC_URL, FLOOR_PROCESSES);
 * resolves once every process listens to { url, pid, stop }.
 */
export async function startFloor({ port, env, timeoutMs = 30_000 }) {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/bench/floor-server.mjs')], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk;
  };
  child.stderr.on('data', collect);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`the floor did not listen within ${timeoutMs / 1000} s`), timeoutMs);
    const fail = (message) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(new Error(`${message}\n${output}`));
    };
    child.stdout.on('data', (chunk) => {
      collect(chunk);
      if (output.includes('floor listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => fail(`the floor stopped while starting (${signal ?? `exit ${code}`})`));
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A page link's cursor is sealed with a random IV, so two right answers differ there: each cursor is
 * replaced by its plaintext (opened with the key both sides derive from JWT_SECRET) before comparing.
 */
function openCursors(text, jwtSecret) {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, '', 'list-cursor', 32));
  return text.replace(/([?&]cursor=)([A-Za-z0-9_-]+)/g, (whole, prefix, sealed) => {
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      return `${prefix}<${plain.replaceAll('"', "'")}>`;
    } catch {
      return `${prefix}<unreadable ${sealed}>`;
    }
  });
}

async function answerOf(url, token) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/**
 * Asks both sides each route and throws unless they answer 200 with the same JSON, byte for byte (the
 * sealed cursors opened). Answers the API's bodies by route name.
 */
export async function checkSameAnswers({ apiUrl, floorUrl, token, jwtSecret, routes = ROUTES }) {
  const bodies = {};
  for (const route of routes) {
    const [api, floor] = await Promise.all([answerOf(`${apiUrl}${route.path}`, token), answerOf(`${floorUrl}${route.path}`, token)]);
    const apiText = openCursors(api.text, jwtSecret);
    const floorText = openCursors(floor.text, jwtSecret);
    const problems = [];
    if (api.status !== 200) problems.push(`the API answered ${api.status}`);
    if (floor.status !== 200) problems.push(`the floor answered ${floor.status}`);
    if (api.type !== floor.type) problems.push(`content-type ${api.type} (API) against ${floor.type} (floor)`);
    if (apiText !== floorText) {
      const at = [...apiText].findIndex((ch, i) => ch !== floorText[i]);
      const from = Math.max(0, (at < 0 ? Math.min(apiText.length, floorText.length) : at) - 80);
      problems.push(`bodies differ from character ${at < 0 ? Math.min(apiText.length, floorText.length) : at}:\n  API:   …${apiText.slice(from, from + 200)}\n  floor: …${floorText.slice(from, from + 200)}`);
    }
    if (problems.length) throw new Error(`${route.name}: the API and the floor do not answer alike: ${problems.join('; ')}`);
    bodies[route.name] = api.text;
  }
  return bodies;
}

/** One measured run of `url`: autocannon at `connections` for `duration` s; any failed request stops the benchmark. */
export async function measure(url, token, { connections, duration }) {
  const result = await autocannon({ url, connections, duration, headers: { authorization: `Bearer ${token}` } });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`${url}: ${failed} of ${result.requests.total} requests failed (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
const thousands = (n) => Math.round(n).toLocaleString('en-US');

/** The routes BENCH_ROUTES names (a comma list of parts of their names), else all. */
function chosenRoutes(filter = process.env.BENCH_ROUTES) {
  if (!filter) return ROUTES;
  const parts = filter.split(',').map((part) => part.trim()).filter(Boolean);
  const routes = ROUTES.filter((route) => parts.some((part) => route.name.includes(part)));
  if (!routes.length) throw new Error(`BENCH_ROUTES=${filter} names none of: ${ROUTES.map((r) => r.name).join(', ')}`);
  return routes;
}

/** A side's NODE_OPTIONS from the bench's environment, if given. */
const nodeOptions = (name) => (process.env[name] ? { NODE_OPTIONS: process.env[name] } : {});

async function main() {
  const routes = chosenRoutes();
  const adapter = process.env.BENCH_API_ADAPTER ?? 'express';
  if (adapter !== 'express') {
    // The place for a Fastify run: the API would need a switch between Nest's Express and Fastify adapters.
    throw new Error(`BENCH_API_ADAPTER=${adapter}: the API has no adapter switch yet; only express can be measured`);
  }
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
  const processes = Number(process.env.BENCH_API_WORKERS ?? availableParallelism());
  const apiPort = Number(process.env.BENCH_PORT ?? 3990);
  const floorPort = apiPort + 1;
  const jwtSecret = randomBytes(48).toString('hex');
  // The API's page links start with PUBLIC_URL; the floor is given the same one, so the links are the same text.
  const publicUrl = `http://localhost:${apiPort}`;

  const loadBefore = load();
  const api = await startBenchApi({ database: DATABASE, port: apiPort, env: { JWT_SECRET: jwtSecret, PUBLIC_URL: publicUrl, API_WORKERS: String(processes), ...nodeOptions('BENCH_API_NODE_OPTIONS') } });
  let floor;
  try {
    await seed(api.databaseUrl);
    // The logs page past its count's cap answers the planner's estimate: fresh statistics now, so an
    // automatic ANALYZE between the API's answer and the floor's cannot change it.
    const client = new pg.Client({ connectionString: api.databaseUrl });
    await client.connect();
    await client.query('ANALYZE logs, notifications').finally(() => client.end());
    floor = await startFloor({ port: floorPort, env: { DATABASE_URL: api.databaseUrl, JWT_SECRET: jwtSecret, PUBLIC_URL: publicUrl, FLOOR_PROCESSES: String(processes), ...nodeOptions('BENCH_FLOOR_NODE_OPTIONS') } });
    const sides = { API: api.url, floor: floor.url };

    await checkSameAnswers({ apiUrl: api.url, floorUrl: floor.url, token: api.accessToken, jwtSecret, routes });
    console.log(`  same JSON from the API and the floor on ${routes.length} routes`);

    // Warm-up (JIT, pools, caches), then API and floor alternate within each round, route by route.
    for (const route of routes) for (const url of Object.values(sides)) await measure(`${url}${route.path}`, api.accessToken, { connections, duration: 2 });
    const runs = Object.fromEntries(routes.map((r) => [r.name, { API: [], floor: [] }]));
    for (let round = 1; round <= rounds; round++) {
      for (const route of routes) {
        for (const [side, url] of Object.entries(sides)) {
          const r = await measure(`${url}${route.path}`, api.accessToken, { connections, duration });
          runs[route.name][side].push(r);
          console.log(`  round ${round} ${route.name} ${side}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (load ${loadavg()[0].toFixed(2)})`);
        }
      }
    }
    const loadAfter = load();

    console.log(
      `\n${machine()}; API: Nest on ${adapter}, ${processes} processes (cluster); floor: node:http + pg, ${processes} processes (cluster); ` +
        `${connections} connections, ${rounds} rounds of ${duration} s per route and side, alternating, after 2 s of warm-up each`,
    );
    console.log(`load average (1 / 5 / 15 min): before ${loadBefore}, after ${loadAfter}\n`);
    console.log('req/s: mean of the rounds; p50, p99: median of the rounds\n');
    console.log('| Route | API req/s | API p50 | API p99 | floor req/s | floor p50 | floor p99 | API/floor | share aim | req/s aim |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
    const mark = (ok) => (ok ? 'met' : 'MISSED');
    for (const route of routes) {
      const a = runs[route.name].API;
      const f = runs[route.name].floor;
      const apiRps = mean(a.map((r) => r.rps));
      const floorRps = mean(f.map((r) => r.rps));
      const share = apiRps / floorRps;
      console.log(
        `| ${route.name} | ${thousands(apiRps)} | ${median(a.map((r) => r.p50))} ms | ${median(a.map((r) => r.p99))} ms | ` +
          `${thousands(floorRps)} | ${median(f.map((r) => r.p50))} ms | ${median(f.map((r) => r.p99))} ms | ${(share * 100).toFixed(0)} % | ` +
          `≥ ${FLOOR_SHARE_AIM * 100} %: ${mark(share >= FLOOR_SHARE_AIM)} | ≥ ${thousands(route.aim)}: ${mark(apiRps >= route.aim)} |`,
      );
    }
    console.log('\n| Route | API on Fastify req/s | API on Fastify/floor |');
    console.log('|---|---:|---:|');
    for (const route of routes) console.log(`| ${route.name} | not measured here: the API has no adapter switch; nest-adapters.mjs measures the adapters alone | — |`);
  } finally {
    await floor?.stop();
    await api.stop();
    await dropDatabase(ADMIN_URL, DATABASE).catch(() => {});
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
