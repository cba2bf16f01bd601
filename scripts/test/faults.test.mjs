// The faults-under-load run, short and slow: 30 s at 10 requests/s with its four faults (an API process,
// the worker and the engine killed, the database's connections cut), then its checks of what the
// database holds. Nothing in it is timed: the script exits non-zero only when a command was applied
// twice, an export stuck, a message lost or sent twice, or an engine action unanswered after its retries.
// Needs the build and PostgreSQL and Redis as `npm start` finds them.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/toolchain.mjs';

test('faults under a short load lose and duplicate nothing', { timeout: 15 * 60_000 }, async () => {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/load/faults.mjs')], {
    env: {
      ...process.env,
      FAULTS_RATE: '10',
      FAULTS_DURATION_S: '30',
      FAULTS_HISTORY_DAYS: '2',
      FAULTS_SETTLE_S: '180',
      FAULTS_PORT: String(3800 + Math.floor(Math.random() * 90)),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once('exit', (c) => resolve(c)));
  const checks = output.split('\n').filter((line) => /^\| [a-zA-Z]/.test(line) && / \| (ok|FAIL \(\d+\)) \| /.test(line));
  assert.ok(checks.length >= 10, `the summary table was printed:\n${output.slice(-3000)}`);
  assert.deepEqual(checks.filter((line) => line.includes('| FAIL')), [], output.slice(-3000));
  assert.equal(code, 0, output.slice(-3000));
});
