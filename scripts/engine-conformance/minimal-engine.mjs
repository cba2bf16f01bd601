#!/usr/bin/env node
// The minimal stand-in engine (apps/api/src/test/minimal-engine.ts, plain SQL written from
// docs/engine-protocol.md) as a process, so the conformance kit can start it like a team's engine:
//   node scripts/engine-conformance/minimal-engine.mjs [--complete-twice] [--ignore-deposits] [--no-heartbeat] [--reduce-to] [--skip-both]
// The flags plant a defect each, for the kit's own test. It reads DATABASE_URL, REDIS_URL, REDIS_PREFIX,
// ENGINE_MINUTE_MS and ENGINE_CATCH_UP_MINUTES as the bundled engine does; it beats, takes commands and
// renews its leases every turn, writes one metrics row per account each market minute, and announces each
// settled command on the live stream after its commit. Node strips the module's types (Node 24).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../lib/toolchain.mjs';

const requireFromApi = createRequire(join(ROOT, 'apps', 'api', 'package.json'));
const contracts = requireFromApi('@console/contracts');
const Redis = requireFromApi('ioredis');
const { MinimalEngine } = await import(pathToFileURL(join(ROOT, 'apps', 'api', 'src', 'test', 'minimal-engine.ts')).href);

const flags = new Set(process.argv.slice(2));
const known = ['--complete-twice', '--ignore-deposits', '--no-heartbeat', '--reduce-to', '--skip-both'];
for (const flag of flags) if (!known.includes(flag)) throw new Error(`unknown flag ${flag} (known: ${known.join(', ')})`);
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is required');

const TURN_MS = 200;
const MINUTE_MS = 60_000;
const minuteMs = Number(process.env.ENGINE_MINUTE_MS ?? MINUTE_MS);
const catchUpMinutes = Number(process.env.ENGINE_CATCH_UP_MINUTES ?? (minuteMs < MINUTE_MS ? 1440 : 0));

const engine = new MinimalEngine(process.env.DATABASE_URL, {
  defects: {
    completeTwice: flags.has('--complete-twice'),
    ignoreDeposits: flags.has('--ignore-deposits'),
    reduceTo: flags.has('--reduce-to'),
    skipBoth: flags.has('--skip-both'),
  },
});
const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true }) : null;
const streamKey = contracts.liveStreamKey(process.env.REDIS_PREFIX ?? contracts.LIVE_STREAM_DEFAULTS.redisPrefix);
const maxLength = Number(process.env.LIVE_STREAM_MAX_LENGTH ?? contracts.LIVE_STREAM_DEFAULTS.maxLength);

/** After the commit: each settled command's two entries (its target's and engine-commands'). */
async function announce(settled) {
  if (!redis || !settled.length) return;
  const pipeline = redis.pipeline();
  for (const command of settled) {
    for (const change of contracts.commandChanges(command.id, command.kind, command.targetId, command.stage)) {
      pipeline.xadd(streamKey, 'MAXLEN', '~', maxLength, '*', contracts.CHANGE_FIELD, contracts.encodeChange(change));
    }
  }
  // A lost event costs a console a refetch; the database is the record.
  await Promise.race([pipeline.exec(), new Promise((resolve) => setTimeout(resolve, 1000))]).catch(() => undefined);
}

// A fresh database starts the catch-up back in the past; a restart goes on after the last minute written.
const written = await engine.lastMetricsMinute();
let minute = Math.max(Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - catchUpMinutes * MINUTE_MS, written === null ? 0 : written + MINUTE_MS);
let nextMinuteAt = Date.now();
let stopping = false;
const stop = () => (stopping = true);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
if (redis) await redis.connect().catch(() => undefined);

while (!stopping) {
  try {
    if (!flags.has('--no-heartbeat')) await engine.beat();
    await engine.renewLeases();
    // No market: a close at market fills at the position's current price.
    await engine.takeCommands(undefined);
    await announce(engine.settled);
    if (Date.now() >= nextMinuteAt) {
      // A minute another copy has written is not written again (§2.5): this copy goes on after it, so a
      // row it rewrote could not carry a later deposit into a minute already judged.
      const newest = await engine.lastMetricsMinute();
      if (newest !== null && newest >= minute) minute = newest + MINUTE_MS;
      if (minute + MINUTE_MS <= Date.now()) {
        await engine.writeMetrics(new Date(minute));
        minute += MINUTE_MS;
        nextMinuteAt += minuteMs;
      }
    }
  } catch (error) {
    console.error(JSON.stringify({ service: 'minimal-engine', level: 'error', msg: String(error?.message ?? error) }));
  }
  await new Promise((resolve) => setTimeout(resolve, TURN_MS));
}
await engine.close();
redis?.disconnect();
