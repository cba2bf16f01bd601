// Node built-ins only: this runs before dependencies are installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function log(message) {
  console.log(`\x1b[36m▸\x1b[0m ${message}`);
}

export function fail(message) {
  console.error(`\x1b[31m✗ ${message}\x1b[0m`);
  process.exit(1);
}

/** Runs a command in the project root, streaming its output; stops the script when it fails. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  if (res.status !== 0 && !opts.allowFailure) fail(`${[cmd, ...args].join(' ')} exited with ${res.status ?? res.signal}`);
  return res.status === 0;
}

function works(cmd, args) {
  return spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
}

/** pnpm, installed through npm when missing; falls back to npx where a global install is not allowed. */
export function ensurePnpm() {
  if (works('pnpm', ['--version'])) return ['pnpm'];
  log('pnpm is missing: installing it with npm');
  if (works('npm', ['install', '-g', 'pnpm@10']) && works('pnpm', ['--version'])) return ['pnpm'];
  log('a global install was not possible: using npx pnpm@10');
  return ['npx', '--yes', 'pnpm@10'];
}

export function pnpm(pnpmCmd, args, opts) {
  return run(pnpmCmd[0], [...pnpmCmd.slice(1), ...args], opts);
}

/** Installs dependencies when the lockfile changed since the last install. */
export function installDependencies(pnpmCmd) {
  const marker = join(ROOT, 'node_modules', '.modules.yaml');
  const lock = join(ROOT, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs && !process.env.CI) {
    log('dependencies are up to date');
    return;
  }
  log('installing dependencies');
  pnpm(pnpmCmd, ['install', '--frozen-lockfile']);
}
