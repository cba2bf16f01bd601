// The API's production entry as a cluster: with API_WORKERS=2 two processes answer on one port, and one
// that dies is replaced. Needs the build and PostgreSQL and Redis as `npm start` finds them.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { migrate, workerNodeFlags } from '../lib/app.mjs';
import { ROOT } from '../lib/toolchain.mjs';
import { pause, scratchServices, stopChild } from './scratch.mjs';

const port = 3950 + Math.floor(Math.random() * 40);
const metricsPort = port + 1000;
let services;
let primary;
let env;
/** The pid of the process that logged each request, in the order the log lines came. */
const answeredBy = [];

before(async () => {
  services = await scratchServices('console_cluster');
  env = {
    DATABASE_URL: services.postgres.url,
    REDIS_URL: services.redis.url,
    PORT: String(port),
    JWT_SECRET: randomBytes(48).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    CAPTCHA_PROVIDER: 'off',
    REDIS_PREFIX: `cluster-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'info',
    API_WORKERS: '2',
    METRICS_PORT: String(metricsPort),
  };
  migrate(env);
  primary = spawn(process.execPath, [join(ROOT, 'apps/api/dist/main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let buffered = '';
  primary.stdout.on('data', (chunk) => {
    const lines = (buffered + chunk).split('\n');
    buffered = lines.pop();
    for (const line of lines) {
      try {
        const entry = JSON.parse(line);
        if (entry.req && entry.res) answeredBy.push(entry.pid);
      } catch {
        // Not a JSON line (Nest's banner): not a request.
      }
    }
  });
  for (let i = 0; i < 200 && (await status().catch(() => 0)) !== 401; i++) await pause(200);
});

after(async () => {
  await stopChild(primary);
  await services?.stop();
});

/**
 * One request on a connection of its own (a kept-alive connection would stay with one process); its
 * status, or 0 when it failed or took over 5 s (a connection handed to a process as it was killed).
 */
function status() {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/v2/users/current-user/', agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** The distinct pids that logged the next `n` answered requests. */
async function processesAnswering(n) {
  const from = answeredBy.length;
  let answered = 0;
  for (let i = 0; i < n; i++) if ((await status()) === 401) answered += 1;
  for (let i = 0; i < 50 && answeredBy.length < from + answered; i++) await pause(100);
  return new Set(answeredBy.slice(from));
}

/**
 * The pids that answered the first batch of 10 requests in which two processes answered, without
 * `gone`; processes still starting (a loaded machine) get up to a minute.
 */
async function untilTwoAnswer(gone) {
  const deadline = Date.now() + 60_000;
  let pids = new Set();
  while (Date.now() < deadline) {
    pids = await processesAnswering(10);
    if (pids.size === 2 && !pids.has(gone)) return pids;
    await pause(300);
  }
  assert.fail(`two processes did not answer (the last ones: ${[...pids].join(', ')})`);
}

test('two processes answer, neither of them the primary', async () => {
  const pids = await untilTwoAnswer();
  assert.ok(!pids.has(primary.pid));
});

test('the primary serves the metrics of every process on its metrics port', async () => {
  await untilTwoAnswer();
  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  assert.equal(res.status, 200);
  const text = await res.text();
  const served = /console_http_request_duration_seconds_count\{method="GET",route="\/api\/v2\/users\/current-user",status="401"\} (\d+)/.exec(text);
  assert.ok(served, 'the route histogram is there, under its route pattern');
  // untilTwoAnswer sent at least 10 requests, answered by both processes.
  assert.ok(Number(served[1]) >= 10, `counted ${served[1]} requests`);
});

/** The command line a running process was started with. */
const commandLine = (pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

test('the HTTP processes run with the service V8 flags, and every launcher of the worker passes the same', async () => {
  const { SERVICE_NODE_FLAGS } = await import(join(ROOT, 'apps/api/dist/node-flags.js'));
  for (const pid of await untilTwoAnswer()) {
    const args = commandLine(pid);
    for (const flag of SERVICE_NODE_FLAGS) assert.ok(args.includes(flag), `process ${pid} runs ${args.join(' ')}, without ${flag}`);
  }
  assert.deepEqual(workerNodeFlags(), [...SERVICE_NODE_FLAGS]);
  const workerScript = JSON.parse(readFileSync(join(ROOT, 'apps/api/package.json'), 'utf8')).scripts.worker;
  assert.equal(workerScript, `node ${SERVICE_NODE_FLAGS.join(' ')} dist/worker.js`);
  const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
  assert.ok(compose.includes(`command: ["node", ${SERVICE_NODE_FLAGS.map((f) => `"${f}"`).join(', ')}, "apps/api/dist/worker.js"]`), 'docker-compose.yml starts the worker with the same flags');
});

/** The environment a running process was started with. */
const environment = (pid) => Object.fromEntries(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean).map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]));

test('the HTTP processes run with the service malloc setting; an operator\'s own glibc settings are kept and their threshold wins', async () => {
  const { SERVICE_MALLOC_TUNABLE, withServiceMallocTunable } = await import(join(ROOT, 'apps/api/dist/node-flags.js'));
  for (const pid of await untilTwoAnswer()) assert.equal(environment(pid).GLIBC_TUNABLES, SERVICE_MALLOC_TUNABLE, `process ${pid}`);
  assert.equal(withServiceMallocTunable('glibc.malloc.arena_max=2'), `glibc.malloc.arena_max=2:${SERVICE_MALLOC_TUNABLE}`);
  assert.equal(withServiceMallocTunable('glibc.malloc.mmap_threshold=65536'), 'glibc.malloc.mmap_threshold=65536');
});

test('an operator\'s own V8 flag wins over the service default', async () => {
  const { withServiceNodeFlags } = await import(join(ROOT, 'apps/api/dist/node-flags.js'));
  assert.deepEqual(withServiceNodeFlags(['--max-old-space-size=2048'], ''), ['--max-semi-space-size=8', '--max-old-space-size=2048']);
  assert.deepEqual(withServiceNodeFlags([], '--max_semi_space_size=32'), ['--max-old-space-size=1024']);
});

test('a killed API process is replaced and two processes answer again', async () => {
  const [victim, survivor] = await untilTwoAnswer();
  process.kill(victim, 'SIGKILL');
  const pids = await untilTwoAnswer(victim);
  assert.ok(pids.has(survivor), 'the other process kept answering');
});

test('a cluster whose processes cannot start stops with an error, as the single process did', async () => {
  const taken = createServer();
  await new Promise((r) => taken.listen(0, '0.0.0.0', r));
  try {
    const child = spawn(process.execPath, [join(ROOT, 'apps/api/dist/main.js')], {
      env: { ...process.env, ...env, PORT: String(taken.address().port), METRICS_PORT: '0' },
      stdio: 'ignore',
    });
    const exited = new Promise((r) => child.once('exit', (code) => r(code)));
    const code = await Promise.race([exited, pause(60_000).then(() => 'still running')]);
    if (code === 'still running') child.kill('SIGKILL');
    assert.notEqual(code, 'still running');
    assert.notEqual(code, 0);
  } finally {
    taken.close();
  }
});
