#!/usr/bin/env node
// How fast the seeded market model makes history: months of minute candles for many pairs, the load
// an accelerated demo history puts on it. Reads the built package (`pnpm run build` first); prints
// figures, asserts nothing. Usage: node bench/market.mjs [pairs=30] [days=90] [seed=1]
import { createRequire } from 'node:module';

const { CandleBlock, MarketModel } = createRequire(import.meta.url)('../dist/index.js');
const [pairs = 30, days = 90, seed = 1] = process.argv.slice(2).map(Number);
const tickers = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'LTCUSDT', 'DOGEUSDT', 'XRPUSDT', 'ADAUSDT', 'BNBUSDT'];
const from = Date.UTC(2025, 0, 1);
const to = from + days * 86_400_000;
const model = new MarketModel(seed);
const block = new CandleBlock((to - from) / 60_000);

const started = performance.now();
let candles = 0;
for (let p = 0; p < pairs; p++) {
  model.range(tickers[p] ?? `COIN${p}USDT`, from, to, block);
  candles += block.length;
}
const seconds = (performance.now() - started) / 1000;
const marketSeconds = (to - from) / 1000;
console.log(`${candles.toLocaleString('en')} candles (${pairs} × ${days} days of minutes) in ${seconds.toFixed(2)} s`);
console.log(`${Math.round(candles / seconds).toLocaleString('en')} candles/s; ${Math.round(marketSeconds / seconds).toLocaleString('en')}× real time, all ${pairs} at once`);
