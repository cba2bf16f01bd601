#!/usr/bin/env node
// `npm run engine:conformance -- --engine "<command that starts your engine>"`: checks an engine against
// docs/engine-protocol.md ("Conformance kit"). One pass/fail line per promise; exit 1 on any failure.
// Needs the build (pnpm run build) and PostgreSQL and Redis as `npm start` finds them.
import { runConformance } from './kit.mjs';

const at = process.argv.indexOf('--engine');
const engine = at > 0 ? process.argv[at + 1] : undefined;
if (!engine) {
  console.error('usage: npm run engine:conformance -- --engine "<command that starts your engine>"');
  process.exit(2);
}
const started = Date.now();
try {
  const { results, engineOutput } = await runConformance({
    engine,
    onResult: ({ promise, ok, detail }) => console.log(`${ok ? 'pass' : 'FAIL'}  ${promise}${detail ? `: ${detail}` : ''}  (${((Date.now() - started) / 1000).toFixed(1)} s)`),
  });
  const failed = results.filter((r) => !r.ok).length;
  if (failed && engineOutput.trim()) console.log(`\nthe engine's output (last lines):\n${engineOutput.trim().split('\n').slice(-20).join('\n')}`);
  console.log(failed ? `\n${failed} of ${results.length} promises failed` : `\nall ${results.length} promises kept`);
  process.exit(failed ? 1 : 0);
} catch (error) {
  console.log(`FAIL  the kit could not finish: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
