/**
 * The bundled paper engine, in-process, against a test app's database: every turn it beats its
 * heartbeat and carries out pending commands, as the engine process does between minutes. The market
 * stands still unless a test advances it, so a test sees only what its own commands did.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPool, MINUTE_MS, PaperEngine, redisLivePublisher } from '@console/engine/runtime';
import type { TestContext } from './harness';

/** How often the loop takes a turn: short enough for a test to wait little, cheap when idle (a few small queries). */
const TURN_MS = 50;

export interface TestEngine {
  /** Takes one turn now (after the one running, if any) and resolves when it is done. */
  runNow(): Promise<void>;
  /** Trades the model market's next `minutes` minutes, one transaction each. */
  advance(minutes: number): Promise<void>;
  /** Trades the market a minute at a time until `done` holds (a limit close waits for its price), at most `maxMinutes`. */
  advanceUntil(done: () => Promise<boolean>, maxMinutes?: number): Promise<void>;
  /** Runs `body` with the loop paused, so the commands it writes stay pending meanwhile. */
  held<T>(body: () => Promise<T>): Promise<T>;
  /** The name it holds commands under (engine_commands.lease_owner). */
  readonly instanceId: string;
  stop(): Promise<void>;
}

/** The engine's first minute: the last whole minute of the real clock (the engine trades on its own clock, not the app's). */
const lastWholeMinute = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;

/**
 * `live`: announce each commit's changes on the test app's live stream, as the engine process does.
 * `leaseMs`: how long its held commands' leases last (a second engine on the database takes them after).
 * `startAt`: the engine's first minute when a test's market is fixed in time (stored candles), else the clock's.
 */
export async function startEngine(ctx: TestContext, opts: { seed?: number; live?: boolean; leaseMs?: number; startAt?: number } = {}): Promise<TestEngine> {
  const pool = createPool(ctx.config.databaseUrl, () => undefined);
  const { config } = ctx;
  const live = opts.live
    ? redisLivePublisher({ url: config.redisUrl, prefix: config.redisPrefix, maxLength: config.liveStreamMaxLength, timeoutMs: config.enqueueTimeoutMs, warn: () => undefined })
    : undefined;
  // One name across reopenings (after a failed turn): the reopened engine goes on holding what it held.
  const instanceId = `test-engine-${randomUUID()}`;
  const open = () => PaperEngine.open(pool, { seed: opts.seed ?? 1, startAt: opts.startAt ?? lastWholeMinute(), live, instanceId, leaseMs: opts.leaseMs });
  let engine = await open();
  // A failed turn leaves the engine's memory ahead of the database: it is opened again, as a restarted
  // process would be, and the failure is thrown by stop() so the spec that caused it fails.
  let failure: unknown;
  let holds = 0;
  let stopping = false;
  // Turns run one after another: a turn asked for while one runs waits for it.
  let running: Promise<void> = Promise.resolve();
  const turn = (work: () => Promise<unknown>): Promise<void> => {
    const next = running.then(async () => {
      try {
        await work();
      } catch (error) {
        failure ??= error;
        engine = await open();
        throw error;
      }
    });
    running = next.catch(() => undefined);
    return next;
  };
  const beatAndRun = async () => {
    await engine.heartbeat();
    await engine.commands();
  };
  const loop = (async () => {
    while (!stopping) {
      if (!holds) await turn(beatAndRun).catch(() => undefined);
      await sleep(TURN_MS);
    }
  })();
  return {
    instanceId,
    runNow: () => turn(beatAndRun),
    advance: (minutes) => turn(() => engine.advance(engine.lastMinute + minutes * MINUTE_MS)),
    advanceUntil: async (done, maxMinutes = 240) => {
      for (let minute = 0; !(await done()); minute++) {
        if (minute >= maxMinutes) throw new Error(`not done after ${maxMinutes} market minutes`);
        await turn(() => engine.advance(engine.lastMinute + MINUTE_MS));
      }
    },
    held: async (body) => {
      holds++;
      // A turn already under way may still take a command written before the hold; none written after.
      await running;
      try {
        return await body();
      } finally {
        holds--;
      }
    },
    stop: async () => {
      stopping = true;
      await loop;
      await running;
      await pool.end();
      await live?.close();
      if (failure) throw failure;
    },
  };
}

/** A fresh engine heartbeat, so health (and the routes that need the engine up) see it running, without the loop. */
export async function beatEngine(ctx: TestContext): Promise<void> {
  const pool = createPool(ctx.config.databaseUrl, () => undefined);
  try {
    const engine = await PaperEngine.open(pool, { seed: 1, startAt: lastWholeMinute() });
    await engine.heartbeat();
  } finally {
    await pool.end();
  }
}
