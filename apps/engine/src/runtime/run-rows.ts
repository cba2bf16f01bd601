/**
 * The rows of the runs: every run touched since the last flush becomes its signal, order, position and
 * log rows in the transaction's write batch; new signals and orders get their ids here.
 */
import { MINUTE_MS } from '../market/candle';
import { isFinal, type SignalRun } from '../strategy/lifecycle';
import type { RealisedPnl, WriteBatch } from './batch';
import { encodeState } from './codec';
import { iso, type Db } from './db';
import type { EngineCore, RunRecord } from './engine-state';
import { nextIds } from './sql/trading';

/**
 * Every run touched since the last collect into `out` (every open run after a traded minute): its signal,
 * orders, position, log rows and stored run; new signals and orders get their ids here. `realised`
 * follows the position rows.
 */
export async function collect(e: EngineCore, db: Db, minute: number, out: WriteBatch, realised: RealisedPnl | null, minuteTraded = true): Promise<void> {
  const now = minute + MINUTE_MS;
  const ids = await nextIds(db, 'signals_id_seq', e.pendingNew.length);
  e.pendingNew.forEach((entry, i) => {
    entry.record.signalId = ids[i];
    e.runs.set(ids[i], entry.record);
    e.fresh.add(ids[i]);
    e.touched.add(ids[i]);
    e.logEvents(entry.record, entry.events, entry.profile, entry.ticker);
  });
  e.pendingNew = [];
  // Open runs change their figures with every price; between minutes only what the commands changed is new.
  if (minuteTraded) for (const record of e.runs.values()) if (!isFinal(record.run)) e.touched.add(record.signalId);

  const records = [...e.touched].map((id) => e.runs.get(id)).filter((r): r is RunRecord => r !== undefined);
  const newOrders = records.flatMap((r) => r.run.orders.filter((o) => r.orderIds[o.key] === undefined).map((o) => ({ r, o })));
  const orderIds = await nextIds(db, 'orders_id_seq', newOrders.length);
  newOrders.forEach(({ r, o }, i) => (r.orderIds[o.key] = orderIds[i]));

  const stamp = iso(now);
  for (const r of records) out.signal(r.signalId, { id: r.signalId, exchange_account_id: r.accountId, profile_id: r.profileId, pair_id: r.pairId, ...signalColumns(r.run), updated_at: stamp }, e.fresh.has(r.signalId));
  e.changes.rowsChanged('signals', 'signals', 'created', records.filter((r) => e.fresh.has(r.signalId)).map((r) => r.signalId));
  e.changes.rowsChanged('signals', 'signals', 'updated', records.filter((r) => !e.fresh.has(r.signalId)).map((r) => r.signalId));
  const orderRow = (r: RunRecord, o: SignalRun['orders'][number]) => ({
    id: r.orderIds[o.key], signal_id: r.signalId, exchange_account_id: r.accountId, profile_id: r.profileId, pair_id: r.pairId,
    order_type: o.order_type, direction: o.direction, position_direction: o.position_direction, price: o.price, quantity: o.quantity,
    filled_quantity: o.filled_quantity, state: o.state, status: o.status, exchange_status: o.exchange_status, time_in_force: o.time_in_force,
    created_at: iso(o.created_at), updated_at: iso(o.updated_at),
  });
  const freshOrders = new Set(newOrders.map(({ o }) => o));
  // An exchange account's order is a row before it is a request: new ones are written PLACING and
  // cancelled ones CANCELING, and the account venues carry them out after the commit (venue/accounts.ts).
  const onExchange = (r: RunRecord) => e.venues?.trades(r.accountId) ?? false;
  for (const { r, o } of newOrders) {
    const row = orderRow(r, o);
    if (onExchange(r) && (o.state === 'PLACED' || o.state === 'FILLED')) {
      Object.assign(row, { state: 'PLACING', status: 'PLACING', exchange_status: null });
      e.venues?.wrote(row.id);
    }
    out.order(row.id, row, true);
  }
  const changedOrders = records.flatMap((r) =>
    r.run.orders
      .filter((o) => o.updated_at === now && !freshOrders.has(o))
      .map((o) => (onExchange(r) && o.state === 'CANCELED' ? { ...orderRow(r, o), state: 'CANCELING' as const } : orderRow(r, o))),
  );
  for (const row of changedOrders) out.order(row.id, row, false);
  e.changes.rowsChanged('orders', 'orders', 'created', newOrders.map(({ r, o }) => r.orderIds[o.key]));
  e.changes.rowsChanged('orders', 'orders', 'updated', changedOrders.map((o) => o.id));
  for (const r of records) {
    if (r.run.position.created_at === null) continue;
    out.position(r.signalId, positionRow(r, stamp));
    realised?.position(r.signalId, r.accountId, r.run.position.r_pnl, r.run.position.state);
  }
  out.log(...e.logs.map(({ record, order_key, row }) => ({ ...row, signal_id: record.signalId, order_id: order_key === null ? null : (record.orderIds[order_key] ?? null) })));
  e.logs = [];
  const held = new Set(Object.values(e.doc.holding));
  for (const r of records) {
    const finished = isFinal(r.run) && !held.has(r.signalId);
    out.run(r.signalId, finished ? null : () => encodeState({ profileId: r.profileId, pairId: r.pairId, accountId: r.accountId, mmProfileId: r.mmProfileId, run: r.run }), r.orderIds);
    if (finished) e.runs.delete(r.signalId);
  }
  e.touched.clear();
  e.fresh.clear();
}

function signalColumns(run: SignalRun) {
  const s = run.signal;
  return {
    timeframe: s.timeframe, direction: s.direction, status: s.status, state: s.state, execution: s.execution, size_currency: s.size_currency,
    size_coins: s.size_coins, start_point: s.start_point, avg_e_price: s.avg_e_price, exit_place: s.exit_place, current_price: s.current_price,
    pnl_in_usd: s.pnl_in_usd, pnl_in_percent: s.pnl_in_percent, tr_in_atr: s.tr_in_atr, inc_vola: s.inc_vola, atr_minus_1: s.atr_minus_1,
    atr_t_percent: s.atr_t_percent, created_at: iso(s.created_at), minute_activated_at: iso(s.minute_activated_at), finished_at: iso(s.finished_at),
  };
}

function positionRow(r: RunRecord, updatedAt: string | null) {
  const p = r.run.position;
  return {
    signal_id: r.signalId, exchange_account_id: r.accountId, profile_id: r.profileId, pair_id: r.pairId, side: p.side, state: p.state,
    active_p_size_usd: p.active_p_size_usd, active_p_coins: p.active_p_coins, r_pnl: p.r_pnl, u_pnl: p.u_pnl, avg_e_price: p.avg_e_price,
    current_price: p.current_price, mark_price: p.mark_price, k_exit: p.k_exit, k_exit_coeff: p.k_exit_coeff, reduce_p: p.reduce_p,
    k_e_recovery: p.k_e_recovery, skip_check_by_timer: p.skip_check_by_timer, skip_check_by_distance: p.skip_check_by_distance,
    best_limit: p.best_limit, created_at: iso(p.created_at), updated_at: updatedAt, closed_at: iso(p.closed_at),
  };
}
