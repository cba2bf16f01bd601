import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ccxt from 'ccxt';
import { dec } from '../money';
import { clientOrderIdOf, ExchangeVenue } from './exchange-venue';
import { startFuturesExchange, type FuturesExchange } from './testing/futures-exchange';

/** What ccxt adds to every Binance futures order of its own accord. */
const SENT_BY_CCXT = { newOrderRespType: 'RESULT', recvWindow: '10000' };

describe('the exchange venue places order rows through ccxt', () => {
  let exchange: FuturesExchange;
  let venue: ExchangeVenue;
  beforeAll(async () => {
    exchange = await startFuturesExchange();
    const client = new ccxt.binanceusdm({ apiKey: 'demo-key', secret: 'demo-secret', enableRateLimit: false });
    client.setSandboxMode(true);
    // Every API family at the stand-in, paths kept (what an account's api_url does).
    const point = (urls: unknown): unknown => (typeof urls === 'string' ? urls.replace(/^https?:\/\/[^/]+/, exchange.origin) : Object.fromEntries(Object.entries(urls as object).map(([k, v]) => [k, point(v)])));
    client.urls.api = point(client.urls.api) as typeof client.urls.api;
    venue = new ExchangeVenue(client, 'tc1-');
  });
  afterAll(() => exchange.close());

  it('sends a limit entry with the row’s client id, rounded to the market’s tick and step', async () => {
    exchange.orders.length = 0;
    const result = await venue.place({ orderId: '42', symbol: 'BTC/USDT:USDT', side: 'buy', type: 'limit', amount: dec('0.0123'), price: dec('95000.123') });
    expect(result).toEqual({ kind: 'placed', clientOrderId: 'tc1-42', exchangeOrderId: expect.any(String), status: 'open' });
    expect(exchange.orders).toEqual([{ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.012', price: '95000.1', timeInForce: 'GTC', newClientOrderId: 'tc1-42', ...SENT_BY_CCXT }]);
  });

  it('sends a close at market as reduce-only, and a best limit as post-only (GTX)', async () => {
    exchange.orders.length = 0;
    await venue.place({ orderId: '43', symbol: 'BTC/USDT:USDT', side: 'sell', type: 'market', amount: dec('0.012'), reduceOnly: true });
    await venue.place({ orderId: '44', symbol: 'BTC/USDT:USDT', side: 'sell', type: 'limit', amount: dec('0.012'), price: dec('96000'), postOnly: true, reduceOnly: true });
    expect(exchange.orders).toEqual([
      { symbol: 'BTCUSDT', side: 'SELL', type: 'MARKET', quantity: '0.012', reduceOnly: 'true', newClientOrderId: 'tc1-43', ...SENT_BY_CCXT },
      { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', quantity: '0.012', price: '96000', timeInForce: 'GTX', reduceOnly: 'true', newClientOrderId: 'tc1-44', ...SENT_BY_CCXT },
    ]);
  });

  it('refuses before sending an order below the market’s minimum amount or notional', async () => {
    exchange.orders.length = 0;
    expect(await venue.place({ orderId: '45', symbol: 'BTC/USDT:USDT', side: 'buy', type: 'limit', amount: dec('0.0004'), price: dec('95000') })).toEqual({
      kind: 'refused',
      reason: 'binanceusdm amount of BTC/USDT:USDT must be greater than minimum amount precision of 0.001',
    });
    // 0.001 BTC at 95 000 is 95 USDT, under the market's 100 USDT minimum notional.
    expect(await venue.place({ orderId: '46', symbol: 'BTC/USDT:USDT', side: 'buy', type: 'limit', amount: dec('0.001'), price: dec('95000') })).toEqual({
      kind: 'refused',
      reason: "notional 95 is below the market's minimum 100",
    });
    expect(exchange.orders).toEqual([]);
  });

  it('derives client ids the exchanges accept, and refuses one they would not', () => {
    expect(clientOrderIdOf('tc1-', '9007199254740993')).toBe('tc1-9007199254740993');
    expect(() => clientOrderIdOf('a prefix with spaces', '1')).toThrow(RangeError);
  });
});
