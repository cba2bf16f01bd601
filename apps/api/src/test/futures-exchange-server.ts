/**
 * A local stand-in for Binance USDⓈ-M futures' REST API (ccxt's `binanceusdm` pointed at it through an
 * account's api_url): the exchange info ccxt's loadMarkets reads, and the signed account call behind
 * fetchBalance, answered from a recording or with Binance's refusal. It keeps each request (path, the
 * API key header, whether it was signed), so tests check what was sent. No test reaches the exchange.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * `GET /fapi/v3/account` as Binance answered it, recorded by ccxt: ccxt/ccxt,
 * ts/src/test/static/response/binance.json, method fetchBalance, "Linear swap balance".
 */
export const RECORDED_FUTURES_ACCOUNT = {
  feeTier: '0',
  canTrade: true,
  canDeposit: true,
  canWithdraw: true,
  tradeGroupId: '-1',
  updateTime: '0',
  multiAssetsMargin: false,
  totalInitialMargin: '0.00000000',
  totalMaintMargin: '0.00000000',
  totalWalletBalance: '31.02261200',
  totalUnrealizedProfit: '0.00000000',
  totalMarginBalance: '31.02261200',
  totalPositionInitialMargin: '0.00000000',
  totalOpenOrderInitialMargin: '0.00000000',
  totalCrossWalletBalance: '31.02261200',
  totalCrossUnPnl: '0.00000000',
  availableBalance: '31.02261200',
  maxWithdrawAmount: '31.02261200',
  assets: [
    {
      asset: 'USDT',
      walletBalance: '31.02261200',
      unrealizedProfit: '0.00000000',
      marginBalance: '31.02261200',
      maintMargin: '0.00000000',
      initialMargin: '0.00000000',
      positionInitialMargin: '0.00000000',
      openOrderInitialMargin: '0.00000000',
      maxWithdrawAmount: '31.02261200',
      crossWalletBalance: '31.02261200',
      crossUnPnl: '0.00000000',
      availableBalance: '31.02261200',
      marginAvailable: true,
      updateTime: '1701270042059',
    },
  ],
  positions: [],
};

/** Binance's refusal of a key it does not know, as its API documents error -2015. */
export const INVALID_API_KEY = { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' };

/** `GET /fapi/v1/exchangeInfo` in Binance's documented shape, with no symbols (fetchBalance needs none). */
const FUTURES_EXCHANGE_INFO = { timezone: 'UTC', serverTime: 1701270042059, futuresType: 'U_MARGINED', rateLimits: [], exchangeFilters: [], assets: [], symbols: [] };

export interface FuturesRequest {
  method: string;
  path: string;
  apiKey: string | null;
  signed: boolean;
}

export interface FuturesExchangeServer {
  origin: string;
  requests: FuturesRequest[];
  /** How the account call is answered next: the recording (default) or a refusal with its HTTP status. */
  answerAccount(answer: { status: number; body: unknown }): void;
  close(): Promise<void>;
}

export async function startFuturesExchangeServer(): Promise<FuturesExchangeServer> {
  const requests: FuturesRequest[] = [];
  let account: { status: number; body: unknown } = { status: 200, body: RECORDED_FUTURES_ACCOUNT };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://exchange.test');
    const apiKey = req.headers['x-mbx-apikey'];
    requests.push({ method: req.method ?? '', path: url.pathname, apiKey: typeof apiKey === 'string' ? apiKey : null, signed: url.searchParams.has('signature') });
    let reply: { status: number; body: unknown } = { status: 404, body: { code: -1, msg: 'not recorded' } };
    if (url.pathname === '/fapi/v1/exchangeInfo') reply = { status: 200, body: FUTURES_EXCHANGE_INFO };
    if (url.pathname === '/fapi/v3/account') reply = account;
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answerAccount: (next) => (account = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
