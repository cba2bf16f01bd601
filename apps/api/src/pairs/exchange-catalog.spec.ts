import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX, PAIR_MESSAGES, permsAll } from '@console/contracts';
import { startExchangeServer, type ExchangeServer } from '../test/exchange-server';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/harness';

describe('pair sync from the markets of the accounts’ exchanges', () => {
  let ctx: TestContext;
  let exchange: ExchangeServer;
  let admin: string;

  beforeAll(async () => {
    exchange = await startExchangeServer();
    ctx = await createTestApp({ MARKET_DATA_EXCHANGE_ORIGIN: exchange.origin });
    admin = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('Full') })).id)).access;
    await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage, exchange, market) VALUES ('Real', 'k', 'x', 1, 'binance', 'store')`);
  });
  afterAll(async () => {
    await ctx?.close();
    await exchange?.close();
  });

  const sync = () => ctx.http().post(`${API_PREFIX}${API_PATHS.pairs}`).set(...auth(admin));
  const tickers = async () => ((await ctx.db.query(`SELECT ticker FROM pairs ORDER BY ticker`)) as { ticker: string }[]).map((r) => r.ticker);

  it('fails with the exchange’s message and adds nothing when its markets cannot be read', async () => {
    exchange.refuseExchangeInfo({ status: 418, body: { code: -1003, msg: 'Way too many requests; IP banned until 1712738460000.' } });
    const refused = await sync().expect(400);
    expect(refused.body.detail).toContain(PAIR_MESSAGES.catalogUnavailable('binance', '').trim());
    expect(refused.body.detail).toContain('IP banned');
    expect(await tickers()).toEqual([]);
    exchange.refuseExchangeInfo(null);
  });

  it('adds the spot markets ccxt reads from a store account’s exchange, by their market id, and no model ticker', async () => {
    await sync().expect(201);
    expect(await tickers()).toEqual(['BTCUSDT']);
  });
});
