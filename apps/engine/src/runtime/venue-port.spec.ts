import type { OrderSide } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaperVenue } from '../execution/paper-venue';
import type { ExecutionEvent, Fill, LimitOrder, Venue, VenueMarket } from '../execution/port';
import { MINUTE_MS } from '../market/candle';
import type { Dec } from '../money';
import { settingsDoc } from '../strategy/testing/fixtures';
import { PaperEngine } from './engine';
import { createTestDatabase, seedProfile, type TestDatabase } from './testing/database';

const START = Date.UTC(2024, 2, 1);
const END = START + 720 * MINUTE_MS - MINUTE_MS;
const TICKERS = ['BTCUSDT', 'DOGEUSDT'];
const doc = settingsDoc({ signal: { atr_threshold_percents: 0.2, start_point_coefficient: 0.3, timer_minutes: 60 } });

/** The paper venue, counting what reaches it: a second venue in front of the same fill rules. */
class CountingVenue implements Venue {
  readonly seen = { place: 0, market: 0, cancel: 0, match: 0 };
  private readonly paper = new PaperVenue();

  place(order: LimitOrder, market: VenueMarket): ExecutionEvent {
    this.seen.place++;
    return this.paper.place(order, market);
  }

  atMarket(direction: OrderSide, quantity: Dec, market: VenueMarket): Fill {
    this.seen.market++;
    return this.paper.atMarket(direction, quantity, market);
  }

  cancel(order: LimitOrder): ExecutionEvent {
    this.seen.cancel++;
    return this.paper.cancel(order);
  }

  match(order: LimitOrder, market: VenueMarket): Fill | null {
    this.seen.match++;
    return this.paper.match(order, market);
  }
}

async function rows(db: TestDatabase, sql: string) {
  return (await db.pool.query(sql)).rows;
}

describe('the venue port', () => {
  const dbs: TestDatabase[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) dbs.push(await createTestDatabase());
    for (const db of dbs) await seedProfile(db.pool, doc, TICKERS);
  }, 60_000);
  afterAll(async () => {
    for (const db of dbs) await db.drop();
  });

  it('sends every order and cancel of the strategy to the venue it is given, and trades as on the default paper venue', async () => {
    const [given, paper] = dbs;
    const venue = new CountingVenue();
    await (await PaperEngine.open(given.pool, { seed: 7, venue, startAt: START })).history(END, { batchMinutes: 360 });
    await (await PaperEngine.open(paper.pool, { seed: 7, startAt: START })).history(END, { batchMinutes: 360 });

    const [counts] = await rows(
      given,
      `SELECT count(*) FILTER (WHERE time_in_force <> 'IOC')::int AS limits, count(*) FILTER (WHERE time_in_force = 'IOC')::int AS markets,
              count(*) FILTER (WHERE state = 'CANCELED' AND NOT (status = 'CANCELED_BY_MOVEMENT' AND exchange_status = 'EXPIRED'))::int AS cancels
         FROM orders`,
    );
    expect(counts.limits).toBeGreaterThan(0);
    expect(venue.seen).toMatchObject({ place: counts.limits, market: counts.markets, cancel: counts.cancels });
    expect(venue.seen.match).toBeGreaterThan(0);
    for (const table of ['signals', 'orders', 'positions', 'logs', 'account_metrics']) {
      const order = table === 'account_metrics' ? 'exchange_account_id, at' : 'id';
      expect(await rows(given, `SELECT * FROM ${table} ORDER BY ${order}`), table).toEqual(await rows(paper, `SELECT * FROM ${table} ORDER BY ${order}`));
    }
  }, 300_000);
});
