// The engine conformance kit (scripts/engine-conformance): the bundled engine and the minimal stand-in
// engine keep every promise; an engine with a planted defect fails, with the promise it breaks named.
// One console (database, API, worker) serves every engine in turn: each check picks targets the earlier
// ones left alone, and the kit clears the previous engine's heartbeat and metrics rows before the next.
// Needs the build (the test command's first stage) and PostgreSQL and Redis as `npm start` finds them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkEngine, PROMISES, startConsole } from './kit.mjs';

const MINIMAL = 'node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON scripts/engine-conformance/minimal-engine.mjs';
const BUNDLED = 'node apps/engine/dist/runtime/main.js';

const failedOf = (results) => results.filter((r) => !r.ok).map((r) => `${r.promise}: ${r.detail}`);

describe('the conformance kit, on one console', () => {
  let console;
  before(async () => {
    console = await startConsole();
  });
  after(() => console?.stop());

  test('the bundled engine keeps every promise', async () => {
    const { results } = await checkEngine(console, { engine: BUNDLED });
    assert.deepEqual(results.map((r) => r.promise), Object.values(PROMISES));
    assert.deepEqual(failedOf(results), []);
  });

  test('the minimal engine keeps every promise', async () => {
    const { results } = await checkEngine(console, { engine: MINIMAL });
    assert.deepEqual(results.map((r) => r.promise), Object.values(PROMISES));
    assert.deepEqual(failedOf(results), []);
  });

  /** Runs the kit's part `only` on the minimal engine with `flag`: answers the promises it failed. */
  async function plantedDefect(flag, only) {
    const { results } = await checkEngine(console, { engine: `${MINIMAL} ${flag}`, only });
    return results.filter((r) => !r.ok).map((r) => r.promise);
  }

  describe('planted defects', () => {
    test('an engine that never beats fails "heartbeat and health"', async () => {
      assert.deepEqual(await plantedDefect('--no-heartbeat', []), [PROMISES.health]);
    });

    test('an engine that completes a command twice fails "each command done once"', async () => {
      assert.ok((await plantedDefect('--complete-twice', ['commands'])).includes(PROMISES.once));
    });

    test('an engine that ignores deposits fails "deposits as flows"', async () => {
      assert.deepEqual(await plantedDefect('--ignore-deposits', ['deposits']), [PROMISES.deposits]);
    });

    test('an engine that reduces to the percent instead of by it fails "reduce a position"', async () => {
      assert.deepEqual(await plantedDefect('--reduce-to', ['reduce']), [PROMISES.reduce]);
    });

    test('an engine that sets both skip checks when one is asked fails "skip checks"', async () => {
      assert.deepEqual(await plantedDefect('--skip-both', ['skipChecks']), [PROMISES.skipChecks]);
    });
  });
});
