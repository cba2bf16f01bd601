/**
 * One venue per account, chosen by its mode (docs/decisions/exchange-venue.md): `paper` accounts keep
 * the paper venue; `demo` and `live` accounts trade through ccxt (`tradingClient`, sandbox in demo,
 * `api_url` as the origin) with their secret decrypted here.
 *
 * The engine's minute stays synchronous and pure. An exchange account's book answers it at once the
 * way an exchange can: a limit order rests, a cancel is taken, a resting order fills only by the trades
 * the exchange reported (polled before the minute). What must reach the exchange is a row first: the
 * minute writes new orders PLACING and cancelled ones CANCELING, and after its commit `send` carries
 * them out; a row whose fate is unknown (a crash, a network error) is asked for by its client id before
 * anything is placed again, so no order is placed twice.
 */
import { ExchangeError, NetworkError, type Trade } from 'ccxt';
import { ENGINE_LOG_EVENTS, type OrderSide } from '@console/contracts';
import { PaperVenue } from '../../execution/paper-venue';
import type { ExecutionEvent, Fill, LimitOrder, Venue, VenueMarket } from '../../execution/port';
import { DEFAULT_FILL_SETTINGS, type FillSettings } from '../../fills/fills';
import { dec, ZERO, type Dec } from '../../money';
import type { Pool } from 'pg';
import { inTransaction, type Db } from '../db';
import { ExchangeVenue } from '../exchange-venue';
import { decryptSecret } from '../secrets';
import { tradingClient } from '../trading-client';
import { logDivergence, logVenue, markCancelled, markPlaced, markPlacementFailed, readOpenExchangeOrders, readOpenPositions, readOutgoingOrders, readTradingAccounts, type OutgoingOrder } from '../sql/venue';

export interface ExchangeVenueOptions {
  /** ENCRYPTION_KEY: the accounts' secrets are decrypted with it. */
  encryptionKey: Buffer;
  /** This installation's client order id prefix, so two consoles on one exchange account never share ids. */
  clientIdPrefix: string;
  /** Test hooks: stop (throw) just before or just after an order's createOrder, as a crash would. */
  crashBeforeSend?: (orderId: string) => boolean;
  crashAfterSend?: (orderId: string) => boolean;
}

/** Where the fills of a symbol were read up to: the last trade's time and the trades seen at that time (`since` is inclusive). */
export interface FillsCursor {
  since: number;
  ids: string[];
}

/** An account's money as its exchange reports it: the USDT wallet (realised) and each position's unrealised PnL. */
export interface ExchangeBalance {
  wallet: Dec;
  unrealised: Dec[];
}

type Write = (body: (tx: Db) => Promise<void>) => Promise<void>;

interface AccountExchange {
  /** What the client was built from: a changed key, mode or URL builds it again. */
  built: string;
  venue: ExchangeVenue;
  /** The network error that paused new orders (null: trading). */
  paused: string | null;
  /** Polled trades by order row id, waiting for the minute that applies them. */
  inbox: Map<string, Trade[]>;
}

export class AccountVenues {
  private readonly accounts = new Map<number, AccountExchange>();
  /** Rows this engine wrote PLACING and has not sent yet: the only ones placed without asking first. */
  private readonly unsent = new Set<string>();
  /** Accounts whose secret the key cannot decrypt (said once). */
  private readonly unreadable = new Set<number>();
  /** Divergences logged already (once per engine process each). */
  private readonly reported = new Set<string>();
  /** Cursors read by the last poll, stored with the next minute's state. */
  private cursors: Record<string, FillsCursor> = {};
  /** Each account's money on the exchange as last read (none: the exchange has not answered yet). */
  private readonly balances = new Map<number, ExchangeBalance>();
  /** Signals whose position the last poll found gone from the exchange: the next minute ends them. */
  private gone = new Set<string>();
  /** Market order rows (filled in the books at the estimate) whose exchange trades the last poll looked for. */
  private readonly marketRows = new Map<string, number>();

  constructor(
    private readonly options: ExchangeVenueOptions,
    /** For market orders: the books record them at the paper venue's estimate (see `ExchangeBook.atMarket`). */
    private readonly fills?: FillSettings,
  ) {}

  /** The fee rate the books' estimate of a market order charged (the paper venue's taker rate). */
  get estimateFeeRate(): Dec {
    return (this.fills ?? DEFAULT_FILL_SETTINGS).taker_fee_rate;
  }

  trades(accountId: number): boolean {
    return this.accounts.has(accountId);
  }

  /** The accounts on an exchange and their clients, read again with the configuration. */
  async refresh(db: Db): Promise<void> {
    const rows = await readTradingAccounts(db);
    const seen = new Set<number>();
    for (const row of rows) {
      seen.add(row.id);
      const built = JSON.stringify([row.exchange, row.mode, row.api_url, row.api_key, row.api_secret_enc]);
      if (this.accounts.get(row.id)?.built === built) continue;
      let secret: string;
      try {
        secret = decryptSecret(row.api_secret_enc, this.options.encryptionKey);
      } catch {
        // A secret this key cannot read (another key, a placeholder) must not stop every account's trading:
        // the account is left out (it trades on paper) and the engine says so.
        if (!this.unreadable.has(row.id)) console.log(JSON.stringify({ level: 'error', service: 'engine', msg: `exchange account ${row.id}: its secret cannot be decrypted with ENCRYPTION_KEY; it trades on paper` }));
        this.unreadable.add(row.id);
        seen.delete(row.id);
        continue;
      }
      const client = tradingClient(row, secret);
      this.accounts.set(row.id, { built, venue: new ExchangeVenue(client, this.options.clientIdPrefix), paused: null, inbox: new Map() });
    }
    for (const id of [...this.accounts.keys()]) if (!seen.has(id)) this.accounts.delete(id);
  }

  /** The book a run of the account trades on; `orderIds` names its orders' rows. */
  book(accountId: number, orderIds: Record<string, string>, ticker: string | undefined): Venue {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`account ${accountId} trades on no exchange`);
    return new ExchangeBook(account, orderIds, ticker, new PaperVenue(this.fills));
  }

  /** Rows the minute wrote PLACING for this engine to send. */
  wrote(orderId: string): void {
    this.unsent.add(orderId);
  }

  /** The trades the last poll found for market orders the books filled at the estimate, by order row (taken once). */
  takeMarketFills(): { orderId: string; trades: Trade[] }[] {
    const taken: { orderId: string; trades: Trade[] }[] = [];
    for (const [orderId, accountId] of this.marketRows) {
      const inbox = this.accounts.get(accountId)?.inbox;
      const trades = inbox?.get(orderId);
      if (!trades?.length) continue;
      inbox!.delete(orderId);
      taken.push({ orderId, trades });
    }
    this.marketRows.clear();
    return taken;
  }

  /** The signals whose position is gone from the exchange (taken once). */
  takeGone(): string[] {
    const taken = [...this.gone];
    this.gone.clear();
    return taken;
  }

  /** The account's balance on the exchange as the last poll read it (null: not read). */
  balanceOf(accountId: number): ExchangeBalance | null {
    return this.balances.get(accountId) ?? null;
  }

  /** The cursors the last poll read, to store with the minute. */
  takeCursors(): Record<string, FillsCursor> {
    const taken = this.cursors;
    this.cursors = {};
    return taken;
  }

  /**
   * After a commit (and on start): every PLACING row placed, or adopted when the exchange has it under
   * its client id; every CANCELING row cancelled. Exchange refusals end the row PLACEMENT_FAILED with
   * the exchange's message in the log; a network error leaves the row PLACING and pauses the account's
   * new orders until the exchange answers again.
   */
  async send(pool: Pool): Promise<void> {
    // Each order's rows in one transaction after the exchange answered (no transaction waits on the network).
    const db: Db = pool;
    const write = (body: (tx: Db) => Promise<void>) => inTransaction(pool, body);
    for (const order of await readOutgoingOrders(db, [...this.accounts.keys()])) {
      const account = this.accounts.get(order.exchange_account_id);
      if (!account) continue;
      try {
        if (order.state === 'CANCELING') await this.cancel(write, account, order);
        else await this.place(write, account, order);
        if (account.paused !== null) {
          account.paused = null;
          await write((tx) => logVenue(tx, order, 'general', ENGINE_LOG_EVENTS.exchangeResumed, { message: 'the exchange answers again: new orders resume' }));
        }
      } catch (error) {
        if (error instanceof NetworkError) {
          this.unsent.delete(order.id);
          if (account.paused === null) await write((tx) => logVenue(tx, order, 'error', ENGINE_LOG_EVENTS.exchangePaused, { message: error.message }));
          account.paused = error.message;
          continue;
        }
        if (error instanceof ExchangeError) {
          this.unsent.delete(order.id);
          const refusal = { message: error.message, error: error.name };
          await write(async (tx) => {
            if (order.state === 'PLACING') return refusePlacement(tx, order, refusal);
            await logVenue(tx, order, 'error', ENGINE_LOG_EVENTS.exchangeRefused, refusal);
            await markCancelled(tx, order.id);
          });
          continue;
        }
        throw error;
      }
    }
  }

  private async place(write: Write, account: AccountExchange, order: OutgoingOrder): Promise<void> {
    const symbol = await account.venue.symbolOf(order.ticker);
    if (!this.unsent.has(order.id) || account.paused !== null) {
      // Sent before (by an engine that stopped, or into a network error): the exchange says whether it has it.
      const found = await account.venue.find(order.id, symbol);
      if (found) {
        await write(async (tx) => {
          await markPlaced(tx, order.id, found.exchangeOrderId);
          await logVenue(tx, order, 'general', ENGINE_LOG_EVENTS.exchangeOrderAdopted, { message: `the exchange has the order (${found.status ?? 'unknown'}): adopted`, exchange_order_id: found.exchangeOrderId });
        });
        return;
      }
    }
    if (this.options.crashBeforeSend?.(order.id)) throw new Error(`crash requested before sending order ${order.id}`);
    const market = order.time_in_force === 'IOC';
    const placed = await account.venue.place({
      orderId: order.id,
      symbol,
      side: order.direction,
      type: market ? 'market' : 'limit',
      amount: dec(order.quantity),
      price: market ? undefined : dec(order.price),
      postOnly: order.time_in_force === 'GTX',
      reduceOnly: order.order_type === 'exit',
    });
    if (this.options.crashAfterSend?.(order.id)) throw new Error(`crash requested after sending order ${order.id}`);
    this.unsent.delete(order.id);
    if (placed.kind === 'refused') {
      await write((tx) => refusePlacement(tx, order, { message: placed.reason }));
      return;
    }
    await write((tx) => markPlaced(tx, order.id, placed.exchangeOrderId));
  }

  private async cancel(write: Write, account: AccountExchange, order: OutgoingOrder): Promise<void> {
    const symbol = await account.venue.symbolOf(order.ticker);
    const outcome = await account.venue.cancel(order.id, order.exchange_order_id, symbol);
    await write(async (tx) => {
      await markCancelled(tx, order.id);
      if (outcome === 'unknown') await logVenue(tx, order, 'general', ENGINE_LOG_EVENTS.exchangeRefused, { message: 'the exchange knows no such open order: nothing to cancel' });
    });
  }

  private async diverged(pool: Pool, key: string, orderId: string | null, data: Record<string, unknown>, event: string = ENGINE_LOG_EVENTS.exchangeDivergence, type: 'divergence' | 'error' = 'divergence'): Promise<void> {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    await logDivergence(pool, event, orderId, data, type);
  }

  /**
   * Before a minute: the exchange's open orders against the open order rows (a `divergence` log row for
   * each difference, once; adopting the exchange's state is not built), then the trades on the accounts'
   * open orders since each symbol's cursor (`fetchMyTrades` per symbol), kept for the minute's books. A
   * network error leaves them for the next poll.
   */
  async poll(pool: Pool, stored: Record<string, FillsCursor>): Promise<void> {
    // Positions before orders and trades: a fill landing in between shows as a trade still to apply, and
    // its pair is compared at the next poll instead of being taken for a divergence.
    const held = await this.readPositions(pool);
    const open = await readOpenExchangeOrders(pool, [...this.accounts.keys()]);
    this.marketRows.clear();
    for (const row of open) if (row.market) this.marketRows.set(row.id, row.exchange_account_id);
    const bySymbol = new Map<string, Map<string, string>>();
    for (const row of open) {
      const key = `${row.exchange_account_id}:${row.ticker}`;
      if (!bySymbol.has(key)) bySymbol.set(key, new Map());
      bySymbol.get(key)!.set(row.exchange_order_id, row.id);
    }
    // The exchange's open orders first, then its trades: an open row neither open there nor explained by
    // a trade read after is a divergence, not a fill that landed in between.
    const openThere = new Map<number, Set<string> | null>();
    // Only accounts with open orders are asked: an account without any costs its exchange no request.
    for (const accountId of new Set(open.map((row) => row.exchange_account_id))) {
      const account = this.accounts.get(accountId);
      if (!account) continue;
      try {
        const listed = await account.venue.openOrders();
        openThere.set(accountId, new Set(listed.map((o) => o.exchangeOrderId)));
        const ours = new Set(open.filter((row) => row.exchange_account_id === accountId).map((row) => row.exchange_order_id));
        for (const order of listed) {
          if (!account.venue.owns(order.clientOrderId) || ours.has(order.exchangeOrderId)) continue;
          await this.diverged(pool, `${accountId}:${order.exchangeOrderId}`, null, {
            message: `the exchange holds open order ${order.clientOrderId} (${order.exchangeOrderId}) that no open order row accounts for`,
            client_order_id: order.clientOrderId,
          });
        }
      } catch (error) {
        if (!(error instanceof NetworkError || error instanceof ExchangeError)) throw error;
        await this.readFailed(pool, accountId, 'open orders', error);
        openThere.set(accountId, null);
      }
    }
    for (const [key, rows] of bySymbol) {
      const [accountId, ticker] = [Number(key.split(':')[0]), key.slice(key.indexOf(':') + 1)];
      const account = this.accounts.get(accountId);
      if (!account) continue;
      const cursor = this.cursors[key] ?? stored[key];
      let trades: Trade[];
      try {
        trades = await account.venue.trades(await account.venue.symbolOf(ticker), cursor?.since);
      } catch (error) {
        if (!(error instanceof NetworkError || error instanceof ExchangeError)) throw error;
        await this.readFailed(pool, accountId, 'trades', error);
        continue;
      }
      const fresh = trades
        .map((t) => ({ trade: t, id: t.id ?? '', at: t.timestamp ?? 0 }))
        .filter(({ id, at }) => id !== '' && !(cursor && (at < cursor.since || (at === cursor.since && cursor.ids.includes(id)))));
      for (const { trade } of fresh) {
        const rowId = trade.order === undefined ? undefined : rows.get(trade.order);
        if (rowId === undefined) continue;
        if (!account.inbox.has(rowId)) account.inbox.set(rowId, []);
        account.inbox.get(rowId)!.push(trade);
      }
      const listed = openThere.get(accountId);
      for (const [exchangeOrderId, rowId] of rows) {
        if (!listed || listed.has(exchangeOrderId) || account.inbox.get(rowId)?.length || this.marketRows.has(rowId)) continue;
        await this.diverged(pool, `${accountId}:${exchangeOrderId}`, rowId, { message: `order ${rowId} is open in the console, not on the exchange (${exchangeOrderId})`, exchange_order_id: exchangeOrderId });
      }
      if (!fresh.length) continue;
      const since = Math.max(...fresh.map((t) => t.at));
      const ids = [...(cursor?.since === since ? cursor.ids : []), ...fresh.filter((t) => t.at === since).map((t) => t.id)];
      this.cursors[key] = { since, ids };
    }
    await this.reconcilePositions(pool, held, bySymbol);
  }

  /**
   * A read the exchange refused or did not answer: an error row with the exchange's message, once per
   * account, read and message (a minute-long outage is one row, not one a poll); the read is tried again
   * at the next poll.
   */
  private async readFailed(pool: Pool, accountId: number, read: 'positions and balance' | 'open orders' | 'trades', error: Error): Promise<void> {
    const data = { message: error.message, error: error.name, exchange_account_id: accountId, read };
    await this.diverged(pool, `${accountId}:read:${read}:${error.message}`, null, data, ENGINE_LOG_EVENTS.exchangeReadFailed, 'error');
  }

  /** Every account's positions and balance on the exchange; an account whose exchange does not answer is left out of this poll. */
  private async readPositions(pool: Pool): Promise<Map<number, { ticker: string; size: Dec }[]>> {
    const held = new Map<number, { ticker: string; size: Dec }[]>();
    for (const [accountId, account] of this.accounts) {
      try {
        const positions = await account.venue.positions();
        const equity = await account.venue.equityUsdt();
        const unrealised = positions.map((p) => p.unrealised);
        this.balances.set(accountId, { wallet: unrealised.reduce((wallet, pnl) => wallet.minus(pnl), equity), unrealised });
        held.set(accountId, positions);
      } catch (error) {
        // The last balance read stays the account's until the exchange answers again; the exchange's
        // message is an error row, once per account and message (a minute-long outage is one row).
        if (!(error instanceof NetworkError || error instanceof ExchangeError)) throw error;
        await this.readFailed(pool, accountId, 'positions and balance', error);
      }
    }
    return held;
  }

  /**
   * The exchange's positions against the open position rows, pair by pair (net: the exchange holds one
   * position per pair in one-way mode): a position no row accounts for, rows with nothing on the
   * exchange, and a size that differs each write a `divergence` log row, once per difference. Sizes
   * match within one amount step per filled order (the exchange got each order rounded down to the
   * step). A pair with trades still to apply is compared at the next poll. Rows open with nothing on
   * the exchange are closed as lost by the next minute; the rest is logged only (see
   * docs/decisions/exchange-venue.md).
   */
  private async reconcilePositions(pool: Pool, held: Map<number, { ticker: string; size: Dec }[]>, bySymbol: Map<string, Map<string, string>>): Promise<void> {
    const rows = await readOpenPositions(pool, [...held.keys()]);
    this.gone.clear();
    for (const [accountId, positions] of held) {
      const account = this.accounts.get(accountId)!;
      const tickers = new Set([...positions.map((p) => p.ticker), ...rows.filter((r) => r.exchange_account_id === accountId).map((r) => r.ticker)]);
      for (const ticker of tickers) {
        const waiting = [...(bySymbol.get(`${accountId}:${ticker}`)?.values() ?? [])].some((rowId) => account.inbox.get(rowId)?.length);
        if (waiting) continue;
        const mine = rows.filter((r) => r.exchange_account_id === accountId && r.ticker === ticker);
        const books = mine.reduce((total, r) => total.plus(dec(r.coins)), ZERO);
        const there = positions.find((p) => p.ticker === ticker)?.size ?? ZERO;
        const tolerance = account.venue.amountStep(ticker).times(Math.max(1, mine.reduce((n, r) => n + r.fills, 0)));
        if (there.minus(books).abs().lessThan(tolerance) || (there.isZero() && books.isZero())) continue;
        const ids = mine.map((r) => r.id);
        if (there.isZero()) for (const r of mine) if (r.signal_id !== null) this.gone.add(r.signal_id);
        const side = (size: Dec) => `${size.isNegative() ? 'short' : 'long'} ${size.abs().toString()} ${ticker}`;
        const message = mine.length === 0
          ? `the exchange holds a ${side(there)} position that no open position row accounts for`
          : there.isZero()
            ? `position ${ids.join(', ')} is open in the console (${side(books)}), the exchange holds none: closed as lost`
            : `position ${ids.join(', ')} holds ${side(books)} in the console, the exchange holds ${side(there)}`;
        await this.diverged(pool, `${accountId}:position:${ticker}:${there.toString()}:${books.toString()}`, null, { message, ticker, exchange_size: there.toString(), console_size: books.toString(), position_ids: ids }, ENGINE_LOG_EVENTS.exchangePositionDivergence);
      }
    }
  }
}

/** A run's orders on an exchange account, answered at once as the exchange would before it reports anything. */
class ExchangeBook implements Venue {
  constructor(
    private readonly account: AccountExchange,
    private readonly orderIds: Record<string, string>,
    private readonly ticker: string | undefined,
    private readonly paper: PaperVenue,
  ) {}

  /** The order goes to the exchange after the minute commits; it rests until the exchange reports trades. */
  place(_order: LimitOrder, _market: VenueMarket): ExecutionEvent {
    return { kind: 'rests' };
  }

  /**
   * A market order: the strategy needs its fill within the minute, so the books take the paper venue's
   * estimate at the minute's close; the order itself goes to the exchange after the commit, and the
   * exchange's trades replace the estimate before the next minute (venue/market-fills.ts).
   */
  atMarket(direction: OrderSide, quantity: Dec, market: VenueMarket): Fill {
    return this.paper.atMarket(direction, quantity, market);
  }

  cancel(_order: LimitOrder): ExecutionEvent {
    return { kind: 'cancelled' };
  }

  /** The trades the exchange reported on the order since the last minute, as one fill (partial or whole). */
  match(order: LimitOrder, _market: VenueMarket): Fill | null {
    const rowId = order.key === undefined ? undefined : this.orderIds[order.key];
    const trades = rowId === undefined ? undefined : this.account.inbox.get(rowId);
    if (!rowId || !trades?.length) return null;
    this.account.inbox.delete(rowId);
    const left = order.quantity.minus(order.filled_quantity);
    const { quantity, price, fee } = tradesTotal(trades);
    if (quantity.isZero()) return null;
    const liquidity = trades.every((t) => t.takerOrMaker === 'maker') ? 'maker' : 'taker';
    // The exchange fills what was sent, the strategy's quantity rounded down to the market's step: when
    // that is all filled, the order is (the remainder below one step stays in the books' position).
    const sent = this.ticker === undefined ? order.quantity : this.account.venue.amountSent(this.ticker, order.quantity);
    const whole = order.filled_quantity.plus(quantity).greaterThanOrEqualTo(sent);
    return { price, quantity: whole || quantity.greaterThan(left) ? left : quantity, fee, liquidity };
  }
}

/** An order's trades together: the quantity, the volume-weighted price and the USDT fee. */
export function tradesTotal(trades: readonly Trade[]): { quantity: Dec; price: Dec; fee: Dec } {
  let quantity = ZERO;
  let cost = ZERO;
  let fee = ZERO;
  for (const trade of trades) {
    quantity = quantity.plus(dec(trade.amount ?? 0));
    cost = cost.plus(dec(trade.amount ?? 0).mul(dec(trade.price ?? 0)));
    // USDⓈ-M futures charge in the quote currency (USDT); a fee in another asset (BNB) is not money here.
    if (trade.fee?.cost !== undefined && trade.fee.currency === 'USDT') fee = fee.plus(dec(trade.fee.cost));
  }
  return { quantity, price: quantity.isZero() ? ZERO : cost.div(quantity), fee };
}

/** The exchange, or the venue's own check before sending, refused the order: the row ends PLACEMENT_FAILED with the reason logged. */
async function refusePlacement(tx: Db, order: OutgoingOrder, data: Record<string, unknown>): Promise<void> {
  await logVenue(tx, order, 'error', ENGINE_LOG_EVENTS.exchangeRefused, data);
  await markPlacementFailed(tx, order.id);
}
