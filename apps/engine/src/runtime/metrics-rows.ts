/**
 * The metrics rows: one account_metrics row per exchange account with a deposit, each minute. The wallet
 * holds the money put in plus what was realised (a demo or live account: the USDT wallet and positions'
 * PnL its exchange reports); money moved in or out reaches the row as its flow.
 */
import { flowSince, minuteMetrics } from '../metrics/account-metrics';
import { ZERO, type Dec } from '../money';
import { isFinal } from '../strategy/lifecycle';
import { isOpenOrder } from '../strategy/orders';
import { iso } from './db';
import type { EngineCore, RunRecord } from './engine-state';
import type { Span } from './risk-step';
import { accountVar } from './risk-inputs';

/** One account_metrics row per exchange account with a deposit, at this minute. */
export function metricsRows(e: EngineCore, minute: number, span: Span): void {
  const at = iso(minute);
  for (const [accountId, deposit] of e.deposits) {
    if (deposit.isZero()) continue;
    const unrealised: Dec[] = [];
    const open_order_values: Dec[] = [];
    const open: RunRecord[] = [];
    for (const r of e.runs.values()) {
      if (r.accountId !== accountId || isFinal(r.run)) continue;
      open.push(r);
      unrealised.push(r.run.position.u_pnl);
      for (const o of r.run.orders) if (isOpenOrder(o)) open_order_values.push(o.price.times(o.quantity.minus(o.filled_quantity)));
    }
    const previous = e.doc.metrics[accountId] ?? null;
    const exposed = open.flatMap((r) => {
      const ticker = e.feeds.get(r.pairId)?.ticker;
      return ticker ? [{ ticker, run: r.run }] : [];
    });
    const risk = accountVar(exposed, e.closes, minute);
    // A demo or live account's money is what its exchange reports (read before the minute); the paper books'
    // deposit and realised PnL only until the exchange has answered once.
    const exchange = e.venues?.balanceOf(accountId) ?? null;
    const state = minuteMetrics(previous, {
      exchange_account_id: accountId,
      at: minute,
      balances: { usdt: exchange ? exchange.wallet : deposit.plus(span.realised.of(accountId)), usdc: ZERO, other_stable: ZERO, coins: [] },
      unrealised: exchange ? exchange.unrealised : unrealised,
      open_order_values,
      var: risk.var,
      var_with_orders: risk.varWithOrders,
      // A deposit or withdrawal since the last row shifts every base, so it is neither a return nor a drawdown.
      flow: flowSince(previous, deposit),
      initial_deposit: deposit,
    });
    e.doc.metrics[accountId] = state;
    span.out.metric({ ...state.row, at });
    e.changes.metricsWritten();
  }
}
