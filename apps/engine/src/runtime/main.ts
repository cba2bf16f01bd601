/**
 * The engine process in live mode: every second it beats its heartbeat, carries out pending commands
 * and trades the minutes the wall clock has completed. SIGTERM lets the current transaction finish.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { MINUTE_MS } from '../market/candle';
import { createPool } from './db';
import { PaperEngine } from './engine';
import { livePublisherFromEnv } from './live';
import { logCommandsTo, observePool, serveEngineMetrics } from './observability';

/** The engine's metrics port (0: none) and address: loopback unless Prometheus scrapes over a private network. */
const DEFAULT_METRICS_PORT = 9466;

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is missing');
  const seed = Number(process.env.ENGINE_SEED ?? '1');
  const pool = createPool(databaseUrl);
  observePool(pool);
  logCommandsTo((line) => console.log(JSON.stringify({ ...line, time: Date.now(), pid: process.pid })));
  const metricsPort = Number(process.env.ENGINE_METRICS_PORT || DEFAULT_METRICS_PORT);
  if (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535) throw new Error('ENGINE_METRICS_PORT must be a whole number from 0 to 65535');
  if (metricsPort) await serveEngineMetrics(metricsPort, process.env.METRICS_HOST || '127.0.0.1');
  let stopping = false;
  process.once('SIGTERM', () => (stopping = true));
  process.once('SIGINT', () => (stopping = true));
  const lastWhole = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - MINUTE_MS;
  const live = livePublisherFromEnv(process.env);
  const engine = await PaperEngine.open(pool, { seed, startAt: lastWhole(), live });
  while (!stopping) {
    await engine.heartbeat();
    await engine.commands();
    await engine.advance(lastWhole());
    await sleep(1000);
  }
  await pool.end();
  await live.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
