// Benchmark of a backtest: one profile on 4 pairs over one year of 1-minute candles (2.1M pair-minutes),
// the runner the worker calls (`runBacktest` of the engine's build, in memory, on the seeded model market),
// beside its floor: the same minutes read from the same market with nothing done with them. Prints the
// seconds and pair-minutes per second of each, the trades made, and the load average before and after
// (the machine is shared: a figure means little without it). Needs no database.
//
//   pnpm run build && node scripts/bench/backtest.mjs
//   BENCH_DAYS=90 BENCH_ROUNDS=3 node scripts/bench/backtest.mjs
import { join } from 'node:path';
import { loadAverages, requireFromRoot, ROOT } from './bench-db.mjs';

const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SEED = Number(process.env.ENGINE_SEED ?? 7);
const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;
const TICKERS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'DOGEUSDT'];
const FROM = Date.UTC(2025, 0, 1);
const UNTIL = FROM + DAYS * DAY_MS;

const { runBacktest, seededMarket } = requireFromRoot(join(ROOT, 'apps/engine/dist/runtime/index.js'));
// The demo desk's settings document: what an operator's profile holds.
const { strategySettingsV1 } = requireFromRoot(join(ROOT, 'apps/api/dist/demo/trading-data.js'));

const pairMinutes = TICKERS.length * DAYS * 1440;
const inputs = () => ({
  profile: { id: 1, title: 'Bench', settings: strategySettingsV1('long', '1h', 3), one_signal_quota: '1000', max_signals_amount: 5 },
  pairs: TICKERS.map((ticker, i) => ({ id: i + 1, ticker })),
  market: seededMarket(SEED),
  from: FROM,
  until: UNTIL,
  deposit: '10000',
});

/** The floor: every minute of the period read from a fresh market, a day per pair at a time, as the runner's feeds read them. */
function readMinutes() {
  const market = seededMarket(SEED);
  let sum = 0;
  for (let day = FROM; day < UNTIL; day += DAY_MS) {
    for (const ticker of TICKERS) {
      const block = market.range(ticker, day, day + DAY_MS);
      for (let i = 0; i < block.length; i++) sum += block.candle(i).close;
    }
  }
  return sum;
}

async function timed(work) {
  const t0 = performance.now();
  const answer = await work();
  return { seconds: (performance.now() - t0) / 1000, answer };
}

console.log(`backtest benchmark: ${TICKERS.length} pairs × ${DAYS} days = ${pairMinutes.toLocaleString('en')} pair-minutes, seed ${SEED}, ${ROUNDS} rounds`);
console.log(`load average before: ${loadAverages()}`);
const rows = [];
for (let round = 1; round <= ROUNDS; round++) {
  const floor = await timed(async () => readMinutes());
  const run = await timed(() => runBacktest(inputs()));
  rows.push({ round, floor: floor.seconds, run: run.seconds, trades: run.answer.trades.length, minutes: run.answer.minutes });
  console.log(
    `round ${round}: floor ${floor.seconds.toFixed(2)} s (${Math.round(pairMinutes / floor.seconds).toLocaleString('en')} pair-minutes/s), ` +
      `backtest ${run.seconds.toFixed(2)} s (${Math.round(pairMinutes / run.seconds).toLocaleString('en')} pair-minutes/s), ${run.answer.trades.length} trades`,
  );
}
const best = (key) => Math.min(...rows.map((r) => r[key]));
console.log(`best: floor ${best('floor').toFixed(2)} s, backtest ${best('run').toFixed(2)} s (aim: at most 5 s)`);
console.log(`load average after: ${loadAverages()}`);
