import type { INestApplicationContext, LoggerService } from '@nestjs/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PREFIX, MARKET_DATA_MESSAGES, MARKET_DATA_PATHS, permsAll, type CandleDownloadAnswer } from '@console/contracts';
import { INVALID_SYMBOL, pagedKlines, RECORDED_KLINES, startExchangeServer, type ExchangeServer } from '../test/exchange-server';
import { waitUntil } from '../test/fake-telegram';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/harness';
import { startWorker } from '../test/worker';

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The worker's log lines, as text. */
class Lines implements LoggerService {
  readonly lines: string[] = [];
  log(message: unknown) {
    this.lines.push(JSON.stringify(message));
  }
  error(message: unknown) {
    this.lines.push(JSON.stringify(message));
  }
  warn(message: unknown) {
    this.lines.push(JSON.stringify(message));
  }
}

describe('candle downloads through ccxt', () => {
  let ctx: TestContext;
  let worker: INestApplicationContext;
  let exchange: ExchangeServer;
  let admin: string;
  const logs = new Lines();

  beforeAll(async () => {
    exchange = await startExchangeServer();
    ctx = await createTestApp({ MARKET_DATA_EXCHANGE_ORIGIN: exchange.origin });
    worker = await startWorker(ctx, { logger: logs });
    admin = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('Full') })).id)).access;
  });
  afterAll(async () => {
    await worker?.close();
    await ctx?.close();
    await exchange?.close();
  });
  beforeEach(() => {
    exchange.klines.length = 0;
  });

  const start = (body: object, token = admin) => ctx.http().post(`${API_PREFIX}${MARKET_DATA_PATHS.downloads}`).set(...auth(token)).send(body);

  /** Starts a download and waits for it to end. */
  async function downloaded(body: object): Promise<CandleDownloadAnswer> {
    const res = await start(body).expect(202);
    let task!: CandleDownloadAnswer;
    await waitUntil(async () => {
      task = (await ctx.http().get(`${API_PREFIX}${MARKET_DATA_PATHS.downloadTask(res.body.id)}`).set(...auth(admin)).expect(200)).body;
      return task.status === 'SUCCESS' || task.status === 'FAILURE';
    }, 30_000);
    return task;
  }

  const stored = async (from: number, to: number) =>
    ctx.db.query(
      `SELECT extract(epoch FROM minute)::bigint * 1000 AS at, open::text, high::text, low::text, close::text, volume::text FROM candles
        WHERE exchange = 'binance' AND symbol = 'BTCUSDT' AND minute >= $1 AND minute < $2 ORDER BY minute`,
      [iso(from), iso(to)],
    ) as Promise<{ at: string; open: string; high: string; low: string; close: string; volume: string }[]>;

  it('stores the exchange’s recorded klines as they were answered, asking for them as Binance expects', async () => {
    exchange.answerKlines(pagedKlines(RECORDED_KLINES));
    const first = RECORDED_KLINES[0][0];
    const task = await downloaded({ exchange: 'binance', symbol: 'BTCUSDT', from: iso(first), to: iso(first + 3 * MIN) });
    expect(task).toMatchObject({ status: 'SUCCESS', progress: 100, added: 3, attempts: 0, error: null });
    expect(exchange.klines.map((url) => Object.fromEntries(url.searchParams))).toEqual([{ symbol: 'BTCUSDT', interval: '1m', startTime: String(first), limit: '1000' }]);
    expect(await stored(first, first + 3 * MIN)).toEqual(
      RECORDED_KLINES.map((k) => ({ at: String(k[0]), open: String(Number(k[1])), high: String(Number(k[2])), low: String(Number(k[3])), close: String(Number(k[4])), volume: String(Number(k[5])) })),
    );
  });

  it('pages from the minute after the last one stored, never skipping or repeating one, and a second download adds nothing', async () => {
    // 2,500 minutes in the recorded klines' form (their values, one after another), in three pages of at most 1,000.
    const from = Date.UTC(2024, 3, 1);
    const minutes = 2500;
    const rows = Array.from({ length: minutes }, (_, i) => {
      const recorded = RECORDED_KLINES[i % RECORDED_KLINES.length];
      return [from + i * MIN, ...recorded.slice(1, 6), from + i * MIN + MIN - 1, ...recorded.slice(7)];
    });
    exchange.answerKlines(pagedKlines(rows));
    const body = { exchange: 'binance', symbol: 'BTCUSDT', from: iso(from), to: iso(from + minutes * MIN) };
    const task = await downloaded(body);
    expect(task).toMatchObject({ status: 'SUCCESS', added: minutes });
    expect(exchange.klines.map((url) => Number(url.searchParams.get('startTime')))).toEqual([from, from + 1000 * MIN, from + 2000 * MIN]);
    const got = await stored(from, from + minutes * MIN);
    expect(got.map((row) => Number(row.at))).toEqual(rows.map((row) => row[0]));
    // One run of its own beside the recorded minutes of April 10: one gap between them, none inside it.
    const [coverage] = await ctx.db.query(`SELECT candles::int, gaps FROM candle_coverage WHERE exchange = 'binance' AND symbol = 'BTCUSDT'`);
    expect(coverage).toEqual({ candles: minutes + RECORDED_KLINES.length, gaps: 1 });

    exchange.klines.length = 0;
    const again = await downloaded(body);
    expect(again).toMatchObject({ status: 'SUCCESS', added: 0 });
    expect(await stored(from, from + minutes * MIN)).toHaveLength(minutes);
  });

  it('resumes a run the exchange broke off at the minute the store stopped at', async () => {
    const from = Date.UTC(2024, 4, 1);
    const minutes = 1500;
    const rows = Array.from({ length: minutes }, (_, i) => [from + i * MIN, ...RECORDED_KLINES[0].slice(1, 6), from + i * MIN + MIN - 1, ...RECORDED_KLINES[0].slice(7)]);
    const paged = pagedKlines(rows);
    let calls = 0;
    // The second page fails once, as Binance answers when it is overloaded.
    exchange.answerKlines((url) => (++calls === 2 ? { status: 503, body: { code: -1008, msg: 'Server is currently overloaded with other requests. Please try again in a few minutes.' } } : paged(url)));
    const task = await downloaded({ exchange: 'binance', symbol: 'BTCUSDT', from: iso(from), to: iso(from + minutes * MIN) });
    expect(task).toMatchObject({ status: 'SUCCESS', added: minutes, attempts: 1 });
    expect(task.error).toContain('overloaded');
    expect(exchange.klines.map((url) => Number(url.searchParams.get('startTime')))).toEqual([from, from + 1000 * MIN, from + 1000 * MIN]);
    expect(await stored(from, from + minutes * MIN)).toHaveLength(minutes);
  }, 60_000);

  it('fails with the exchange’s message after its retries, in the task and the logs, and writes nothing', async () => {
    exchange.answerKlines(() => ({ status: 400, body: INVALID_SYMBOL }));
    const from = Date.UTC(2024, 5, 1);
    const task = await downloaded({ exchange: 'binance', symbol: 'BTCUSDT', from: iso(from), to: iso(from + 10 * MIN) });
    expect(task).toMatchObject({ status: 'FAILURE', attempts: 3, added: 0 });
    expect(task.error).toContain(INVALID_SYMBOL.msg);
    expect(exchange.klines).toHaveLength(3);
    expect(await stored(from, from + 10 * MIN)).toEqual([]);
    expect(logs.lines.filter((line) => line.includes(task.id) && line.includes(INVALID_SYMBOL.msg))).toHaveLength(3);
  }, 60_000);

  it('refuses a malformed or empty range, an exchange ccxt does not know, and readers', async () => {
    const body = { exchange: 'binance', symbol: 'BTCUSDT', from: '2024-01-02T00:00:00Z', to: '2024-01-01T00:00:00Z' };
    expect((await start(body).expect(400)).body).toEqual({ detail: MARKET_DATA_MESSAGES.downloadRangeEmpty });
    expect((await start({ ...body, to: '2026-01-01T00:00:00Z' }).expect(400)).body).toEqual({ detail: MARKET_DATA_MESSAGES.downloadTooLong });
    expect((await start({ ...body, exchange: 'nosuchexchange', to: '2024-01-03T00:00:00Z' }).expect(400)).body).toEqual({ detail: MARKET_DATA_MESSAGES.exchangeUnknown('nosuchexchange') });
    expect((await start({ ...body, from: 'yesterday' }).expect(400)).body).toEqual({ from: [MARKET_DATA_MESSAGES.fromInvalid] });
    const reader = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'market_data', status: 'ReadOnly' }] })).id)).access;
    await start({ ...body, to: '2024-01-03T00:00:00Z' }, reader).expect(403);
    await ctx.http().get(`${API_PREFIX}${MARKET_DATA_PATHS.downloadTask('00000000-0000-0000-0000-000000000000')}`).set(...auth(reader)).expect(404);
    expect(Number((await ctx.db.query(`SELECT count(*) AS n FROM candle_downloads WHERE from_minute = '2024-01-02T00:00:00Z'`))[0].n)).toBe(0);
  });
});
