// Runs the built API and worker as child processes. Needs installed dependencies and a build.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from './services.mjs';
import { log, ROOT } from './toolchain.mjs';

const API_DIR = join(ROOT, 'apps', 'api');

/** Token-signing and encryption keys: from the environment, else made once and kept in .data/secrets.env. */
export function loadOrCreateSecrets() {
  const file = join(DATA_DIR, 'secrets.env');
  const saved = existsSync(file)
    ? Object.fromEntries(readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => l.split('=', 2)))
    : {};
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

/** Starts the API and the worker; resolves once /health answers ok. */
export async function startApiAndWorker(env, { quiet = false } = {}) {
  const stdio = quiet ? 'ignore' : 'inherit';
  const api = spawn(process.execPath, [join(API_DIR, 'dist', 'main.js')], { env: { ...process.env, ...env }, stdio });
  const worker = spawn(process.execPath, [join(API_DIR, 'dist', 'worker.js')], { env: { ...process.env, ...env }, stdio });
  const children = [api, worker];
  const exited = new Promise((resolve) => children.forEach((c) => c.once('exit', (code) => resolve(code))));
  const url = `http://127.0.0.1:${env.PORT}/api/v2/health/`;
  const deadline = Date.now() + 60_000;
  let healthy = false;
  while (!healthy && Date.now() < deadline) {
    const early = await Promise.race([exited.then((code) => ({ code })), new Promise((r) => setTimeout(r, 300))]);
    if (early) throw new Error(`the API or the worker stopped while starting (exit ${early.code})`);
    healthy = await fetch(url).then((r) => r.ok, () => false);
  }
  if (!healthy) throw new Error(`the API did not become healthy at ${url}`);
  const stop = async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  };
  return { api, worker, exited, stop };
}
