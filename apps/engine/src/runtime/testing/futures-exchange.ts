/**
 * A local stand-in for Binance USDⓈ-M futures (ccxt's `binanceusdm` pointed at it): BTCUSDT's market,
 * and the new-order endpoint answered in the shape Binance answers it. It keeps every order it was sent
 * (its parameters as the exchange reads them), so tests assert the exact request. No test reaches the
 * exchange.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One order as Binance USDⓈ-M answered it, recorded by ccxt: ccxt/ccxt,
 * ts/src/test/static/response/binance.json, method createOrders, "create swap orders" (its one order).
 * The stand-in answers each new order with it, its id, client id, side, type, quantity and price set to
 * the request's.
 */
export const RECORDED_FUTURES_ORDER = {
  orderId: 4087922044,
  symbol: 'BTCUSDT',
  status: 'NEW',
  clientOrderId: 'x-xcKtGhcu04075babaeb34c55af79ba',
  price: '110001.00',
  avgPrice: '0.00',
  origQty: '0.200',
  executedQty: '0.000',
  cumQty: '0.000',
  cumQuote: '0.00000',
  timeInForce: 'GTC',
  type: 'LIMIT',
  reduceOnly: false,
  closePosition: false,
  side: 'SELL',
  positionSide: 'BOTH',
  stopPrice: '0.00',
  workingType: 'CONTRACT_PRICE',
  priceProtect: false,
  origType: 'LIMIT',
  priceMatch: 'NONE',
  selfTradePreventionMode: 'NONE',
  goodTillDate: 0,
  updateTime: 1739781831932,
};

/** BTCUSDT's entry of `GET /fapi/v1/exchangeInfo`, in Binance's documented shape, trimmed to what ccxt reads. */
const EXCHANGE_INFO = {
  timezone: 'UTC',
  serverTime: 1739781831932,
  futuresType: 'U_MARGINED',
  rateLimits: [],
  exchangeFilters: [],
  assets: [{ asset: 'USDT', marginAvailable: true, autoAssetExchange: '-10000' }],
  symbols: [
    {
      symbol: 'BTCUSDT',
      pair: 'BTCUSDT',
      contractType: 'PERPETUAL',
      deliveryDate: 4133404800000,
      onboardDate: 1569398400000,
      status: 'TRADING',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      marginAsset: 'USDT',
      pricePrecision: 2,
      quantityPrecision: 3,
      baseAssetPrecision: 8,
      quotePrecision: 8,
      underlyingType: 'COIN',
      triggerProtect: '0.0500',
      filters: [
        { filterType: 'PRICE_FILTER', minPrice: '556.80', maxPrice: '4529764', tickSize: '0.10' },
        { filterType: 'LOT_SIZE', minQty: '0.001', maxQty: '1000', stepSize: '0.001' },
        { filterType: 'MARKET_LOT_SIZE', minQty: '0.001', maxQty: '120', stepSize: '0.001' },
        { filterType: 'MAX_NUM_ORDERS', limit: 200 },
        { filterType: 'MIN_NOTIONAL', notional: '100' },
        { filterType: 'PERCENT_PRICE', multiplierUp: '1.0500', multiplierDown: '0.9500', multiplierDecimal: '4' },
      ],
      orderTypes: ['LIMIT', 'MARKET', 'STOP', 'STOP_MARKET', 'TAKE_PROFIT', 'TAKE_PROFIT_MARKET', 'TRAILING_STOP_MARKET'],
      timeInForce: ['GTC', 'IOC', 'FOK', 'GTX', 'GTD'],
    },
  ],
};

export interface FuturesExchange {
  origin: string;
  /** The parameters of each new order, as sent (signature and timestamp left out). */
  orders: Record<string, string>[];
  close(): Promise<void>;
}

export async function startFuturesExchange(): Promise<FuturesExchange> {
  const orders: Record<string, string>[] = [];
  let nextId = 4087922044;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://exchange.test');
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      let reply: { status: number; body: unknown } = { status: 404, body: { code: -1, msg: 'not recorded' } };
      if (url.pathname === '/fapi/v1/exchangeInfo') reply = { status: 200, body: EXCHANGE_INFO };
      if (url.pathname === '/fapi/v1/order' && req.method === 'POST') {
        const params = Object.fromEntries([...url.searchParams, ...new URLSearchParams(body)].filter(([key]) => key !== 'signature' && key !== 'timestamp'));
        orders.push(params);
        reply = {
          status: 200,
          body: { ...RECORDED_FUTURES_ORDER, orderId: nextId++, clientOrderId: params.newClientOrderId, side: params.side, type: params.type, origType: params.type, origQty: params.quantity, price: params.price ?? '0', reduceOnly: params.reduceOnly === 'true' },
        };
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    orders,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
