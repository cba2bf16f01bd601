/**
 * The live stream: one Server-Sent Events stream per open console carries every change the user may
 * see. An event names the resource that changed (and which rows); the SPA refetches or patches that
 * resource's data. PostgreSQL stays the record: a lost event means a refetch, never wrong data.
 */
import type { ResourceName } from './resource';
import type { SectionName } from './sections';
import type { EngineCommandKind } from './trading';

/**
 * Under API_PREFIX. The stream is opened with a one-use ticket asked for with the access token, so
 * the token never travels in a URL (EventSource cannot send headers, and URLs get logged).
 */
export const LIVE_PATHS = {
  tickets: '/live/tickets/',
  stream: '/live/',
} as const;

/** The stream's query params: the ticket, and the last event id a reconnecting client has seen. */
export const LIVE_PARAMS = {
  ticket: 'ticket',
  lastEventId: 'last_event_id',
} as const;

/** `POST live/tickets/`. */
export interface LiveTicketAnswer {
  ticket: string;
  /** Seconds within which the stream must be opened with it. */
  expires_in: number;
}

export const LIVE_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type LiveAction = (typeof LIVE_ACTIONS)[number];

/**
 * One change, as the stream's default (`message`) event carries it in `data`, its `id` also the SSE
 * `id:`. `ids` are the rows concerned; `row`, when present, holds the row's new values under the
 * field names of `section`, reduced to what the user's group sees.
 */
export interface LiveEvent {
  id: string;
  resource: ResourceName;
  action: LiveAction;
  ids?: string[];
  row?: Record<string, unknown>;
  section: SectionName;
}

/**
 * Named SSE events besides the changes:
 * - `ready`: the stream is open; its `id:` is where a reconnect resumes when no change came since.
 * - `refetch`: changes may have been missed (a resume from too far back, a client too slow to keep
 *   up, the user's access changed): every piece of data is to be fetched again.
 * - `reconnect`: the server ends this stream (it is stopping); open a new one at once.
 * - `closed`: the server ended this stream for good because newer streams of the same session or user
 *   took its place (LIVE_LIMITS.streamsPerSession, streamsPerUser): do not reconnect on your own, only
 *   when the user comes back to this window.
 */
export const LIVE_CONTROL_EVENTS = {
  ready: 'ready',
  refetch: 'refetch',
  reconnect: 'reconnect',
  closed: 'closed',
} as const;

export type LiveRefetchReason = 'missed' | 'overflow' | 'access';

/** The `data` of a `refetch` or `reconnect` event. */
export interface LiveControlData {
  reason: LiveRefetchReason | 'shutdown' | 'superseded';
}

export const LIVE_LIMITS = {
  /** How long a ticket may wait before the stream is opened with it. */
  ticketTtlSeconds: 30,
  /** A comment line this often keeps proxies from closing an idle stream (their read timeout must be longer). */
  heartbeatMs: 15_000,
  /** Bytes a stream may have waiting for a slow client; past this it is ended (with a `refetch`). */
  pendingBytesMax: 1024 * 1024,
  /** Changes a resuming stream replays at most; a client further behind is told to refetch. */
  replayMax: 1_000,
  /** The client's reconnect delays: the first, doubled after each failure up to the last. */
  reconnectFirstMs: 1_000,
  reconnectMaxMs: 30_000,
  /**
   * While the stream is not live, a screen showing a command under way (CANCELLING, CLOSING, CHANGING)
   * reads its data again this often; while it is live the stream's events bring the change instead.
   */
  fallbackPollMs: 5_000,
  /**
   * Open streams one session may hold, and one user over all their sessions, counted across every API
   * process (in Redis): a stream past either closes the oldest with `closed`. One console (window or tab)
   * holds one stream.
   */
  streamsPerSession: 10,
  streamsPerUser: 30,
  /** Tickets one user may ask for in a minute (each stream, and each reconnect, takes one); past it, 429. */
  ticketsPerMinute: 60,
} as const;

export const LIVE_MESSAGES = {
  tooManyTickets: `Live updates were opened more than ${LIVE_LIMITS.ticketsPerMinute} times in a minute. Wait a minute before opening more windows; the pages keep working meanwhile.`,
} as const;

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'paused';

/** The top bar's indicator: its tooltip for each state of the stream. */
export const LIVE_STATUS_TEXT: Record<LiveStatus, string> = {
  connecting: 'Connecting to live updates…',
  live: 'Live: changes appear as they happen',
  reconnecting: 'Live updates interrupted: reconnecting…',
  paused: 'Live updates paused: newer windows took them over. Come back to this window to resume.',
};

/** The resource an engine command acts on: its events name this resource and the target's id. */
export const ENGINE_COMMAND_RESOURCES: Record<EngineCommandKind, ResourceName> = {
  cancel_signal: 'signals',
  cancel_order: 'orders',
  close_market: 'positions',
  close_limit: 'positions',
  close_best_limit: 'positions',
  close_lost_position: 'lost-positions',
  reduce_position: 'positions',
  set_skip_check: 'positions',
  recover_k_exit: 'positions',
  start_profile: 'strategy-profiles',
  stop_profile: 'strategy-profiles',
  start_mm_profile: 'mm-profiles',
  stop_mm_profile: 'mm-profiles',
  start_ticker_config: 'ticker-configs',
  stop_ticker_config: 'ticker-configs',
  enable_bot: 'bot-status',
  disable_bot: 'bot-status',
  set_broker_program: 'exchange-accounts',
  // The signals an alert opens or closes are announced by the engine's own row changes.
  alert_open: 'strategy-profiles',
  alert_close: 'strategy-profiles',
  alert_close_all: 'strategy-profiles',
};
