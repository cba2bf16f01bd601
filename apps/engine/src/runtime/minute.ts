/**
 * One traded minute: every fed pair gets the minute's candle from the market data port, every open run
 * steps (a queued one starts when its MM profile has a free slot), and every trading profile × pair may
 * start a new signal through `tradeMinute`.
 */
import { dec, type Dec } from '../money';
import { activateSignal, isFinal, stepSignal, type MinuteContext, type StepResult } from '../strategy/lifecycle';
import { tradeMinute } from '../strategy/trade';
import type { EngineCore, RunRecord } from './engine-state';
import type { PairFeed } from './pair-feeds';
import type { ProfileConfig } from './sql/config';

// Each profile row's quota as a decimal, read once per row (a refresh brings new rows) and not each minute.
const quotas = new WeakMap<ProfileConfig, Dec>();
function quotaOf(profile: ProfileConfig): Dec {
  let quota = quotas.get(profile);
  if (!quota) quotas.set(profile, (quota = dec(profile.one_signal_quota)));
  return quota;
}

export function tradeOneMinute(e: EngineCore, minute: number): void {
  // Every pair someone trades or holds a run on gets this minute's candle once.
  const feeds = new Map<number, PairFeed>();
  for (const profile of e.profiles) {
    const settings = e.settings.of(profile);
    if (!settings) continue;
    for (const pair of profile.pairs) feeds.set(pair.id, e.feeds.pair(pair.id, pair.ticker, settings));
  }
  const byProfile = new Map(e.profiles.map((p) => [p.id, p]));
  for (const record of e.runs.values()) {
    const profile = byProfile.get(record.profileId);
    const settings = profile && e.settings.of(profile);
    const ticker = e.tickers.get(record.pairId);
    if (settings && ticker !== undefined && !isFinal(record.run)) feeds.set(record.pairId, e.feeds.pair(record.pairId, ticker, settings));
  }
  // A source without this minute's candle (a gap in a replay) leaves the pair untraded for the minute.
  for (const feed of feeds.values()) {
    const candle = e.market.candle(feed.ticker, minute);
    if (candle) feed.market.feed(candle);
  }

  const openOn = new Map<string, RunRecord>();
  for (const record of e.runs.values()) if (!isFinal(record.run)) openOn.set(`${record.profileId}:${record.pairId}`, record);
  const activeByMm = new Map<number, number>();
  for (const record of e.runs.values()) if (record.run.signal.status === 'active') activeByMm.set(record.mmProfileId, (activeByMm.get(record.mmProfileId) ?? 0) + 1);
  const stepped = new Set<RunRecord>();

  for (const profile of e.profiles) {
    const settings = e.settings.of(profile);
    if (!settings) continue;
    const trading = profile.status === 'active' && profile.ticker_config_status === 'active';
    for (const pair of profile.pairs) {
      const key = `${profile.id}:${pair.id}`;
      const open = openOn.get(key) ?? null;
      if (!trading && !open) continue;
      const feed = feeds.get(pair.id);
      const ctx = feed && e.feeds.context(feed, settings, minute, e.venueFor(open?.accountId ?? profile.exchange_account_id, open));
      if (!ctx) continue;
      if (open) {
        stepOpen(e, open, profile, ctx, activeByMm);
        stepped.add(open);
        continue;
      }
      const result = tradeMinute({
        ctx,
        open: null,
        armed: e.doc.armed[key] ?? true,
        gate: { bot_enabled: e.bot, profile_status: profile.status, blocked_by_risk: e.doc.blocked.includes(profile.id), pair_tags: { monitoring: false, delisting: false }, funding_rate_percent: 0, price_deviation_percent: 0 },
        mm: { status: profile.mm_status, one_signal_quota: quotaOf(profile), max_signals_amount: profile.max_signals_amount, active_signals: activeByMm.get(profile.mm_profile_id) ?? 0 },
        signalsSinceLoss: e.doc.sinceLoss[profile.id] ?? null,
      });
      e.doc.armed[key] = result.armed;
      if (!result.started || !result.run) continue;
      if (e.doc.sinceLoss[profile.id] !== undefined) e.doc.sinceLoss[profile.id]++;
      if (result.run.signal.status === 'active') activeByMm.set(profile.mm_profile_id, (activeByMm.get(profile.mm_profile_id) ?? 0) + 1);
      const record: RunRecord = { signalId: '', profileId: profile.id, pairId: pair.id, accountId: profile.exchange_account_id, mmProfileId: profile.mm_profile_id, run: result.run, orderIds: {} };
      e.pendingNew.push({ record, events: result.events, profile, ticker: pair.ticker });
    }
  }
  // Open runs no profile's pair list led to: adopted ones on a pair their profile no longer lists, or
  // several of another writer's signals open on the same profile and pair.
  for (const record of [...e.runs.values()]) {
    if (isFinal(record.run) || stepped.has(record)) continue;
    const { profile, ctx } = e.contextOf(record, minute);
    if (profile && ctx) stepOpen(e, record, profile, ctx, activeByMm);
  }
}

/** One minute of an open run: a queued one starts when its MM profile has a free slot, else it steps. */
function stepOpen(e: EngineCore, record: RunRecord, profile: ProfileConfig, ctx: MinuteContext, activeByMm: Map<number, number>): void {
  let result: StepResult;
  if (record.run.signal.status === 'in_queue' && (activeByMm.get(record.mmProfileId) ?? 0) < profile.max_signals_amount && profile.mm_status === 'active') {
    result = activateSignal(record.run, ctx);
    activeByMm.set(record.mmProfileId, (activeByMm.get(record.mmProfileId) ?? 0) + 1);
  } else result = stepSignal(record.run, ctx);
  e.update(record, result, profile, ctx.market.ticker);
}
