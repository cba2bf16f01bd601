/**
 * The risk step after each minute: every risk trigger on the minute's metrics and open positions, its
 * alerts and log rows, Hard Risk Control's reduces and closes through the strategy's command rules, and
 * the profiles whose new signals stay blocked.
 */
import { ENGINE_LOG_EVENTS, RISK_ALERT_TITLE } from '@console/contracts';
import { blockedProfiles, evaluateTrigger, QUIET_TRIGGER, type RiskInputs, type RiskTriggerRow, type TriggerState } from '../risk/triggers';
import { closeMarket, CommandRefused, reducePosition } from '../strategy/commands';
import { isFinal } from '../strategy/lifecycle';
import type { RealisedPnl, WriteBatch } from './batch';
import { iso, type Db } from './db';
import type { EngineCore } from './engine-state';
import { oppositeMovePercent, type OppositeUnit } from './risk-inputs';
import { collect } from './run-rows';

/** What one transaction of minutes carries: its rows, the risk triggers it read, the realised PnL so far. */
export interface Span {
  out: WriteBatch;
  triggers: RiskTriggerRow[];
  realised: RealisedPnl;
}

/**
 * Every risk trigger on this minute's metrics and open positions: fired ones get triggered_at and a log
 * row, alerts a notification for Telegram, Hard Risk Control reduces or closes at market, and the set of
 * blocked profiles is kept for the next minute's new signals.
 */
export async function evaluateRisk(e: EngineCore, db: Db, minute: number, span: Span): Promise<void> {
  const { triggers, out } = span;
  const open = [...e.runs.values()].filter((r) => !isFinal(r.run) && r.run.position.created_at !== null && r.run.position.active_p_coins.greaterThan(0));
  const inputs: RiskInputs = {
    at: minute,
    metrics: Object.values(e.doc.metrics).map((m) => m.row),
    positions: open.map((r) => ({ id: Number(r.signalId), exchange_account_id: r.accountId, profile_id: r.profileId, opened_at: r.run.position.created_at ?? minute })),
    profiles: e.profiles.map((p) => ({ id: p.id, exchange_account_id: p.exchange_account_id, active: p.status === 'active' })),
    oppositeMovePercent: (profileIds, sp, atrPercent) => oppositeMovePercent(oppositeUnits(e), profileIds, sp, atrPercent),
  };
  const states = new Map<number, TriggerState>();
  let traded = false;
  for (const trigger of triggers) {
    const before = e.doc.triggers[trigger.id] ?? QUIET_TRIGGER;
    const outcome = evaluateTrigger(trigger, before, inputs);
    states.set(trigger.id, outcome.state);
    const log = (event_type: string, message: string) =>
      out.log({ created_at: iso(minute), type: 'restrictions', event_type, log_data: { message, trigger_id: String(trigger.id), measure: String(outcome.measure ?? '') } });
    if (!before.fired && outcome.state.fired) {
      out.triggeredAt(trigger.id, iso(minute) ?? '');
      e.changes.rowsChanged('risk-controls', 'risk_control', 'updated', [trigger.id]);
      log(ENGINE_LOG_EVENTS.riskTriggerFired, `risk trigger '${trigger.trigger_name}' (${trigger.trigger_type}) fired`);
    } else if (before.fired && !outcome.state.fired) log(ENGINE_LOG_EVENTS.riskTriggerReleased, `risk trigger '${trigger.trigger_name}' (${trigger.trigger_type}) released`);
    for (const effect of outcome.effects) {
      if (effect.kind === 'alert') out.alert({ title: RISK_ALERT_TITLE, text: effect.message, at: iso(minute) ?? '' });
      if (effect.kind !== 'reduce' && effect.kind !== 'close') continue;
      for (const signalId of effect.position_ids) {
        const record = e.runs.get(String(signalId));
        const { profile, feed, ctx } = record ? e.contextOf(record, minute) : { ctx: null };
        if (!record || !profile || !ctx || isFinal(record.run)) continue;
        try {
          const result = effect.kind === 'close' ? closeMarket(record.run, ctx) : reducePosition(record.run, String(effect.percent), ctx);
          e.update(record, result, profile, feed?.ticker ?? '');
          traded = true;
        } catch (error) {
          // A position the core cannot act on (nothing left to reduce) is left as it is.
          if (!(error instanceof CommandRefused)) throw error;
        }
      }
      log(effect.kind === 'close' ? ENGINE_LOG_EVENTS.riskTriggerClosed : ENGINE_LOG_EVENTS.riskTriggerReduced, `risk trigger '${trigger.trigger_name}' ${effect.kind === 'close' ? 'closed' : 'reduced'} ${effect.position_ids.length} position(s)`);
    }
  }
  e.doc.triggers = Object.fromEntries([...states].map(([id, state]) => [String(id), state]));
  e.doc.blocked = [...blockedProfiles(triggers, states, inputs)];
  if (traded) await collect(e, db, minute, out, span.realised);
}

/** Every profile's pairs with the market and settings opposite_dir measures them by. */
function oppositeUnits(e: EngineCore): OppositeUnit[] {
  return e.profiles.flatMap((profile) => {
    const settings = e.settings.of(profile);
    if (!settings) return [];
    const s = settings.signal;
    return profile.pairs.flatMap((pair) => {
      const feed = e.feeds.get(pair.id);
      return feed ? [{ profileId: profile.id, market: feed.market, timeframe: s.timeframe, direction: settings.direction, n: s.atr_n_periods, algo: s.atr_smooth_algo }] : [];
    });
  });
}
