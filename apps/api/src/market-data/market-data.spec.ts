import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, MARKET_DATA_MESSAGES, MARKET_DATA_PATHS, OWN_MESSAGES, permsAll, SECTIONS, type CandleImportAnswer, type Level } from '@console/contracts';
import { sweepOutbox } from '../queues/outbox';
import { CANDLE_IMPORTS_QUEUE } from '../queues/queue-producers.module';
import { BINANCE_HEADER, binanceRows, writeText, writeZip } from '../test/candle-files';
import { waitUntil } from '../test/fake-telegram';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/harness';
import { startWorker } from '../test/worker';
import { candleImportsOutbox } from './candle-imports.outbox';

const JAN = Date.UTC(2024, 0, 1);
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('candle imports and coverage', () => {
  let ctx: TestContext;
  let worker: INestApplicationContext;
  let uploads: string;
  let files: string;
  let admin: string;

  beforeAll(async () => {
    uploads = await mkdtemp(join(tmpdir(), 'candle-uploads-'));
    files = await mkdtemp(join(tmpdir(), 'candle-files-'));
    ctx = await createTestApp({ CANDLE_IMPORT_DIR: uploads });
    worker = await startWorker(ctx);
    admin = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('Full') })).id)).access;
  });
  afterAll(async () => {
    await worker?.close();
    await ctx?.close();
    await rm(uploads, { recursive: true, force: true });
    await rm(files, { recursive: true, force: true });
  });

  function upload(token: string, paths: string[], fields: Record<string, string> = { exchange: 'binance', symbol: 'BTCUSDT' }) {
    const req = ctx.http().post(`${API_PREFIX}${MARKET_DATA_PATHS.imports}`).set(...auth(token));
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    for (const path of paths) req.attach('files', path);
    return req;
  }

  /** Uploads, waits for the worker to end the task, answers its final state. */
  async function imported(paths: string[], fields?: Record<string, string>): Promise<CandleImportAnswer> {
    const res = await upload(admin, paths, fields).expect(202);
    let task!: CandleImportAnswer;
    await waitUntil(async () => {
      task = (await ctx.http().get(`${API_PREFIX}${MARKET_DATA_PATHS.importTask(res.body.id)}`).set(...auth(admin)).expect(200)).body;
      return task.status === 'SUCCESS' || task.status === 'FAILURE';
    }, 20_000);
    return task;
  }

  async function coverage(query = '') {
    return (await ctx.http().get(`${API_PREFIX}${MARKET_DATA_PATHS.coverage}${query}`).set(...auth(admin)).expect(200)).body;
  }

  const count = async (sql: string, params: unknown[] = []) => Number((await ctx.db.query(sql, params))[0].n);

  it('loads a Binance monthly zip (µs times, no header) and a daily CSV (ms times, header); re-importing adds nothing', async () => {
    // January's first 90 minutes in the "monthly" zip, then a day file that overlaps it by 30 and goes 30 further.
    const zip = await writeZip(join(files, 'BTCUSDT-1m-2024-01.zip'), { 'BTCUSDT-1m-2024-01.csv': binanceRows(JAN, 90, { micro: true }).join('\n') + '\n' });
    const daily = await writeText(files, 'BTCUSDT-1m-2024-01-01.csv', [BINANCE_HEADER, ...binanceRows(JAN + 60 * MIN, 60)]);
    const task = await imported([zip, daily]);
    expect(task).toMatchObject({ exchange: 'binance', symbol: 'BTCUSDT', status: 'SUCCESS', progress: 100 });
    expect(task.files).toEqual([
      { name: 'BTCUSDT-1m-2024-01.zip', status: 'DONE', rows: 90, added: 90, error: null },
      { name: 'BTCUSDT-1m-2024-01-01.csv', status: 'DONE', rows: 60, added: 30, error: null },
    ]);
    expect(await coverage('?exchange=binance&symbol=BTCUSDT')).toEqual([
      { exchange: 'binance', symbol: 'BTCUSDT', first_minute: iso(JAN), last_minute: iso(JAN + 119 * MIN), candles: 120, gaps: 0 },
    ]);
    // Decimals as the file wrote them, the quote volume and trade count of Binance's layout, in January's partition.
    const [first] = await ctx.db.query(
      `SELECT open::text, volume::text, quote_volume::text, trades, tableoid::regclass::text AS partition FROM candles WHERE symbol = 'BTCUSDT' AND minute = $1`,
      [iso(JAN)],
    );
    expect(first).toEqual({ open: '42000.00', volume: '1.50000000', quote_volume: '63000.75', trades: 100, partition: 'candles_p202401' });
    expect(await count(`SELECT count(*) AS n FROM candles_default`)).toBe(0);
    // The uploads are deleted once read.
    expect(await readdir(uploads)).toEqual([]);

    const again = await imported([zip, daily]);
    expect(again.files.map((f) => [f.rows, f.added])).toEqual([[90, 0], [60, 0]]);
    expect((await coverage('?symbol=BTCUSDT'))[0].candles).toBe(120);
    expect(await count(`SELECT count(*) AS n FROM candles WHERE symbol = 'BTCUSDT'`)).toBe(120);
  });

  it('loads the generic timestamp,open,high,low,close,volume form', async () => {
    const csv = await writeText(files, 'eth.csv', ['timestamp,open,high,low,close,volume', '2024-03-01T10:00:00Z,3400.5,3401,3399.25,3400.75,12.5', '1709287260000,3400.75,3402,3400,3401,3']);
    const task = await imported([csv], { exchange: 'bybit', symbol: 'ETHUSDT' });
    expect(task.files).toEqual([{ name: 'eth.csv', status: 'DONE', rows: 2, added: 2, error: null }]);
    expect(await coverage('?exchange=bybit')).toEqual([
      { exchange: 'bybit', symbol: 'ETHUSDT', first_minute: '2024-03-01T10:00:00.000Z', last_minute: '2024-03-01T10:01:00.000Z', candles: 2, gaps: 0 },
    ]);
    const [row] = await ctx.db.query(`SELECT high::text, quote_volume, trades FROM candles WHERE exchange = 'bybit' AND minute = '2024-03-01T10:01:00Z'`);
    expect(row).toEqual({ high: '3402', quote_volume: null, trades: null });
  });

  it('stops a file at its first bad row, naming the line: nothing of that file is written, the files before it stay', async () => {
    const good = await writeText(files, 'good.csv', binanceRows(Date.UTC(2024, 1, 1), 5));
    // Long enough that rows before the bad one have already gone to the COPY when it is met.
    const rows = binanceRows(Date.UTC(2024, 1, 2), 3000);
    rows[2599] = rows[2599].replace(/^(\d+),([\d.]+),([\d.]+)/, '$1,$2,abc');
    const bad = await writeText(files, 'bad.csv', rows);
    const task = await imported([good, bad], { exchange: 'binance', symbol: 'SOLUSDT' });
    expect(task.status).toBe('FAILURE');
    expect(task.files[0]).toEqual({ name: 'good.csv', status: 'DONE', rows: 5, added: 5, error: null });
    expect(task.files[1]).toMatchObject({ name: 'bad.csv', status: 'FAILED', added: 0, error: MARKET_DATA_MESSAGES.fileError('bad.csv', 2600, "high 'abc' is not a number") });
    expect(await count(`SELECT count(*) AS n FROM candles WHERE symbol = 'SOLUSDT'`)).toBe(5);
    expect(await count(`SELECT count(*) AS n FROM candles WHERE symbol = 'SOLUSDT' AND minute >= '2024-02-02'`)).toBe(0);
    expect((await coverage('?symbol=SOLUSDT'))[0]).toMatchObject({ candles: 5, gaps: 0 });

    // In a zip, the line is the entry's.
    const zip = await writeZip(join(files, 'SOLUSDT-1m-2024-02.zip'), { 'SOLUSDT-1m-2024-02.csv': [BINANCE_HEADER, ...rows].join('\n') });
    const zipped = await imported([zip], { exchange: 'binance', symbol: 'SOLUSDT' });
    expect(zipped.files[0].error).toBe(MARKET_DATA_MESSAGES.fileError('SOLUSDT-1m-2024-02.zip/SOLUSDT-1m-2024-02.csv', 2601, "high 'abc' is not a number"));
    expect(await count(`SELECT count(*) AS n FROM candles WHERE symbol = 'SOLUSDT'`)).toBe(5);
  });

  it('counts the gaps as runs of missing minutes, and closes them as later imports fill them', async () => {
    const at = Date.UTC(2024, 4, 31, 23, 50);
    const fields = { exchange: 'binance', symbol: 'XRPUSDT' };
    // Minutes 0–9 and 20–29 (across the month's end), then 40–44: two gaps.
    await imported([await writeText(files, 'a.csv', [...binanceRows(at, 10), ...binanceRows(at + 20 * MIN, 10)]), await writeText(files, 'b.csv', binanceRows(at + 40 * MIN, 5))], fields);
    expect((await coverage('?symbol=XRPUSDT'))[0]).toEqual({ ...fields, first_minute: iso(at), last_minute: iso(at + 44 * MIN), candles: 25, gaps: 2 });
    // 12–14 splits the first gap in two; 30–39 closes the second; 15–19 then joins 14 to 20.
    await imported([await writeText(files, 'c.csv', binanceRows(at + 12 * MIN, 3))], fields);
    expect((await coverage('?symbol=XRPUSDT'))[0]).toMatchObject({ candles: 28, gaps: 3 });
    await imported([await writeText(files, 'd.csv', binanceRows(at + 30 * MIN, 10)), await writeText(files, 'e.csv', binanceRows(at + 15 * MIN, 5))], fields);
    expect((await coverage('?symbol=XRPUSDT'))[0]).toMatchObject({ candles: 43, gaps: 1 });
    // A minute before the first one extends the range without a gap.
    await imported([await writeText(files, 'f.csv', binanceRows(at - MIN, 1))], fields);
    expect((await coverage('?symbol=XRPUSDT'))[0]).toMatchObject({ first_minute: iso(at - MIN), candles: 44, gaps: 1 });
    // The bookkeeping agrees with a count over the store itself.
    const [scan] = await ctx.db.query(
      `SELECT count(*)::int AS candles, count(*) FILTER (WHERE before IS NOT NULL AND before <> minute - interval '1 minute')::int AS gaps
         FROM (SELECT minute, lag(minute) OVER (ORDER BY minute) AS before FROM candles WHERE exchange = 'binance' AND symbol = 'XRPUSDT') s`,
    );
    expect(scan).toEqual({ candles: 44, gaps: 1 });
    expect(await count(`SELECT count(*) AS n FROM candles_p202406 WHERE symbol = 'XRPUSDT'`)).toBe(33);
  });

  it('lists coverage filtered by exchange and symbol', async () => {
    const all = await coverage();
    expect(all.map((r: { exchange: string; symbol: string }) => `${r.exchange}/${r.symbol}`)).toEqual(['binance/BTCUSDT', 'binance/SOLUSDT', 'binance/XRPUSDT', 'bybit/ETHUSDT']);
    expect(await coverage('?exchange=kraken')).toEqual([]);
    const bad = await ctx.http().get(`${API_PREFIX}${MARKET_DATA_PATHS.coverage}?symbol=btc usdt`).set(...auth(admin)).expect(400);
    expect(bad.body.symbol).toEqual([MARKET_DATA_MESSAGES.symbolInvalid]);
    await ctx.http().get(`${API_PREFIX}${MARKET_DATA_PATHS.coverage}?page=2`).set(...auth(admin)).expect(400);
  });

  it('refuses a bad upload with a 400 that says why, and keeps none of its files', async () => {
    const csv = await writeText(files, 'one.csv', binanceRows(JAN, 1));
    const url = `${API_PREFIX}${MARKET_DATA_PATHS.imports}`;
    const json = await ctx.http().post(url).set(...auth(admin)).send({ exchange: 'binance', symbol: 'BTCUSDT' }).expect(400);
    expect(json.body).toEqual({ detail: MARKET_DATA_MESSAGES.notMultipart });
    expect((await upload(admin, [csv], { symbol: 'BTCUSDT' }).expect(400)).body).toEqual({ exchange: [MARKET_DATA_MESSAGES.exchangeRequired] });
    expect((await upload(admin, [csv], { exchange: 'Binance!', symbol: 'btc' }).expect(400)).body).toEqual({
      exchange: [MARKET_DATA_MESSAGES.exchangeInvalid],
      symbol: [MARKET_DATA_MESSAGES.symbolInvalid],
    });
    expect((await upload(admin, []).expect(400)).body).toEqual({ files: [MARKET_DATA_MESSAGES.noFiles] });
    const text = await writeText(files, 'notes.txt', ['hello']);
    expect((await upload(admin, [text]).expect(400)).body).toEqual({ detail: MARKET_DATA_MESSAGES.fileType });
    const other = ctx.http().post(url).set(...auth(admin)).field('exchange', 'binance').field('symbol', 'BTCUSDT').attach('file', csv);
    expect((await other.expect(400)).body).toEqual({ detail: MARKET_DATA_MESSAGES.unknownField('file') });
    expect((await upload(admin, [csv], { exchange: 'binance', symbol: 'BTCUSDT', extra: '1' }).expect(400)).body).toEqual({ extra: [MARKET_DATA_MESSAGES.unknownField('extra')] });
    const cut = await ctx.http().post(url).set(...auth(admin)).set('Content-Type', 'multipart/form-data; boundary=xyz').send('--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.csv"\r\n\r\n1,2').expect(400);
    expect(cut.body.detail).toMatch(new RegExp(`^${MARKET_DATA_MESSAGES.notMultipart.replace('.', '\\.')}`));
    // A zip that is not one is the file's error, not the request's.
    const fake = await writeText(files, 'fake.zip', ['not a zip']);
    const task = await imported([fake]);
    expect(task.files[0]).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/^fake\.zip: not a readable zip archive/) });
    await ctx.http().get(`${API_PREFIX}${MARKET_DATA_PATHS.importTask('not-a-uuid')}`).set(...auth(admin)).expect(404, { detail: MARKET_DATA_MESSAGES.taskNotFound });
    expect(await readdir(uploads)).toEqual([]);
  });

  it('opens the calls by the market_data section: reading at ReadOnly, importing at Full only', async () => {
    const tokenAt = async (status: Level) =>
      (await sessionFor(ctx, (await makeUser(ctx.db, { perms: SECTIONS.map((section_name) => ({ section_name, status: section_name === 'market_data' ? status : 'Full' })) })).id)).access;
    const none = await tokenAt('NP');
    const reader = await tokenAt('ReadOnly');
    // The fields only: the guard answers before the body is read, and a file still being sent then would
    // meet a closed connection (EPIPE) in the client.
    for (const token of [none, reader]) expect((await upload(token, []).expect(403)).body.detail).toBe(OWN_MESSAGES.forbidden);
    await ctx.http().get(`${API_PREFIX}${MARKET_DATA_PATHS.coverage}`).set(...auth(none)).expect(403);
    await ctx.http().get(`${API_PREFIX}${MARKET_DATA_PATHS.coverage}`).set(...auth(reader)).expect(200);
    expect(await readdir(uploads)).toEqual([]);
  });

  it('queues again a task a run left started when its job was lost (Redis flushed mid-import), and finishes it', async () => {
    // The state a worker that died mid-file leaves behind after Redis lost the job: the row STARTED, its file waiting.
    const dir = await mkdtemp(join(uploads, 'lost-'));
    const path = await writeText(dir, 'ada.csv', binanceRows(Date.UTC(2024, 6, 1), 10));
    const file = { name: 'ada.csv', path, status: 'PENDING', rows: null, added: null, error: null };
    const requestedBy = (await makeUser(ctx.db, { perms: permsAll('Full') })).id;
    const [{ id }] = await ctx.db.query(
      `INSERT INTO candle_imports (exchange, symbol, files, requested_by, status, started_at, created_at)
       VALUES ('binance', 'ADAUSDT', $1, $2, 'STARTED', now() - interval '1 hour', now() - interval '1 hour') RETURNING id::text`,
      [JSON.stringify([file]), requestedBy],
    );
    expect(await sweepOutbox(ctx.db, candleImportsOutbox, worker.get<Queue>(CANDLE_IMPORTS_QUEUE), 60_000)).toBe(1);
    await waitUntil(async () => (await ctx.db.query(`SELECT status FROM candle_imports WHERE id = $1`, [id]))[0].status === 'SUCCESS', 20_000);
    expect(await count(`SELECT count(*) AS n FROM candles WHERE symbol = 'ADAUSDT'`)).toBe(10);
  });
});
