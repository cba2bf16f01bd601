/**
 * A local stand-in for Binance's public REST API, for ccxt pointed at it (MARKET_DATA_EXCHANGE_ORIGIN):
 * it answers `exchangeInfo` (for ccxt's loadMarkets) and hands every `klines` request to the test, and
 * keeps each request it got. No test reaches the exchange itself.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * 1-minute klines as Binance answered them, recorded by ccxt: ccxt/ccxt, ts/src/test/static/response/binance.json,
 * method fetchOHLCV, "swap ohlcv" (BTC/USDT:USDT, 1m, limit 3). Spot klines have the same twelve fields.
 */
export const RECORDED_KLINES = [
  [1712738460000, '71481.90', '71481.90', '71481.90', '71481.90', '0.002', 1712738519999, '142.96380', 1, '0.002', '142.96380', '0'],
  [1712738520000, '71471.00', '71471.00', '70459.40', '70459.40', '0.120', 1712738579999, '8518.17600', 9, '0.061', '4359.72600', '0'],
  [1712738580000, '71470.70', '71470.90', '70459.40', '70459.40', '1.542', 1712738639999, '108661.55840', 8, '0.013', '929.12130', '0'],
] as const;

/** Binance's error body, as its API documents it, for a symbol it does not list. */
export const INVALID_SYMBOL = { code: -1121, msg: 'Invalid symbol.' };

/**
 * BTCUSDT's entry of `GET /api/v3/exchangeInfo`, in Binance's documented shape, trimmed to the fields
 * ccxt reads (ccxt's recorded answers hold no exchangeInfo).
 */
const EXCHANGE_INFO = {
  timezone: 'UTC',
  serverTime: 1712738460000,
  rateLimits: [],
  exchangeFilters: [],
  symbols: [
    {
      symbol: 'BTCUSDT',
      status: 'TRADING',
      baseAsset: 'BTC',
      baseAssetPrecision: 8,
      quoteAsset: 'USDT',
      quotePrecision: 8,
      quoteAssetPrecision: 8,
      orderTypes: ['LIMIT', 'MARKET'],
      isSpotTradingAllowed: true,
      isMarginTradingAllowed: true,
      filters: [
        { filterType: 'PRICE_FILTER', minPrice: '0.01000000', maxPrice: '1000000.00000000', tickSize: '0.01000000' },
        { filterType: 'LOT_SIZE', minQty: '0.00001000', maxQty: '9000.00000000', stepSize: '0.00001000' },
      ],
      permissions: [],
      permissionSets: [['SPOT', 'MARGIN']],
    },
  ],
};

export interface ExchangeAnswer {
  status: number;
  body: unknown;
}

export interface ExchangeServer {
  origin: string;
  /** The klines requests, in order. */
  klines: URL[];
  /** How the next klines requests are answered. */
  answerKlines(answer: (url: URL) => ExchangeAnswer): void;
  /** An answer instead of the exchange info (null: the exchange info again). */
  refuseExchangeInfo(answer: ExchangeAnswer | null): void;
  close(): Promise<void>;
}

/** Klines of `rows` (Binance's twelve fields) the way Binance pages them: from startTime, at most `limit`. */
export function pagedKlines(rows: readonly (readonly unknown[])[]): (url: URL) => ExchangeAnswer {
  return (url) => {
    const start = Number(url.searchParams.get('startTime') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 500);
    return { status: 200, body: rows.filter((row) => (row[0] as number) >= start).slice(0, limit) };
  };
}

export async function startExchangeServer(): Promise<ExchangeServer> {
  const klines: URL[] = [];
  let answer: (url: URL) => ExchangeAnswer = () => ({ status: 200, body: [] });
  let infoRefusal: ExchangeAnswer | null = null;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://exchange.test');
    let reply: ExchangeAnswer = { status: 404, body: { code: -1, msg: 'not recorded' } };
    if (url.pathname === '/api/v3/exchangeInfo') reply = infoRefusal ?? { status: 200, body: EXCHANGE_INFO };
    if (url.pathname === '/api/v3/klines') {
      klines.push(url);
      reply = answer(url);
    }
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    klines,
    answerKlines: (next) => (answer = next),
    refuseExchangeInfo: (refusal) => (infoRefusal = refusal),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
