import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../market/candle';
import { seededMarket } from '../market/model';
import { settingsDoc } from '../strategy/testing/fixtures';
import { BacktestCancelled, runBacktest, type BacktestInputs } from './backtest';
import { PaperEngine } from './engine';
import { readProfiles } from './sql/config';
import { createTestDatabase, seedProfile, type TestDatabase } from './testing/database';

const START = Date.UTC(2024, 2, 1);
const HOUR = 60 * MINUTE_MS;
const TICKERS = ['BTCUSDT', 'ETHUSDT', 'DOGEUSDT', 'SOLUSDT'];
const doc = settingsDoc({ signal: { atr_threshold_percents: 0.2, start_point_coefficient: 0.3, timer_minutes: 60 } });
const pairs = TICKERS.map((ticker, i) => ({ id: i + 1, ticker }));

function inputs(seed: number, hours: number): BacktestInputs {
  return {
    profile: { id: 1, title: 'Trend', settings: doc, one_signal_quota: '1000', max_signals_amount: 5 },
    pairs,
    market: seededMarket(seed),
    from: START,
    until: START + hours * HOUR,
    deposit: '10000',
  };
}

const asText = (run: Awaited<ReturnType<typeof runBacktest>>) => JSON.parse(JSON.stringify(run)) as unknown;

describe('the backtest runner', () => {
  it('gives the same trades, curve and figures to the cent for the same inputs', async () => {
    const first = await runBacktest(inputs(7, 72));
    const second = await runBacktest(inputs(7, 72));
    expect(first.trades.length).toBeGreaterThan(0);
    expect(asText(second)).toEqual(asText(first));
    // Another seed is another market: the runner does not answer the same whatever it is given.
    const other = await runBacktest(inputs(8, 72));
    expect(asText(other)).not.toEqual(asText(first));
  });

  it('answers closed trades whose PnL and fees add up, an hourly curve ending at deposit + PnL, and the figures on them', async () => {
    const run = await runBacktest(inputs(7, 72));
    expect(run.minutes).toBe(72 * 60);
    expect(run.equity).toHaveLength(72);
    expect(run.equity.at(-1)).toEqual({ at: START + 72 * HOUR, equity: run.figures.final_equity.replace(/\.?0+$/, '') });
    const pnl = run.trades.reduce((a, t) => a.plus(t.pnl), run.trades[0].pnl.minus(run.trades[0].pnl));
    expect(run.figures.final_equity).toBe(pnl.plus(10000).toFixed(8));
    expect(run.figures.trade_count).toBe(run.trades.length);
    for (const trade of run.trades) {
      expect(trade.exit_at).toBeGreaterThanOrEqual(trade.entry_at);
      expect(trade.exit_at).toBeLessThanOrEqual(START + 72 * HOUR);
      expect(trade.fees.greaterThan(0)).toBe(true);
      expect(TICKERS).toContain(trade.pair);
    }
    expect(run.exposedMinutes).toBeGreaterThan(0);
  });

  it('tells its progress and stops when cancelled', async () => {
    const told: number[] = [];
    await runBacktest(inputs(7, 72), { onProgress: (p) => void told.push(p) });
    expect(told).toEqual([33, 66]);
    let asked = 0;
    await expect(runBacktest(inputs(7, 72), { cancelled: () => ++asked === 2 })).rejects.toBeInstanceOf(BacktestCancelled);
    expect(asked).toBe(2);
  });

  it('refuses an empty period and settings the validator refuses', async () => {
    await expect(runBacktest({ ...inputs(7, 1), until: START })).rejects.toThrow('the period is empty');
    await expect(runBacktest({ ...inputs(7, 1), profile: { ...inputs(7, 1).profile, settings: { version: 1 } as never } })).rejects.toThrow('settings are not valid');
  });
});

describe('the backtest runner and the paper engine', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedProfile(db.pool, doc, TICKERS);
  });
  afterAll(() => db.drop());

  it('trade the same strategy code: the signals the engine finished are the backtest’s trades', async () => {
    const engine = await PaperEngine.open(db.pool, { seed: 7, startAt: START });
    await engine.advance(START + 12 * HOUR - MINUTE_MS);
    const [profile] = await readProfiles(db.pool);
    const finished = (
      await db.pool.query<{ pair_id: number; created_at: Date; r_pnl: string }>(
        `SELECT s.pair_id, p.created_at, p.r_pnl::text FROM signals s JOIN positions p ON p.signal_id = s.id WHERE s.status = 'finished' ORDER BY p.closed_at, p.created_at, s.pair_id`,
      )
    ).rows.map((r) => ({ pair_id: r.pair_id, entry_at: r.created_at.getTime(), pnl: r.r_pnl }));
    expect(finished.length).toBeGreaterThan(0);
    const run = await runBacktest({
      profile: { id: profile.id, title: profile.title, settings: profile.settings, one_signal_quota: profile.one_signal_quota, max_signals_amount: profile.max_signals_amount },
      pairs: profile.pairs,
      market: seededMarket(7),
      from: START,
      until: START + 12 * HOUR,
      deposit: '10000',
    });
    const closedByStrategy = run.trades.filter((t) => t.exit_reason !== 'end_of_period').map((t) => ({ pair_id: t.pair_id, entry_at: t.entry_at, pnl: t.pnl.toFixed(8) }));
    expect(closedByStrategy).toEqual(finished);
  });
});
