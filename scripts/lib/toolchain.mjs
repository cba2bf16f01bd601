// Node built-ins only, and nothing newer than Node 18 understands: this runs on whatever Node the
// machine has, before dependencies are installed, and brings the project's Node when that one is older.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
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

/** pnpm: the machine's when it has one, else the one the toolchain folder brings. */
export function ensurePnpm() {
  if (works('pnpm', ['--version'])) return ['pnpm'];
  log('pnpm is missing');
  installToolchain();
  return [join(TOOLCHAIN_BIN, 'pnpm')];
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

/** The project's runtime: Node 24 LTS. */
export const NODE_MAJOR = 24;
/** The pnpm major the toolchain folder brings when the machine has no pnpm. */
export const PNPM_MAJOR = 10;

/** A folder of the checkout that git ignores, holding Node 24 and pnpm from the npm registry. */
export const TOOLCHAIN_DIR = join(ROOT, '.toolchain');
const TOOLCHAIN_BIN = join(TOOLCHAIN_DIR, 'node_modules', '.bin');
const NPM_NODE = join(TOOLCHAIN_DIR, 'node_modules', 'node', 'bin', 'node');
// The project's Node runs from a hard link of its own, outside node_modules: the `node` package's
// install unlinks and relinks its bin/node, so a process spawned from that path during any later npm
// run in .toolchain/ (or a child spawned from a parent's execPath, as test runners do) could find it
// missing. The link keeps the binary at a path npm never touches.
const NODE_DIR = join(TOOLCHAIN_DIR, 'bin');
const TOOLCHAIN_NODE = join(NODE_DIR, 'node');

function majorOf(nodeBinary) {
  const res = spawnSync(nodeBinary, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return res.status === 0 ? Number(res.stdout.trim().split('.')[0]) : 0;
}

/**
 * Installs Node 24 and pnpm into .toolchain/ with the machine's npm. The registry's `node` package
 * at a major brings that Node's binary for this platform; nothing comes from any other host.
 */
export function installToolchain() {
  if (existsSync(TOOLCHAIN_NODE) && majorOf(TOOLCHAIN_NODE) === NODE_MAJOR && existsSync(join(TOOLCHAIN_BIN, 'pnpm'))) return;
  log(`fetching Node ${NODE_MAJOR} and pnpm ${PNPM_MAJOR} from the npm registry into .toolchain/`);
  mkdirSync(TOOLCHAIN_DIR, { recursive: true });
  writeFileSync(
    join(TOOLCHAIN_DIR, 'package.json'),
    JSON.stringify({ private: true, description: 'Node and pnpm for this checkout (scripts/lib/runtime.mjs)', dependencies: { node: `^${NODE_MAJOR}`, pnpm: `^${PNPM_MAJOR}` } }, null, 2) + '\n',
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const res = spawnSync(npm, ['install', '--prefix', TOOLCHAIN_DIR, '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit' });
  if (res.status === 0 && existsSync(NPM_NODE)) {
    mkdirSync(NODE_DIR, { recursive: true });
    rmSync(TOOLCHAIN_NODE, { force: true });
    linkSync(NPM_NODE, TOOLCHAIN_NODE);
  }
  if (res.status !== 0 || majorOf(TOOLCHAIN_NODE) !== NODE_MAJOR) {
    fail(`could not install Node ${NODE_MAJOR} into .toolchain/ (npm install exited with ${res.status}). Install Node ${NODE_MAJOR} yourself and run the command again.`);
  }
}

/**
 * Makes sure the calling script runs on Node 24 or newer. On an older Node it installs the toolchain
 * and runs the same script again with it (its bin folder first on PATH, so pnpm and every child
 * process get Node 24 too), then exits with that run's code. Resolves only on a new enough Node.
 */
export async function runOnProjectNode() {
  if (Number(process.versions.node.split('.')[0]) >= NODE_MAJOR) return;
  log(`this Node is ${process.versions.node}; the project runs on Node ${NODE_MAJOR}`);
  installToolchain();
  const child = spawn(TOOLCHAIN_NODE, [process.argv[1], ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: [NODE_DIR, TOOLCHAIN_BIN, process.env.PATH ?? ''].join(delimiter) },
  });
  // Ctrl-C reaches the child through the terminal's process group; a SIGTERM sent to this process
  // alone is passed on. Either way this process waits for the child and exits as it does.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  const code = await new Promise((resolve) => child.once('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  process.exit(code);
}
