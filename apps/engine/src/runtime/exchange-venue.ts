/**
 * The first piece of the exchange venue (docs/decisions/exchange-venue.md): an order row placed on the
 * exchange through ccxt's createOrder, with a client order id derived from the row, so asking again
 * after a crash names the same order and the exchange refuses a second one. Amounts and prices are
 * rounded to the market's precision, and an order the exchange would refuse for its size is refused
 * before it is sent. The engine reaches it through the account venues (venue/accounts.ts), after the
 * minute that wrote the order rows has committed.
 */
import { InvalidOrder, OrderNotFound, type Exchange, type Trade } from 'ccxt';
import type { OrderSide } from '@console/contracts';
import { dec, ZERO, type Dec } from '../money';

/** Binance and Bybit both take at most 36 characters of [A-Za-z0-9_-] as a client order id. */
const CLIENT_ORDER_ID = /^[A-Za-z0-9_-]{1,36}$/;

/** The client order id of an order row: the installation's prefix and the row's id. */
export function clientOrderIdOf(prefix: string, orderId: string): string {
  const id = `${prefix}${orderId}`;
  if (!CLIENT_ORDER_ID.test(id)) throw new RangeError(`client order id ${id} is not 1–36 characters of [A-Za-z0-9_-]`);
  return id;
}

/** One order row as the venue sends it. */
export interface ExchangeOrder {
  /** orders.id */
  orderId: string;
  /** ccxt's unified symbol, such as BTC/USDT:USDT. */
  symbol: string;
  side: OrderSide;
  type: 'limit' | 'market';
  amount: Dec;
  /** Limit orders only. */
  price?: Dec;
  /** Best limit: the order must rest (maker only). */
  postOnly?: boolean;
  /** Exits and closes: the order may only shrink the position. */
  reduceOnly?: boolean;
}

export type PlaceResult =
  | { kind: 'placed'; clientOrderId: string; exchangeOrderId: string; status: string | undefined }
  /** Refused before sending: the reason goes to the log row. */
  | { kind: 'refused'; reason: string };

/** An order the exchange knows, as read back by its client id. */
export interface FoundOrder {
  exchangeOrderId: string;
  status: string | undefined;
}

export class ExchangeVenue {
  constructor(
    private readonly client: Exchange,
    private readonly clientIdPrefix: string,
  ) {}

  /** ccxt's unified symbol of the exchange's market id (`BTCUSDT` → `BTC/USDT:USDT`). */
  async symbolOf(ticker: string): Promise<string> {
    await this.client.loadMarkets();
    const market = this.client.markets_by_id?.[ticker]?.find((m: { swap?: boolean }) => m.swap) ?? this.client.markets_by_id?.[ticker]?.[0];
    if (!market) throw new InvalidOrder(`${this.client.id} has no market ${ticker}`);
    return market.symbol;
  }

  /**
   * The amount an order of `amount` is sent for (ccxt's amountToPrecision at the market's step), once the
   * markets are loaded (any order or poll loads them); the amount itself before.
   */
  amountSent(ticker: string, amount: Dec): Dec {
    const market = this.client.markets_by_id?.[ticker]?.find((m: { swap?: boolean }) => m.swap);
    if (!market) return amount;
    try {
      return dec(this.client.amountToPrecision(market.symbol, amount.toString()) ?? amount);
    } catch {
      return amount;
    }
  }

  /** The order the exchange holds under the row's client id, or null when it has none (never placed). */
  async find(orderId: string, symbol: string): Promise<FoundOrder | null> {
    const clientOrderId = clientOrderIdOf(this.clientIdPrefix, orderId);
    try {
      const order = await this.client.fetchOrder(undefined as unknown as string, symbol, { clientOrderId });
      return { exchangeOrderId: order.id ?? '', status: order.status };
    } catch (error) {
      if (error instanceof OrderNotFound) return null;
      throw error;
    }
  }

  /** Cancels by the exchange's id, or by the client id when the id never came back; an order gone already is no error. */
  async cancel(orderId: string, exchangeOrderId: string | null, symbol: string): Promise<'cancelled' | 'unknown'> {
    try {
      if (exchangeOrderId) await this.client.cancelOrder(exchangeOrderId, symbol);
      else await this.client.cancelOrder(undefined as unknown as string, symbol, { clientOrderId: clientOrderIdOf(this.clientIdPrefix, orderId) });
      return 'cancelled';
    } catch (error) {
      if (error instanceof OrderNotFound) return 'unknown';
      throw error;
    }
  }

  /** The account's open orders on every symbol, with their client ids. */
  async openOrders(): Promise<{ exchangeOrderId: string; clientOrderId: string | undefined }[]> {
    // Without a symbol Binance answers all of them (and weighs the request more); ccxt warns unless told.
    this.client.options.warnOnFetchOpenOrdersWithoutSymbol = false;
    return (await this.client.fetchOpenOrders()).map((o) => ({ exchangeOrderId: o.id ?? '', clientOrderId: o.clientOrderId }));
  }

  /**
   * The account's positions on the exchange, by market id (`BTCUSDT`): signed size (long +, short −) in
   * coins, and unrealised PnL. Binance answers only symbols with a position.
   */
  async positions(): Promise<{ ticker: string; size: Dec; unrealised: Dec }[]> {
    await this.client.loadMarkets();
    const held = await this.client.fetchPositions();
    return held
      .filter((p) => (p.contracts ?? 0) !== 0)
      .map((p) => {
        const market = this.client.market(p.symbol);
        const coins = dec(p.contracts ?? 0).mul(dec(market.contractSize ?? 1));
        return { ticker: String(market.id ?? p.symbol), size: p.side === 'short' ? coins.neg() : coins, unrealised: dec(p.unrealizedPnl ?? 0) };
      });
  }

  /** The account's USDT on the exchange: its total (equity: the wallet and the positions' unrealised PnL). */
  async equityUsdt(): Promise<Dec> {
    const balance = await this.client.fetchBalance();
    return dec((balance.total as unknown as Record<string, number | undefined>).USDT ?? 0);
  }

  /** The market's amount step (one contract's precision), for comparing sizes the exchange rounded. */
  amountStep(ticker: string): Dec {
    const market = this.client.markets_by_id?.[ticker]?.find((m: { swap?: boolean }) => m.swap);
    const step = market?.precision?.amount;
    return step === undefined ? ZERO : dec(step);
  }

  /** Whether a client order id is one of this installation's. */
  owns(clientOrderId: string | undefined): boolean {
    return clientOrderId !== undefined && clientOrderId.startsWith(this.clientIdPrefix);
  }

  /** The account's trades on the symbol from `since` (inclusive; the exchange's recent ones without it). */
  async trades(symbol: string, since: number | undefined): Promise<Trade[]> {
    return this.client.fetchMyTrades(symbol, since);
  }

  async place(order: ExchangeOrder): Promise<PlaceResult> {
    await this.client.loadMarkets();
    const market = this.client.market(order.symbol);
    let amount: string;
    let price: string | undefined;
    try {
      amount = this.client.amountToPrecision(order.symbol, order.amount.toString()) ?? '0';
      price = order.type === 'limit' && order.price ? (this.client.priceToPrecision(order.symbol, order.price.toString()) ?? undefined) : undefined;
    } catch (error) {
      // ccxt refuses an amount that rounds to nothing at the market's step: the exchange would too.
      if (error instanceof InvalidOrder) return { kind: 'refused', reason: error.message };
      throw error;
    }
    const minAmount = market.limits.amount?.min;
    if (minAmount !== undefined && dec(amount).lt(dec(minAmount))) return { kind: 'refused', reason: `amount ${amount} is below the market's minimum ${minAmount}` };
    const minCost = market.limits.cost?.min;
    if (minCost !== undefined && price !== undefined && dec(amount).mul(price).lt(dec(minCost))) {
      return { kind: 'refused', reason: `notional ${dec(amount).mul(price).toString()} is below the market's minimum ${minCost}` };
    }
    const clientOrderId = clientOrderIdOf(this.clientIdPrefix, order.orderId);
    const params = { clientOrderId, ...(order.postOnly ? { postOnly: true } : {}), ...(order.reduceOnly ? { reduceOnly: true } : {}) };
    const placed = await this.client.createOrder(order.symbol, order.type, order.side, Number(amount), price === undefined ? undefined : Number(price), params);
    return { kind: 'placed', clientOrderId, exchangeOrderId: placed.id ?? '', status: placed.status };
  }
}
