/**
 * A run whose position the exchange no longer holds (liquidated, closed on the exchange's own site, a
 * testnet reset) is closed as lost: the books cannot trade coins the account does not have, and its
 * reduce-only exits could never fill. The position closes with nothing held and the realised PnL the
 * books had (what the exchange realised is not known to the console), its open orders are cancelled
 * (sent to the exchange like any cancel) and the signal is finished. The divergence row that found it
 * says so.
 */
import { ZERO } from '../../money';
import { endSignal, isFinal, refreshFigures, type RunEvent } from '../../strategy/lifecycle';
import type { EngineCore } from '../engine-state';

/** Ends the runs of the signals whose position is gone from the exchange, after the minute's step (its candles are fed). */
export function closeGonePositions(e: EngineCore, minute: number, signalIds: readonly string[]): void {
  for (const signalId of signalIds) {
    const record = e.runs.get(signalId);
    if (!record || isFinal(record.run)) continue;
    const { profile, ctx } = e.contextOf(record, minute);
    if (!profile || !ctx) continue;
    const run = { ...record.run, position: { ...record.run.position, active_p_coins: ZERO, active_p_size_usd: ZERO, u_pnl: ZERO } };
    const events: RunEvent[] = [];
    endSignal(run, 'finished', 'finished', 'CANCELED_BY_MOVEMENT', ctx, events);
    refreshFigures(run, ctx);
    e.update(record, { run, events }, profile, ctx.market.ticker);
  }
}
