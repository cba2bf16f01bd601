/**
 * A local stand-in for Binance USDⓈ-M futures (ccxt's `binanceusdm` pointed at it): BTCUSDT's market,
 * the order endpoints (new order, query and cancel by id or client id, open orders, the account's
 * trades), and the account's positions and balance (which its fills move), answered in the shapes
 * Binance answers them. It can be told to fill an order (whole or in
 * part) and to fail the next request (429, insufficient margin, a dropped connection). It keeps every order it was sent
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

/**
 * One trade as Binance USDⓈ-M answers `GET /fapi/v1/userTrades`, in Binance's documented field set (the
 * same fields ccxt's binance parser reads: id, orderId, side, price, qty, quoteQty, commission,
 * commissionAsset, realizedPnl, maker, buyer, time). The stand-in fills in the values of each fill it
 * is told to make.
 */
export const USER_TRADE_SHAPE = {
  symbol: 'BTCUSDT',
  id: 698759,
  orderId: 4087922044,
  side: 'BUY',
  price: '95000.0',
  qty: '0.012',
  realizedPnl: '0',
  quoteQty: '1140.00000',
  commission: '0.22800000',
  commissionAsset: 'USDT',
  time: 1739781831932,
  positionSide: 'BOTH',
  buyer: true,
  maker: true,
};

/**
 * One position as Binance USDⓈ-M answers `GET /fapi/v3/positionRisk`, in the shape ccxt's binance
 * source records beside fetchPositionsRisk (ccxt/ccxt, ts/src/binance.ts, the "WLDUSDT" v3 answer; no
 * recorded fetchPositions answer is in ccxt's static fixtures). The stand-in answers one per symbol it
 * holds a position in, its amount, entry price, mark price and PnL set to its own.
 */
export const POSITION_RISK_SHAPE = {
  symbol: 'WLDUSDT',
  positionSide: 'BOTH',
  positionAmt: '5',
  entryPrice: '2.3483',
  breakEvenPrice: '2.349356735',
  markPrice: '2.39560000',
  unRealizedProfit: '0.23650000',
  liquidationPrice: '0',
  isolatedMargin: '0',
  notional: '11.97800000',
  isolatedWallet: '0',
  updateTime: '1722062678998',
  initialMargin: '2.39560000',
  maintMargin: '0.07186800',
  positionInitialMargin: '2.39560000',
  openOrderInitialMargin: '0',
  adl: '2',
  bidNotional: '0',
  askNotional: '0',
  marginAsset: 'USDT',
};

/**
 * `GET /fapi/v3/account` as Binance answered it, recorded by ccxt: ccxt/ccxt,
 * ts/src/test/static/response/binance.json, method fetchBalance, "Linear swap balance" (the API's
 * "Test connection" stand-in answers the same recording). The stand-in sets the USDT wallet, its
 * unrealised PnL and the totals to its own.
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

/** BTCUSDT's `GET /fapi/v1/leverageBracket` entry, in Binance's documented shape (ccxt reads it before positions), its first brackets. */
const LEVERAGE_BRACKETS = [
  {
    symbol: 'BTCUSDT',
    brackets: [
      { bracket: 1, initialLeverage: 125, notionalCap: 50000, notionalFloor: 0, maintMarginRatio: 0.004, cum: 0 },
      { bracket: 2, initialLeverage: 100, notionalCap: 250000, notionalFloor: 50000, maintMarginRatio: 0.005, cum: 50 },
    ],
  },
];

/** Binance's error answers, as its API documents them (code and message); ccxt maps the codes to its classes. */
const BINANCE_ERRORS = {
  /** HTTP 429: ccxt RateLimitExceeded. */
  rateLimit: { status: 429, body: { code: -1003, msg: 'Too many requests; current limit is 2400 requests per minute.' } },
  /** ccxt InsufficientFunds. */
  margin: { status: 400, body: { code: -2019, msg: 'Margin is insufficient.' } },
  /** ccxt OrderNotFound. */
  noOrder: { status: 400, body: { code: -2013, msg: 'Order does not exist.' } },
  /** ccxt OrderNotFound (a cancel of an order the exchange does not hold open). */
  unknownOrder: { status: 400, body: { code: -2011, msg: 'Unknown order sent.' } },
} as const;

/** An order the stand-in holds, answered in the recorded order's shape. */
export interface StandInOrder {
  orderId: number;
  clientOrderId: string;
  symbol: string;
  side: string;
  type: string;
  origQty: string;
  price: string;
  timeInForce: string;
  reduceOnly: boolean;
  status: 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED';
  executedQty: string;
}

/** One request the stand-in was sent on an order endpoint: method, path and parameters (signature and timestamp left out). */
export interface SentRequest {
  method: string;
  path: string;
  params: Record<string, string>;
}

export type Failure = 'rateLimit' | 'margin' | 'networkDrop';

export interface FuturesExchange {
  origin: string;
  /** The parameters of each new order, as sent (signature and timestamp left out). */
  orders: Record<string, string>[];
  /** Every signed request on the order, trade and account endpoints, in order. */
  requests: SentRequest[];
  /** The orders it holds, by client order id. */
  held: Map<string, StandInOrder>;
  /** The price market orders fill at (and positions are marked at). */
  marketPrice: string;
  /** The USDT wallet balance (realised): starts at 10000, moved by each fill's realised PnL and commission. */
  walletBalance: string;
  /** Each symbol's position (one-way mode): signed amount and entry price; a fill moves it. */
  positions: Map<string, { amount: number; entryPrice: number }>;
  /** Fills an order (by client id) for `quantity` (all that is left when not given) at `price` (its limit price when not given). */
  fill(clientOrderId: string, quantity?: string, price?: string): void;
  /** The next request on the order endpoint (new, query or cancel), or on `path` when given, fails so. */
  failNext(failure: Failure, path?: string): void;
  close(): Promise<void>;
}

export async function startFuturesExchange(): Promise<FuturesExchange> {
  const orders: Record<string, string>[] = [];
  const requests: SentRequest[] = [];
  const held = new Map<string, StandInOrder>();
  const trades: (typeof USER_TRADE_SHAPE)[] = [];
  const failures: { failure: Failure; path: string }[] = [];
  let nextId = 4087922044;
  let nextTrade = 698759;
  const answer = (order: StandInOrder) => ({
    ...RECORDED_FUTURES_ORDER,
    ...order,
    origType: order.type,
    avgPrice: order.status === 'NEW' ? '0.00' : order.price,
    cumQty: order.executedQty,
    updateTime: Date.now(),
  });
  const state = {
    marketPrice: '95000.0',
    wallet: 10000,
  };
  const positions = new Map<string, { amount: number; entryPrice: number }>();
  /** A fill moves the symbol's position (one-way: buys add, sells take away) and the wallet by what it realised. */
  const movePosition = (symbol: string, side: string, quantity: number, price: number, commission: number) => {
    const held = positions.get(symbol) ?? { amount: 0, entryPrice: 0 };
    const signed = side === 'BUY' ? quantity : -quantity;
    let realised = 0;
    if (held.amount === 0 || Math.sign(held.amount) === Math.sign(signed)) {
      const amount = held.amount + signed;
      held.entryPrice = (Math.abs(held.amount) * held.entryPrice + quantity * price) / Math.abs(amount);
      held.amount = amount;
    } else {
      const closed = Math.min(Math.abs(signed), Math.abs(held.amount));
      realised = closed * (price - held.entryPrice) * Math.sign(held.amount);
      held.amount = Number((held.amount + signed).toFixed(3));
      if (held.amount === 0) held.entryPrice = 0;
      else if (Math.sign(held.amount) === Math.sign(signed)) held.entryPrice = price;
    }
    state.wallet += realised - commission;
    if (held.amount === 0) positions.delete(symbol);
    else positions.set(symbol, held);
  };
  const unrealised = (position: { amount: number; entryPrice: number }) => position.amount * (Number(state.marketPrice) - position.entryPrice);
  const positionRisk = () =>
    [...positions].map(([symbol, position]) => ({
      ...POSITION_RISK_SHAPE,
      symbol,
      positionAmt: position.amount.toFixed(3),
      entryPrice: position.entryPrice.toFixed(8),
      breakEvenPrice: position.entryPrice.toFixed(8),
      markPrice: Number(state.marketPrice).toFixed(8),
      unRealizedProfit: unrealised(position).toFixed(8),
      notional: (position.amount * Number(state.marketPrice)).toFixed(8),
      updateTime: String(Date.now()),
    }));
  const account = () => {
    const wallet = state.wallet.toFixed(8);
    const pnl = [...positions.values()].reduce((total, position) => total + unrealised(position), 0).toFixed(8);
    const margin = (state.wallet + Number(pnl)).toFixed(8);
    return {
      ...RECORDED_FUTURES_ACCOUNT,
      totalWalletBalance: wallet,
      totalUnrealizedProfit: pnl,
      totalMarginBalance: margin,
      totalCrossWalletBalance: wallet,
      totalCrossUnPnl: pnl,
      assets: [{ ...RECORDED_FUTURES_ACCOUNT.assets[0], walletBalance: wallet, unrealizedProfit: pnl, marginBalance: margin, crossWalletBalance: wallet, crossUnPnl: pnl, updateTime: String(Date.now()) }],
    };
  };
  const addTrade = (order: StandInOrder, quantity: string, price: string, maker: boolean) => {
    const quote = Number(quantity) * Number(price);
    movePosition(order.symbol, order.side, Number(quantity), Number(price), quote * (maker ? 0.0002 : 0.0005));
    trades.push({
      ...USER_TRADE_SHAPE,
      symbol: order.symbol,
      id: nextTrade++,
      orderId: order.orderId,
      side: order.side,
      price,
      qty: quantity,
      quoteQty: quote.toFixed(5),
      // Binance's default USDⓈ-M rates: 0.02 % maker, 0.05 % taker.
      commission: (quote * (maker ? 0.0002 : 0.0005)).toFixed(8),
      time: Date.now(),
      buyer: order.side === 'BUY',
      maker,
    });
    const executed = Number(order.executedQty) + Number(quantity);
    order.executedQty = executed.toFixed(3);
    order.status = executed >= Number(order.origQty) ? 'FILLED' : 'PARTIALLY_FILLED';
  };
  const byParams = (params: Record<string, string>) =>
    params.origClientOrderId !== undefined ? held.get(params.origClientOrderId) : [...held.values()].find((o) => String(o.orderId) === params.orderId);

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://exchange.test');
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      let reply: { status: number; body: unknown } = { status: 404, body: { code: -1, msg: 'not recorded' } };
      const params = Object.fromEntries([...url.searchParams, ...new URLSearchParams(body)].filter(([key]) => key !== 'signature' && key !== 'timestamp'));
      const path = url.pathname;
      if (path === '/fapi/v1/exchangeInfo') reply = { status: 200, body: EXCHANGE_INFO };
      else {
        requests.push({ method: req.method ?? 'GET', path, params });
        const queued = failures.findIndex((f) => f.path === path);
        const failure = queued < 0 ? undefined : failures.splice(queued, 1)[0].failure;
        if (failure === 'networkDrop') {
          req.socket.destroy();
          return;
        }
        if (failure) reply = BINANCE_ERRORS[failure];
        else if (path === '/fapi/v1/order' && req.method === 'POST') {
          orders.push(params);
          const market = params.type === 'MARKET';
          const order: StandInOrder = {
            orderId: nextId++,
            clientOrderId: params.newClientOrderId,
            symbol: params.symbol,
            side: params.side,
            type: params.type,
            origQty: params.quantity,
            price: params.price ?? '0',
            timeInForce: params.timeInForce ?? 'GTC',
            reduceOnly: params.reduceOnly === 'true',
            status: 'NEW',
            executedQty: '0.000',
          };
          held.set(order.clientOrderId, order);
          // A market order takes at once at the stand-in's price.
          if (market) addTrade(order, order.origQty, state.marketPrice, false);
          reply = { status: 200, body: { ...answer(order), price: market ? '0' : order.price } };
        } else if (path === '/fapi/v1/order' && req.method === 'GET') {
          const order = byParams(params);
          reply = order ? { status: 200, body: answer(order) } : BINANCE_ERRORS.noOrder;
        } else if (path === '/fapi/v1/order' && req.method === 'DELETE') {
          const order = byParams(params);
          if (order && (order.status === 'NEW' || order.status === 'PARTIALLY_FILLED')) {
            order.status = 'CANCELED';
            reply = { status: 200, body: answer(order) };
          } else reply = BINANCE_ERRORS.unknownOrder;
        } else if (path === '/fapi/v1/openOrders') {
          reply = { status: 200, body: [...held.values()].filter((o) => (o.status === 'NEW' || o.status === 'PARTIALLY_FILLED') && (!params.symbol || o.symbol === params.symbol)).map(answer) };
        } else if (path === '/fapi/v3/positionRisk') {
          reply = { status: 200, body: positionRisk() };
        } else if (path === '/fapi/v1/leverageBracket') {
          reply = { status: 200, body: LEVERAGE_BRACKETS };
        } else if (path === '/fapi/v3/account') {
          reply = { status: 200, body: account() };
        } else if (path === '/fapi/v1/userTrades') {
          const from = Number(params.startTime ?? 0);
          const to = Number(params.endTime ?? Number.MAX_SAFE_INTEGER);
          reply = { status: 200, body: trades.filter((t) => t.symbol === params.symbol && t.time >= from && t.time <= to) };
        }
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    orders,
    requests,
    held,
    get marketPrice() {
      return state.marketPrice;
    },
    set marketPrice(price: string) {
      state.marketPrice = price;
    },
    get walletBalance() {
      return state.wallet.toFixed(8);
    },
    set walletBalance(balance: string) {
      state.wallet = Number(balance);
    },
    positions,
    fill(clientOrderId, quantity, price) {
      const order = held.get(clientOrderId);
      if (!order) throw new Error(`the stand-in holds no order ${clientOrderId}`);
      const left = (Number(order.origQty) - Number(order.executedQty)).toFixed(3);
      addTrade(order, quantity ?? left, price ?? order.price, true);
    },
    failNext(failure, path = '/fapi/v1/order') {
      failures.push({ failure, path });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
