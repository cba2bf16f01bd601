/**
 * A market order on an exchange account is booked twice. Within its minute the strategy needs the fill
 * at once, so the books take the paper venue's estimate (price with slippage, taker fee); once the
 * exchange's trades for the order are read (the poll before the next minute), the order row, the
 * position's realised PnL and the signal's figures take the exchange's price and fee instead. A run still
 * in memory (a reduce) is changed there, so the minute's rows carry it; a run that ended with the order
 * (a close) has only its rows left, which are changed in place. The strategy's market orders are exits
 * (closes at market, reduces, the signal's time limit), so the difference lands in realised PnL.
 */
import { ENGINE_LOG_EVENTS } from '@console/contracts';
import type { Trade } from 'ccxt';
import { feeOf } from '../../fills/fills';
import { MINUTE_MS } from '../../market/candle';
import { dec, toScale, type Dec } from '../../money';
import type { Db } from '../db';
import type { EngineCore } from '../engine-state';
import { logVenue, markBooked, readMarketOrder, shiftEndedRun } from '../sql/venue';
import { tradesTotal } from './accounts';

/** Books the exchange's trades of the market orders the last poll found, in the minute's transaction (before its realised PnL is read). */
export async function bookMarketFills(e: EngineCore, db: Db, minute: number, fills: { orderId: string; trades: Trade[] }[], estimateFeeRate: Dec): Promise<void> {
  for (const { orderId, trades } of fills) {
    const row = await readMarketOrder(db, orderId);
    if (!row) continue;
    const total = tradesTotal(trades);
    if (total.quantity.isZero()) continue;
    const quantity = dec(row.quantity);
    const estimate = { price: dec(row.price), fee: feeOf(dec(row.price), quantity, estimateFeeRate) };
    const price = toScale(total.price, 'price');
    // The books sold (bought back) `quantity` at the estimate; the exchange's price moves the proceeds by
    // the difference (against a buy), and its fee replaces the estimated one.
    const proceeds = price.minus(estimate.price).times(quantity);
    const pnlShift = toScale((row.direction === 'sell' ? proceeds : proceeds.neg()).minus(total.fee.minus(estimate.fee)), 'money');
    const record = e.runs.get(row.signal_id);
    const key = record && Object.entries(record.orderIds).find(([, id]) => id === row.id)?.[0];
    const index = record && key !== undefined ? record.run.orders.findIndex((o) => String(o.key) === key) : -1;
    if (record && index >= 0) {
      const run = record.run;
      const order = run.orders[index];
      const orders = [...run.orders];
      // Its row is written again with the minute's rows (those changed at the minute's end).
      orders[index] = { ...order, price, updated_at: minute + MINUTE_MS };
      record.run = { ...run, exited: { ...run.exited, value: run.exited.value.plus(proceeds) }, orders, position: { ...run.position, r_pnl: run.position.r_pnl.plus(pnlShift) } };
      e.touched.add(record.signalId);
    } else {
      await shiftEndedRun(db, row.signal_id, pnlShift.toFixed(), proceeds.toFixed());
    }
    await markBooked(db, row.id, price.toFixed());
    await logVenue(db, row, 'general', ENGINE_LOG_EVENTS.exchangeFillBooked, {
      message: `booked at the exchange's trades: price ${price.toFixed()} (estimate ${estimate.price.toFixed()}), fee ${total.fee.toFixed()} USDT (estimate ${estimate.fee.toFixed()})`,
      price: price.toFixed(),
      fee: total.fee.toFixed(),
      estimate_price: estimate.price.toFixed(),
      estimate_fee: estimate.fee.toFixed(),
      realised_pnl_shift: pnlShift.toFixed(),
    });
  }
}
