/**
 * The engine in history mode, as a command: `node dist/runtime/history.js [--days N]` trades the last N
 * days (DEMO_HISTORY_DAYS, else 45) up to the last whole minute, a day per transaction, printing its
 * progress, then exits; the live engine (main.ts) carries on from there. On a database the engine has
 * already traded, it catches up from its last minute instead (N is then ignored).
 */
import { MINUTE_MS } from '../market/candle';
import { createPool } from './db';
import { PaperEngine } from './engine';

const DAY_MS = 1440 * MINUTE_MS;

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is missing');
  const days = Number(argument('--days') ?? process.env.DEMO_HISTORY_DAYS ?? '45');
  if (!Number.isInteger(days) || days < 0) throw new Error(`--days must be a whole number of days, not ${days}`);
  const seed = Number(process.env.ENGINE_SEED ?? '1');
  const pool = createPool(databaseUrl);
  const lastWhole = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - MINUTE_MS;
  const engine = await PaperEngine.open(pool, { seed, startAt: lastWhole() - days * DAY_MS + MINUTE_MS });
  const from = engine.lastMinute;
  const started = Date.now();
  let shown = 0;
  const total = () => Math.max(1, lastWhole() - from);
  // The clock moves on while history runs: go again until the last whole minute is done.
  while (engine.lastMinute < lastWhole()) {
    await engine.history(lastWhole(), {
      onBatch: (at, progress) => {
        const percent = Math.floor((100 * (at - from)) / total());
        if (percent < shown + 10 && at < lastWhole()) return;
        shown = percent;
        const seconds = (Date.now() - started) / 1000;
        console.log(`history: ${new Date(at).toISOString().slice(0, 16)}Z, ${percent} %, ${progress.signals} signal rows written, ${Math.round(progress.minutes / Math.max(seconds, 0.001))} minutes/s`);
      },
    });
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`history: done, ${Math.round((engine.lastMinute - from) / MINUTE_MS)} minutes in ${seconds.toFixed(1)} s`);
  await pool.end();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
