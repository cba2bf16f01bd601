/**
 * The first piece of the exchange venue (docs/decisions/exchange-venue.md): an order row placed on the
 * exchange through ccxt's createOrder, with a client order id derived from the row, so asking again
 * after a crash names the same order and the exchange refuses a second one. Amounts and prices are
 * rounded to the market's precision, and an order the exchange would refuse for its size is refused
 * before it is sent. Not wired into the engine's minute yet: the port is still synchronous.
 */
import { InvalidOrder, type Exchange } from 'ccxt';
import type { OrderSide } from '@console/contracts';
import { dec, type Dec } from '../money';

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

export class ExchangeVenue {
  constructor(
    private readonly client: Exchange,
    private readonly clientIdPrefix: string,
  ) {}

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
