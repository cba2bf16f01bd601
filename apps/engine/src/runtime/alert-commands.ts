/**
 * The commands alerts become (alert_open, alert_close, alert_close_all), on their strategy profile:
 * an open starts a signal on the pair through the strategy's own gates and money management, a close
 * ends the profile's open signals on the pair (or all of them) at market. Each answers why not when it
 * cannot, which the command row's error takes.
 */
import { ALERT_ENGINE_MESSAGES, type AlertCommandKind } from '@console/contracts';
import { dec } from '../money';
import { closeOnAlert, CommandRefused } from '../strategy/commands';
import type { GateRefusal } from '../strategy/gates';
import { isFinal, type RunEvent } from '../strategy/lifecycle';
import { openOnAlert } from '../strategy/trade';
import type { EngineCore, RunRecord } from './engine-state';
import type { CommandRow } from './sql/commands';

const REFUSALS: Record<GateRefusal | 'mm_refused' | 'warming_up', string> = {
  bot_disabled: ALERT_ENGINE_MESSAGES.botOff,
  profile_not_active: ALERT_ENGINE_MESSAGES.profileNotActive,
  risk_blocked: ALERT_ENGINE_MESSAGES.riskBlocked,
  monitoring_tag: ALERT_ENGINE_MESSAGES.pairBlocked,
  delisting: ALERT_ENGINE_MESSAGES.pairBlocked,
  funding_rate: ALERT_ENGINE_MESSAGES.pairBlocked,
  price_deviation: ALERT_ENGINE_MESSAGES.pairBlocked,
  signal_open: ALERT_ENGINE_MESSAGES.signalOpen,
  mm_refused: ALERT_ENGINE_MESSAGES.mmNotActive,
  warming_up: ALERT_ENGINE_MESSAGES.noMarket,
};

/** Carries out an alert's command at `minute`; answers the reason it failed, or null when it was done. */
export function runAlertCommand(e: EngineCore, command: CommandRow & { kind: AlertCommandKind }, minute: number): string | null {
  const profile = e.profiles.find((p) => String(p.id) === command.target_id);
  const settings = profile && e.settings.of(profile);
  if (!profile || !settings) return ALERT_ENGINE_MESSAGES.profileNotActive;
  const pairId = command.kind === 'alert_close_all' ? null : Number(command.payload.pair_id);
  const open = [...e.runs.values()].filter((r) => r.profileId === profile.id && !isFinal(r.run) && (pairId === null || r.pairId === pairId));

  if (command.kind !== 'alert_open') {
    if (!open.length) return ALERT_ENGINE_MESSAGES.nothingOpen;
    for (const record of open) {
      const { ctx } = e.contextOf(record, minute);
      if (!ctx) return ALERT_ENGINE_MESSAGES.noMarket;
      try {
        e.update(record, closeOnAlert(record.run, ctx), profile, ctx.market.ticker);
      } catch (error) {
        if (error instanceof CommandRefused) return error.message;
        throw error;
      }
    }
    return null;
  }

  const pair = profile.pairs.find((p) => p.id === pairId);
  if (!pair) return ALERT_ENGINE_MESSAGES.pairNotListed;
  const ctx = e.feeds.context(e.feeds.pair(pair.id, pair.ticker, settings), settings, minute);
  if (!ctx) return ALERT_ENGINE_MESSAGES.noMarket;
  const startedNow = e.pendingNew.some((p) => p.record.profileId === profile.id && p.record.pairId === pair.id && !isFinal(p.record.run));
  const activeOfMm = [...e.runs.values(), ...e.pendingNew.map((p) => p.record)].filter((r) => r.mmProfileId === profile.mm_profile_id && r.run.signal.status === 'active').length;
  const outcome = openOnAlert({
    ctx,
    gate: {
      bot_enabled: e.bot,
      profile_status: profile.status,
      blocked_by_risk: e.doc.blocked.includes(profile.id),
      pair_tags: { monitoring: false, delisting: false },
      funding_rate_percent: 0,
      price_deviation_percent: 0,
      signal_open_on_pair: open.length > 0 || startedNow,
    },
    mm: { status: profile.mm_status, one_signal_quota: dec(profile.one_signal_quota), max_signals_amount: profile.max_signals_amount, active_signals: activeOfMm },
    signalsSinceLoss: e.doc.sinceLoss[profile.id] ?? null,
  });
  if (outcome.started) {
    const { run, events } = outcome.started;
    if (e.doc.sinceLoss[profile.id] !== undefined) e.doc.sinceLoss[profile.id]++;
    const record: RunRecord = { signalId: '', profileId: profile.id, pairId: pair.id, accountId: profile.exchange_account_id, mmProfileId: profile.mm_profile_id, run, orderIds: {} };
    e.pendingNew.push({ record, events: withAlert(events, command), profile, ticker: pair.ticker });
  }
  return outcome.refused ? REFUSALS[outcome.refused] : null;
}

/** The signal's first log row names the alert it came from. */
function withAlert(events: RunEvent[], command: CommandRow): RunEvent[] {
  const alertId = typeof command.payload.alert_id === 'string' ? command.payload.alert_id : null;
  const from = alertId === null ? `alert, command ${command.id}` : `alert ${alertId}`;
  return events.map((event, i) => (i === 0 ? { ...event, detail: event.detail ? `${event.detail}, ${from}` : from } : event));
}
