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
import { clientOrderIdOf } from './exchange-venue';
import { encryptionKeyBytes } from './secrets';
import type { ExchangeVenueOptions } from './venue/accounts';
import { livePublisherFromEnv } from './live';
import { logCommandsTo, observePool, serveEngineMetrics } from './observability';

/** The engine's metrics port (0: none) and address: loopback unless Prometheus scrapes over a private network. */
const DEFAULT_METRICS_PORT = 9466;

/** Minutes traded per turn at most, so the heartbeat and commands go on while the engine catches up. */
const MINUTES_PER_TURN = 10;

/**
 * Demo and live accounts trade on their exchange with the API's ENCRYPTION_KEY (their secrets) and
 * ENGINE_CLIENT_ORDER_PREFIX (this installation's client order ids, default `cc-`). Without the key
 * every account trades on paper, and the engine says so at start.
 */
function exchangeSettings(env: NodeJS.ProcessEnv): ExchangeVenueOptions | undefined {
  if (!env.ENCRYPTION_KEY) {
    console.log(JSON.stringify({ level: 'warn', service: 'engine', pid: process.pid, msg: 'ENCRYPTION_KEY is not set: demo and live accounts trade on paper' }));
    return undefined;
  }
  const encryptionKey = encryptionKeyBytes(env.ENCRYPTION_KEY);
  if (encryptionKey.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes, as 64 hex digits or base64');
  const clientIdPrefix = env.ENGINE_CLIENT_ORDER_PREFIX || 'cc-';
  clientOrderIdOf(clientIdPrefix, '1');
  return { encryptionKey, clientIdPrefix };
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is missing');
  const seed = Number(process.env.ENGINE_SEED ?? '1');
  const clock = readClockSettings(process.env);
  const pool = createPool(databaseUrl);
  observePool(pool);
  logCommandsTo((line) => console.log(JSON.stringify({ ...line, time: Date.now(), pid: process.pid })));
  const metricsPort = Number(process.env.ENGINE_METRICS_PORT || DEFAULT_METRICS_PORT);
  if (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535) throw new Error('ENGINE_METRICS_PORT must be a whole number from 0 to 65535');
  // A taken metrics port is logged: trading and commands matter more than their metrics.
  if (metricsPort) {
    await serveEngineMetrics(metricsPort, process.env.METRICS_HOST || '127.0.0.1').catch((error: Error) =>
      console.log(JSON.stringify({ level: 'error', service: 'engine', pid: process.pid, msg: `metrics not served: ${error.message}` })),
    );
  }
  let stopping = false;
  process.once('SIGTERM', () => (stopping = true));
  process.once('SIGINT', () => (stopping = true));
  const live = livePublisherFromEnv(process.env);
  const engine = await PaperEngine.open(pool, { seed, startAt: firstMinute(clock, Date.now()), live, exchange: exchangeSettings(process.env) });
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
