/**
 * Open signals another writer made (no stored run) become runs of this engine at the last traded
 * minute; those it cannot run are remembered with the reason a command on them fails.
 */
import { ENGINE_LOG_EVENTS, ENGINE_MESSAGES } from '@console/contracts';
import { adoptRun } from './adoption';
import { iso, type Db } from './db';
import type { EngineCore, RunRecord } from './engine-state';
import { readForeignRuns, type ForeignRun } from './sql/adoption';

/**
 * Open signals another writer made (no stored run) become runs of this engine, stepped and commanded
 * by the same rules as its own from now on; those it cannot run are remembered with the reason.
 */
export async function adoptForeignRuns(e: EngineCore, db: Db): Promise<void> {
  e.refused.clear();
  for (const rows of await readForeignRuns(db)) {
    if (e.runs.has(rows.signal.id)) continue;
    const refusal = adopt(e, rows);
    if (refusal) e.refused.set(rows.signal.id, refusal);
  }
}

/** Takes one signal over at the last traded minute; answers why not when it cannot. */
function adopt(e: EngineCore, rows: ForeignRun): string | null {
  const s = rows.signal;
  const profile = e.profiles.find((p) => p.id === s.profile_id);
  if (!profile) return ENGINE_MESSAGES.targetUnknown;
  const settings = e.settings.of(profile);
  if (!settings) return ENGINE_MESSAGES.settingsInvalid;
  const ticker = e.tickers.get(s.pair_id);
  const ctx = ticker === undefined ? null : e.feeds.context(e.feeds.pair(s.pair_id, ticker, settings), settings, e.last);
  if (!ticker || !ctx) return ENGINE_MESSAGES.pairNotOnMarket;
  const orderIds = Object.fromEntries(rows.orders.map((o, i) => [String(i + 1), o.id]));
  const record: RunRecord = { signalId: s.id, profileId: profile.id, pairId: s.pair_id, accountId: s.exchange_account_id, mmProfileId: profile.mm_profile_id, run: adoptRun(rows, ctx), orderIds };
  e.runs.set(s.id, record);
  e.logs.push({
    record,
    order_key: null,
    row: {
      created_at: iso(ctx.now),
      type: 'general',
      event_type: ENGINE_LOG_EVENTS.signalAdopted,
      pair_id: s.pair_id,
      pair_name: ticker,
      profile_id: profile.id,
      profile_title: profile.title,
      log_data: { message: 'signal adopted: made by another writer, traded by the engine from now on', state: record.run.signal.state },
    },
  });
  return null;
}
