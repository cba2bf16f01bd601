/**
 * What the engine's parts share: the runs and the state carried between minutes, the configuration of
 * the last refresh, the rows touched since the last flush with their log rows, and the changes of the
 * running transaction. Each part (the minute, commands, risk, rows, metrics) reads and changes it.
 */
import { ENGINE_LOG_EVENTS } from '@console/contracts';
import type { Venue } from '../execution/port';
import type { MarketData } from '../market/port';
import type { MetricsState } from '../metrics/account-metrics';
import type { Dec } from '../money';
import type { TriggerState } from '../risk/triggers';
import { isFinal, type MinuteContext, type RunEvent, type RunEventKind, type SignalRun, type StepResult } from '../strategy/lifecycle';
import type { Written } from './batch';
import { iso, type Db } from './db';
import { CommitChanges } from './live';
import { PairFeeds, type PairFeed } from './pair-feeds';
import { CloseHistory } from './risk-inputs';
import { SettingsCache } from './settings-cache';
import { completeCommand, type CommandRow } from './sql/commands';
import type { ProfileConfig } from './sql/config';
import type { AccountVenues, FillsCursor } from './venue/accounts';

/** A run event's log event_type: its own name, but a start or a queueing is a signal received. */
export function runEventLogName(kind: RunEventKind): string {
  return kind === 'signal_started' || kind === 'signal_queued' ? ENGINE_LOG_EVENTS.signalReceived : kind;
}

/** A run event's log type: a missed signal is a divergence, a signal the MM profile refused a restriction. */
export function runEventLogType(kind: RunEventKind, detail?: string): 'general' | 'restrictions' | 'divergence' {
  if (kind === 'signal_cancelled' && detail === 'canceled_by_mmsp') return 'restrictions';
  return kind === 'signal_missed' ? 'divergence' : 'general';
}

export interface RunRecord {
  signalId: string;
  profileId: number;
  pairId: number;
  accountId: number;
  mmProfileId: number;
  run: SignalRun;
  orderIds: Record<string, string>;
}

/** What carries between minutes besides the runs. */
export interface EngineDoc {
  /** `profile:pair` → the market gave no signal since the last one started. */
  armed: Record<string, boolean>;
  /** profile → signals started since its last losing trade (absent: no loss yet). */
  sinceLoss: Record<string, number>;
  metrics: Record<string, MetricsState>;
  /** command id → signal id: limit closes waiting for their price. */
  holding: Record<string, string>;
  /** risk trigger id → its state between minutes. */
  triggers: Record<string, TriggerState>;
  /** Profiles whose new signals the fired triggers block. */
  blocked: number[];
  /** `account:ticker` → how far the exchange's trades were read (exchange venue). */
  fills?: Record<string, FillsCursor>;
}

/** A log row waiting for its signal's and order's ids. */
export interface LogEntry {
  record: RunRecord;
  order_key: number | null;
  row: { created_at: string | null; type: string; event_type: string; pair_id: number; pair_name: string; profile_id: number; profile_title: string; log_data: Record<string, string> };
}

/** A run started this minute, waiting for its signal id (allocated in the flush). */
export interface PendingRun {
  record: RunRecord;
  events: RunEvent[];
  profile: ProfileConfig;
  ticker: string;
}

export class EngineCore {
  readonly settings = new SettingsCache();
  readonly feeds: PairFeeds;
  /** Each exposed pair's minute closes, for the metrics' VaR. */
  readonly closes: CloseHistory;
  profiles: ProfileConfig[] = [];
  bot = false;
  deposits = new Map<number, Dec>();
  /** Every pair's ticker by id (an adopted run's pair need not be on its profile's ticker list). */
  tickers = new Map<number, string>();
  /** Open signals of other writers the engine could not take over, with the reason a command on them fails. */
  refused = new Map<string, string>();
  /** Rows touched since the last flush, by signal id. */
  touched = new Set<string>();
  fresh = new Set<string>();
  logs: LogEntry[] = [];
  pendingNew: PendingRun[] = [];
  /** What the running transaction changed, announced once it commits. */
  readonly changes = new CommitChanges();
  /** The demo and live accounts' exchange venues (none: every account trades on paper). */
  venues: AccountVenues | null = null;

  constructor(
    readonly market: MarketData,
    readonly venue: Venue,
    public doc: EngineDoc,
    /** The last minute whose candle was traded (its first millisecond). */
    public last: number,
    /** last_minute as the database holds it (null before the first minute). */
    public stored: string | null,
    readonly runs: Map<string, RunRecord>,
  ) {
    this.feeds = new PairFeeds(market, venue, () => this.last);
    this.closes = new CloseHistory(market);
  }

  /** A run after a step or command: kept, marked for the next flush, its events logged. */
  update(record: RunRecord, stepped: StepResult, profile: ProfileConfig, ticker: string): void {
    record.run = stepped.run;
    this.touched.add(record.signalId);
    this.logEvents(record, stepped.events, profile, ticker);
    if (isFinal(stepped.run) && stepped.run.entered.coins.greaterThan(0) && stepped.run.position.r_pnl.lessThan(0)) this.doc.sinceLoss[record.profileId] = 0;
  }

  /** A run's events as log rows, waiting for the run's ids. */
  logEvents(record: RunRecord, events: readonly RunEvent[], profile: ProfileConfig, ticker: string): void {
    // Most minutes of an open run have no event: no time to format.
    if (!events.length) return;
    const at = iso(record.run.signal.finished_at ?? Math.max(...record.run.orders.map((o) => o.updated_at), record.run.signal.created_at));
    for (const event of events) {
      this.logs.push({
        record,
        order_key: event.order_key ?? null,
        row: {
          created_at: at,
          type: runEventLogType(event.kind, event.detail),
          event_type: runEventLogName(event.kind),
          pair_id: record.pairId,
          pair_name: ticker,
          profile_id: profile.id,
          profile_title: profile.title,
          log_data: { message: `${event.kind.replace(/_/g, ' ')}${event.detail ? ` (${event.detail})` : ''}`, state: record.run.signal.state },
        },
      });
    }
  }

  /** The venue an account's run trades on: its exchange in demo and live, else the engine's (paper) venue. */
  venueFor(accountId: number, record: RunRecord | null): Venue {
    return this.venues?.trades(accountId) ? this.venues.book(accountId, record?.orderIds ?? {}, record ? this.tickers.get(record.pairId) : undefined) : this.venue;
  }

  /** A run's profile, pair feed and minute context (none when its profile or market is gone). */
  contextOf(record: RunRecord, minute: number): { profile?: ProfileConfig; feed?: PairFeed; ctx: MinuteContext | null } {
    const profile = this.profiles.find((p) => p.id === record.profileId);
    const settings = profile && this.settings.of(profile);
    const ticker = this.tickers.get(record.pairId);
    // Made (warmed up to the last traded minute) when missing: an engine just started has traded no minute
    // yet, and the commands that waited for it must not fail for that.
    const feed = settings && ticker ? this.feeds.pair(record.pairId, ticker, settings) : this.feeds.get(record.pairId);
    return { profile, feed, ctx: settings && feed ? this.feeds.context(feed, settings, minute, this.venueFor(record.accountId, record)) : null };
  }

  /** Settles a command and notes its outcome for the consoles. */
  async settle(db: Db, command: Pick<CommandRow, 'id' | 'kind' | 'target_type' | 'target_id'>, outcome: Parameters<typeof completeCommand>[2]): Promise<void> {
    if (await completeCommand(db, command, outcome)) this.changes.commandSettled(command.id, command.kind, command.target_id, outcome.status);
  }

  /** The rows whose ids only the database knew, for the consoles. */
  noteWritten(written: Written): void {
    this.changes.rowsChanged('positions', 'APA', 'created', written.positions.created);
    this.changes.rowsChanged('positions', 'APA', 'updated', written.positions.updated);
    this.changes.rowsChanged('notifications', 'notifications', 'created', written.notifications);
  }
}
