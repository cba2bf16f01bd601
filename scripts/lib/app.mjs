// Runs the built API, worker and paper engine as child processes. Needs installed dependencies and a build.
// ENGINE=external (contracts' ENGINE_MODES) runs no engine: a team's own engine takes its place.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DATA_DIR } from './services.mjs';
import { log, ROOT } from './toolchain.mjs';

const API_DIR = join(ROOT, 'apps', 'api');
const ENGINE_DIR = join(ROOT, 'apps', 'engine');

/** The worker's V8 flags, from the API's build (apps/api/src/node-flags.ts says why); read when started, after the build. */
export const workerNodeFlags = () => [...createRequire(import.meta.url)(join(API_DIR, 'dist', 'node-flags.js')).SERVICE_NODE_FLAGS];

/** Where `npm start` keeps the keys it made; a backup carries a copy, a restore puts one back. */
export const SECRETS_FILE = join(DATA_DIR, 'secrets.env');

/** The NAME=value lines of a secrets file (a value may hold `=`, as base64 does); {} when there is no file. */
export function readSecretsFile(file = SECRETS_FILE) {
  if (!existsSync(file)) return {};
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.includes('='));
  return Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf('=')).trim(), l.slice(l.indexOf('=') + 1).trim()]));
}

/** Token-signing and encryption keys: from the environment, else made once and kept in .data/secrets.env. */
export function loadOrCreateSecrets() {
  const file = SECRETS_FILE;
  const saved = readSecretsFile(file);
  const secrets = {
    JWT_SECRET: process.env.JWT_SECRET ?? saved.JWT_SECRET ?? randomBytes(48).toString('hex'),
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? saved.ENCRYPTION_KEY ?? randomBytes(32).toString('hex'),
  };
  if (!existsSync(file)) {
    mkdirSync(DATA_DIR, { recursive: true });
    writeFileSync(file, Object.entries(secrets).map(([k, v]) => `${k}=${v}`).join('\n') + '\n', { mode: 0o600 });
  }
  return secrets;
}

export function cli(env, args) {
  const res = spawnSync(process.execPath, [join(API_DIR, 'dist', 'cli.js'), ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`cli ${args[0]} failed: ${res.stderr || res.stdout}`);
  return res.stdout.trim();
}

export function migrate(env) {
  log(cli(env, ['migrate']));
}

/**
 * The paper engine in history mode (apps/engine's runtime/history.js): the last DEMO_HISTORY_DAYS days
 * (default 45) up to the last whole minute, or a catch-up from the engine's last minute on a database
 * it has traded. Its progress lines go to the terminal as they come.
 */
export function engineHistory(env) {
  const res = spawnSync(process.execPath, [join(ENGINE_DIR, 'dist', 'runtime', 'history.js')], { env: { ...process.env, ...env }, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`the engine's history run failed (${res.signal ?? `exit ${res.status}`})`);
}

/**
 * Who carries out the commands: `bundled` (apps/engine, the default) or `external` (a team's own engine,
 * started by the team). Read from ENGINE as the contracts define it; any other value stops the start.
 */
export function engineMode(env = process.env) {
  const { ENGINE_MODE_VARIABLE, ENGINE_MODES, ENGINE_MODE_DEFAULT } = createRequire(import.meta.url)(join(API_DIR, 'node_modules', '@console', 'contracts'));
  const value = (env[ENGINE_MODE_VARIABLE] ?? '').trim() || ENGINE_MODE_DEFAULT;
  if (!ENGINE_MODES.includes(value)) throw new Error(`${ENGINE_MODE_VARIABLE} must be one of ${ENGINE_MODES.join(', ')} (it is "${value}")`);
  return value;
}

/** Restart delays after a crash: 1 s, doubling up to 30 s; a process that ran a minute starts over at 1 s. */
const FIRST_RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;
const STABLE_AFTER_MS = 60_000;

/**
 * Runs one Node process and starts it again, with backoff, whenever it stops on its own. `stop()`
 * ends it for good. `current` is the running child (its pid changes with each restart).
 */
function supervise(name, script, env, stdio, nodeFlags = []) {
  let child;
  let stopped = false;
  let delay = FIRST_RESTART_DELAY_MS;
  let timer;
  const startOne = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, [...nodeFlags, script], { env, stdio });
    child.once('exit', (code, signal) => {
      if (stopped) return;
      if (Date.now() - startedAt >= STABLE_AFTER_MS) delay = FIRST_RESTART_DELAY_MS;
      log(`the ${name} stopped (${signal ?? `exit ${code}`}); starting it again in ${delay / 1000} s`);
      timer = setTimeout(startOne, delay);
      delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
    });
  };
  startOne();
  return {
    get current() {
      return child;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/**
 * Starts the API, the worker and the paper engine under supervision: a crashed one is started again while the others keep
 * running. All three get the same environment: the engine announces its commits on the API's live
 * stream with the same REDIS_URL and REDIS_PREFIX. Resolves once /health answers ok. A process that
 * fails before that is an error. With ENGINE=external no engine is started (`engine` is null) and the
 * start waits for everything but the engine: health says `engine: down` until the team's engine beats.
 * `patienceMs`: how long to wait for health (60 s unless told).
 */
export async function startApiAndWorker(env, { quiet = false, patienceMs = 60_000 } = {}) {
  const stdio = quiet ? 'ignore' : 'inherit';
  const childEnv = { ...process.env, ...env };
  const api = supervise('API', join(API_DIR, 'dist', 'main.js'), childEnv, stdio);
  const worker = supervise('worker', join(API_DIR, 'dist', 'worker.js'), childEnv, stdio, workerNodeFlags());
  const external = engineMode(childEnv) === 'external';
  const engine = external ? null : supervise('engine', join(ENGINE_DIR, 'dist', 'runtime', 'main.js'), childEnv, stdio);
  const named = [['API', api], ['worker', worker], ...(engine ? [['engine', engine]] : [])];
  const stop = () => Promise.all(named.map(([, p]) => p.stop())).then(() => undefined);
  const url = `http://127.0.0.1:${env.PORT}/api/v2/health/`;
  const deadline = Date.now() + patienceMs;
  let healthy = false;
  while (!healthy && Date.now() < deadline) {
    const failed = named.find(([, p]) => p.current.exitCode !== null);
    if (failed) {
      await stop();
      throw new Error(`the ${failed[0]} stopped while starting (exit ${failed[1].current.exitCode})`);
    }
    await new Promise((r) => setTimeout(r, 300));
    healthy = await fetch(url).then(
      async (r) => r.ok || (external && (await r.json().then((b) => b.database === 'up' && b.redis === 'up' && b.worker === 'up', () => false))),
      () => false,
    );
  }
  if (!healthy) {
    await stop();
    throw new Error(`the API did not become healthy at ${url}`);
  }
  return { api, worker, engine, stop };
}
