import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, MARKET_DATA_LIMITS, MARKET_DATA_MESSAGES, MARKET_DATA_PATHS, OWN_MESSAGES, permsAll, SECTIONS, type CandleBar, type Level } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/harness';

const MIN = 60_000;
/** A Monday, midnight UTC. */
const T0 = Date.UTC(2024, 2, 4);
const iso = (ms: number) => new Date(ms).toISOString();

interface Minute {
  at: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** 00:00–00:14 and 00:30–00:34 stored, 00:15–00:29 missing, and one minute at 01:10. */
const OFFSETS = [...Array.from({ length: 15 }, (_, i) => i), ...Array.from({ length: 5 }, (_, i) => 30 + i), 70];
const MINUTES: Minute[] = OFFSETS.map((i) => ({
  at: T0 + i * MIN,
  open: (100 + i).toFixed(2),
  // Highs and lows off the bar's edges, so first/last would not pass for max/min.
  high: (100 + i + (i % 3 === 1 ? 20 : 2)).toFixed(2),
  low: (100 + i - (i % 4 === 2 ? 15 : 1)).toFixed(2),
  close: (100.5 + i).toFixed(2),
  volume: ((i + 1) / 4).toFixed(2),
}));

describe('candles read by time frame', () => {
  let ctx: TestContext;
  let reader: string;

  const tokenAt = async (status: Level) =>
    (await sessionFor(ctx, (await makeUser(ctx.db, { perms: SECTIONS.map((section_name) => ({ section_name, status: section_name === 'market_data' ? status : 'Full' })) })).id)).access;

  beforeAll(async () => {
    ctx = await createTestApp();
    reader = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('Full') })).id)).access;
    await ctx.db.query(`SELECT ensure_month_partitions('candles', $1::timestamptz, $1::timestamptz)`, [iso(T0)]);
    for (const m of MINUTES)
      await ctx.db.query(
        `INSERT INTO candles (exchange, symbol, minute, open, high, low, close, volume) VALUES ('barsx', 'BARS', $1, $2, $3, $4, $5, $6)`,
        [iso(m.at), m.open, m.high, m.low, m.close, m.volume],
      );
    // Another symbol in the same minutes must not leak into the bars.
    await ctx.db.query(`INSERT INTO candles (exchange, symbol, minute, open, high, low, close, volume) VALUES ('barsx', 'OTHER', $1, 1, 999, 0.5, 1, 1000)`, [iso(T0)]);
  });
  afterAll(async () => {
    await ctx?.db.query(`DELETE FROM candles WHERE exchange = 'barsx'`);
    await ctx?.close();
  });

  const read = (query: Record<string, string>, token = reader) =>
    ctx.http().get(`${API_PREFIX}${MARKET_DATA_PATHS.candles}`).query({ exchange: 'barsx', symbol: 'BARS', from: iso(T0), to: iso(T0 + 2 * 60 * MIN - MIN), ...query }).set(...auth(token));

  it('aggregates 5m bars: first open, highest high, lowest low, last close, summed volume; a bucket with no minute has no bar', async () => {
    const bars: CandleBar[] = (await read({ timeframe: '5m' }).expect(200)).body;
    expect(bars.map((b) => b.time)).toEqual([0, 5, 10, 30, 70].map((i) => iso(T0 + i * MIN)));
    // 00:05–00:09: open of 00:05, high of 00:07 (107 + 20), low of 00:06 (106 - 15), close of 00:09, volume 1.5 + … + 2.5.
    expect(bars[1]).toEqual({ time: iso(T0 + 5 * MIN), open: '105.00', high: '127.00', low: '91.00', close: '109.50', volume: '10.00' });
    // The lone minute at 01:10 is a bar of its own.
    expect(bars[4]).toEqual({ time: iso(T0 + 70 * MIN), open: '170.00', high: '190.00', low: '155.00', close: '170.50', volume: '17.75' });
  });

  it('aggregates 1h bars across the gap', async () => {
    const bars: CandleBar[] = (await read({ timeframe: '1h' }).expect(200)).body;
    // 00:00–00:59 holds 00:00–00:14 and 00:30–00:34: high of 00:34 (134 + 20), low of 00:02 (102 - 15),
    // close of 00:34, volume (1 + … + 15 + 31 + … + 35) / 4.
    expect(bars).toEqual([
      { time: iso(T0), open: '100.00', high: '154.00', low: '87.00', close: '134.50', volume: '71.25' },
      { time: iso(T0 + 60 * MIN), open: '170.00', high: '190.00', low: '155.00', close: '170.50', volume: '17.75' },
    ]);
  });

  it('reads only the range asked for, both ends included', async () => {
    const bars: CandleBar[] = (await read({ timeframe: '1m', from: iso(T0 + 13 * MIN), to: iso(T0 + 30 * MIN) }).expect(200)).body;
    expect(bars.map((b) => b.time)).toEqual([13, 14, 30].map((i) => iso(T0 + i * MIN)));
  });

  it('refuses a bad time frame, bad dates, a reversed range and more bars than the cap with a 400 that says why', async () => {
    expect((await read({ timeframe: '2m' }).expect(400)).body).toMatchObject({ timeframe: [MARKET_DATA_MESSAGES.timeframeInvalid] });
    expect((await read({ timeframe: '1h', from: '2024-03-04' }).expect(400)).body).toMatchObject({ from: [MARKET_DATA_MESSAGES.fromInvalid] });
    expect((await read({ timeframe: '1h', to: 'soon' }).expect(400)).body).toMatchObject({ to: [MARKET_DATA_MESSAGES.toInvalid] });
    expect((await read({ timeframe: '1h', symbol: 'bad symbol' }).expect(400)).body).toMatchObject({ symbol: [MARKET_DATA_MESSAGES.symbolInvalid] });
    expect((await read({ timeframe: '1h', from: iso(T0 + MIN), to: iso(T0) }).expect(400)).body.detail).toBe(MARKET_DATA_MESSAGES.rangeReversed);
    // 400 minutes is the cap; 401 is refused before the store is read.
    const max = MARKET_DATA_LIMITS.maxBars;
    await read({ timeframe: '1m', to: iso(T0 + (max - 1) * MIN) }).expect(200);
    expect((await read({ timeframe: '1m', to: iso(T0 + max * MIN) }).expect(400)).body.detail).toBe(MARKET_DATA_MESSAGES.tooManyBars(max + 1));
  });

  it('opens the read at market_data ReadOnly, not below', async () => {
    await read({ timeframe: '1h' }, await tokenAt('ReadOnly')).expect(200);
    expect((await read({ timeframe: '1h' }, await tokenAt('NP')).expect(403)).body.detail).toBe(OWN_MESSAGES.forbidden);
  });
});
