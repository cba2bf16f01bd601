#!/usr/bin/env node
// `npm test`: lint, typecheck, unit and integration tests (real PostgreSQL and Redis), browser tests
// (Playwright driving Chromium against the built app). Stops at the first failing stage.
import { existsSync } from 'node:fs';
import { ensurePnpm, fail, installDependencies, log, pnpm, runOnProjectNode } from './lib/toolchain.mjs';

await runOnProjectNode();
log(`Node ${process.versions.node}`);

const started = Date.now();
const pnpmCmd = ensurePnpm();
installDependencies(pnpmCmd);

const stages = [
  ['build', ['run', 'build']],
  ['first screen weight (login at most 170 KB gzipped)', ['--filter', '@console/web', 'run', 'check:first-route']],
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['unit and integration tests', ['-r', '--workspace-concurrency=1', 'run', 'test']],
  ['start command tests', ['run', 'test:scripts']],
  // 30 s of the mixed workload at 20 requests/s: any 5xx or error, or memory growing past a bound, fails.
  ['load smoke', ['run', 'load:smoke']],
  ['browser tests', ['--filter', '@console/web', 'run', 'test:e2e']],
];

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
for (const [name, args] of stages) {
  if (name === 'browser tests' && !existsSync(chromium)) {
    fail(`Chromium is needed for the browser tests and was not found at ${chromium}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  log(name);
  const stageStarted = Date.now();
  const passed = pnpm(pnpmCmd, args, { allowFailure: true });
  // Each stage's time, so a slow CI run says where its minutes went.
  log(`${name}: ${passed ? 'passed' : 'failed'} in ${Math.round((Date.now() - stageStarted) / 1000)} s`);
  if (!passed) {
    // A runner that could not start a process on this Node says only ENOENT: say whether it is still there.
    if (!existsSync(process.execPath)) log(`this run's Node binary, ${process.execPath}, is gone: something removed it during the run`);
    fail(`${name} failed`);
  }
}
log(`all stages passed in ${Math.round((Date.now() - started) / 1000)} s`);
