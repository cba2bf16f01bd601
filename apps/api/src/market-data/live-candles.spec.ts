import type { INestApplicationContext, LoggerService } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_SYMBOL, pagedKlines, RECORDED_KLINES, startExchangeServer, type ExchangeServer } from '../test/exchange-server';
import { createTestApp, type TestContext } from '../test/harness';
import { startWorker } from '../test/worker';
import { LIVE_BACKFILL_MINUTES, LiveCandlesProcessor } from './live-candles.processor';

const MIN = 60_000;

class Lines implements LoggerService {
  readonly lines: string[] = [];
  log() {}
  warn() {}
  error(message: unknown) {
    this.lines.push(JSON.stringify(message));
  }
}

describe('live candles polled from the exchange of live accounts', () => {
  let ctx: TestContext;
  let worker: INestApplicationContext;
  let exchange: ExchangeServer;
  const logs = new Lines();
  // Half a minute into 09:00: the minute of 09:00 is still forming.
  const now = Date.UTC(2024, 3, 10, 9, 0, 30);
  const lastClosed = Date.UTC(2024, 3, 10, 9, 0);
  // The exchange's klines of the last two hours and the forming minute, in the recorded klines' form.
  const rows = Array.from({ length: 123 }, (_, i) => {
    const at = lastClosed - 120 * MIN + i * MIN;
    return [at, ...RECORDED_KLINES[i % 3].slice(1, 6), at + MIN - 1, ...RECORDED_KLINES[i % 3].slice(7)];
  });

  beforeAll(async () => {
    exchange = await startExchangeServer();
    // The scheduled poll is left to its hour: the test polls at the times it chooses.
    ctx = await createTestApp({ MARKET_DATA_EXCHANGE_ORIGIN: exchange.origin, LIVE_CANDLES_POLL_MS: String(60 * MIN) });
    worker = await startWorker(ctx, { logger: logs });
    const [account] = await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage, exchange, market) VALUES ('Live', 'k', 'x', 1, 'binance', 'live') RETURNING id`);
    const [model] = await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ('Model', 'k', 'x', 1) RETURNING id`);
    const [tc] = await ctx.db.query(`INSERT INTO ticker_configs (title, status) VALUES ('Live pairs', 'active') RETURNING id`);
    const [other] = await ctx.db.query(`INSERT INTO ticker_configs (title, status) VALUES ('Model pairs', 'active') RETURNING id`);
    for (const [config, ticker] of [[tc.id, 'BTCUSDT'], [other.id, 'ETHUSDT']]) {
      const [pair] = await ctx.db.query(`INSERT INTO pairs (ticker, is_active) VALUES ($1, true) RETURNING id`, [ticker]);
      await ctx.db.query(`INSERT INTO ticker_config_pairs (ticker_config_id, pair_id) VALUES ($1, $2)`, [config, pair.id]);
    }
    for (const [accountId, config] of [[account.id, tc.id], [model.id, other.id]]) {
      const [mm] = await ctx.db.query(
        `INSERT INTO mm_profiles (title, exchange_account_id, status, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ('MM', $1, 'active', 5, 1, 5000) RETURNING id`,
        [accountId],
      );
      await ctx.db.query(
        `INSERT INTO strategy_profiles (title, status, profile_direction, timeframe, exchange_account_id, mm_profile_id, ticker_config_id, settings)
         VALUES ('P', 'active', 'long', '1h', $1, $2, $3, '{}')`,
        [accountId, mm.id, config],
      );
    }
  });
  afterAll(async () => {
    await worker?.close();
    await ctx?.close();
    await exchange?.close();
  });

  const stored = async () =>
    ((await ctx.db.query(`SELECT exchange, symbol, extract(epoch FROM minute)::bigint * 1000 AS at FROM candles ORDER BY minute`)) as { exchange: string; symbol: string; at: string }[]).map(
      (r) => `${r.exchange}/${r.symbol}/${Number(r.at)}`,
    );
  // The test's own polls only (a scheduled one at the worker's start asks about today, which this exchange has no klines of).
  const startTimes = () =>
    exchange.klines.filter((url) => Number(url.searchParams.get('startTime')) < now + 60 * MIN).map((url) => `${url.searchParams.get('symbol')}@${url.searchParams.get('startTime')}`);

  it('stores the closed minutes of the live accounts’ symbols only, then asks from the minute after the last one stored', async () => {
    exchange.answerKlines(pagedKlines(rows));
    const poller = worker.get(LiveCandlesProcessor);
    expect(await poller.poll(now)).toEqual({ 'binance/BTCUSDT': LIVE_BACKFILL_MINUTES });
    const first = lastClosed - LIVE_BACKFILL_MINUTES * MIN;
    expect(startTimes()).toEqual([`BTCUSDT@${first}`]);
    // The forming minute of 09:00 is not stored; ETHUSDT, on a model account, is not polled.
    expect(await stored()).toEqual(Array.from({ length: LIVE_BACKFILL_MINUTES }, (_, i) => `binance/BTCUSDT/${first + i * MIN}`));

    exchange.klines.length = 0;
    expect(await poller.poll(now + 2 * MIN)).toEqual({ 'binance/BTCUSDT': 2 });
    expect(startTimes()).toEqual([`BTCUSDT@${lastClosed}`]);
    expect((await stored()).slice(-2)).toEqual([`binance/BTCUSDT/${lastClosed}`, `binance/BTCUSDT/${lastClosed + MIN}`]);
  });

  it('logs the exchange’s message when it refuses, writes nothing, and the next poll goes on from the same minute', async () => {
    exchange.answerKlines(() => ({ status: 400, body: INVALID_SYMBOL }));
    exchange.klines.length = 0;
    const before = await stored();
    const poller = worker.get(LiveCandlesProcessor);
    expect(await poller.poll(now + 3 * MIN)).toEqual({});
    expect(await stored()).toEqual(before);
    expect(logs.lines.some((line) => line.includes('BTCUSDT') && line.includes(INVALID_SYMBOL.msg))).toBe(true);

    exchange.answerKlines(pagedKlines(rows));
    expect(await poller.poll(now + 3 * MIN)).toEqual({ 'binance/BTCUSDT': 1 });
    expect(startTimes()).toEqual([`BTCUSDT@${lastClosed + 2 * MIN}`, `BTCUSDT@${lastClosed + 2 * MIN}`]);
  });
});
