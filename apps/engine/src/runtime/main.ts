/**
 * The engine process in live mode: every turn it beats its heartbeat, carries out pending commands
 * and trades the minutes its market clock has completed (see clock.ts). SIGTERM lets the current
 * transaction finish.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { MINUTE_MS } from '../market/candle';
import { firstMinute, marketMinute, readClockSettings } from './clock';
import { createPool } from './db';
import { PaperEngine } from './engine';
import { livePublisherFromEnv } from './live';

/** Minutes traded per turn at most, so the heartbeat and commands go on while the engine catches up. */
const MINUTES_PER_TURN = 10;

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is missing');
  const seed = Number(process.env.ENGINE_SEED ?? '1');
  const clock = readClockSettings(process.env);
  const pool = createPool(databaseUrl);
  let stopping = false;
  process.once('SIGTERM', () => (stopping = true));
  process.once('SIGINT', () => (stopping = true));
  const live = livePublisherFromEnv(process.env);
  const engine = await PaperEngine.open(pool, { seed, startAt: firstMinute(clock, Date.now()), live });
  const origin = engine.lastMinute;
  const startedAt = Date.now();
  while (!stopping) {
    await engine.heartbeat();
    await engine.commands();
    const due = marketMinute(clock, origin, startedAt, Date.now());
    await engine.advance(Math.min(due, engine.lastMinute + MINUTES_PER_TURN * MINUTE_MS));
    if (engine.lastMinute >= due) await sleep(Math.min(1000, clock.minuteMs));
  }
  await pool.end();
  await live.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
