// The engine conformance kit (scripts/engine-conformance): the bundled engine and the minimal stand-in
// engine keep every promise; an engine with a planted defect fails, with the promise it breaks named.
// Needs the build (the test command's first stage) and PostgreSQL and Redis as `npm start` finds them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PROMISES, runConformance } from './kit.mjs';

const MINIMAL = 'node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON scripts/engine-conformance/minimal-engine.mjs';
const BUNDLED = 'node apps/engine/dist/runtime/main.js';

const failedOf = (results) => results.filter((r) => !r.ok).map((r) => `${r.promise}: ${r.detail}`);

test('the bundled engine keeps every promise', async () => {
  const { results } = await runConformance({ engine: BUNDLED });
  assert.deepEqual(results.map((r) => r.promise), Object.values(PROMISES));
  assert.deepEqual(failedOf(results), []);
});

test('the minimal engine keeps every promise', async () => {
  const { results } = await runConformance({ engine: MINIMAL });
  assert.deepEqual(results.map((r) => r.promise), Object.values(PROMISES));
  assert.deepEqual(failedOf(results), []);
});

/** Runs the kit's part `only` on the minimal engine with `flag`: answers the promises it failed. */
async function plantedDefect(flag, only) {
  const { results } = await runConformance({ engine: `${MINIMAL} ${flag}`, only });
  return results.filter((r) => !r.ok).map((r) => r.promise);
}

describe('planted defects', () => {
  test('an engine that completes a command twice fails "each command done once"', async () => {
    assert.ok((await plantedDefect('--complete-twice', ['commands'])).includes(PROMISES.once));
  });

  test('an engine that ignores deposits fails "deposits as flows"', async () => {
    assert.deepEqual(await plantedDefect('--ignore-deposits', ['deposits']), [PROMISES.deposits]);
  });

  test('an engine that never beats fails "heartbeat and health"', async () => {
    assert.deepEqual(await plantedDefect('--no-heartbeat', []), [PROMISES.health]);
  });
});
