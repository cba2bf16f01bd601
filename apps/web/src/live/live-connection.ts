/**
 * The console's side of the live stream: asks for a ticket, opens an EventSource with it and, whenever
 * the stream breaks, opens a new one with a new ticket (each is good once) after a growing delay,
 * resuming from the last event id it received. The server ends a stream with `reconnect` when it
 * stops: then a new one is opened at once. It ends one with `closed` when newer windows of the same
 * session or user took its place (the server caps them): then this window waits, paused, until the
 * user comes back to it, so windows left open do not take the stream from each other in turn.
 */
import {
  API_PREFIX,
  LIVE_CONTROL_EVENTS,
  LIVE_LIMITS,
  LIVE_PARAMS,
  LIVE_PATHS,
  type LiveEvent,
  type LiveStatus,
  type LiveTicketAnswer,
} from '@console/contracts';
import type { ApiClient } from '../api/client';

/** What this file needs of an EventSource (the browser's, or a test's). */
export interface LiveSource {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export type LiveSourceFactory = (url: string) => LiveSource;

/** The browser's EventSource, where there is one. */
export const browserEventSource: LiveSourceFactory | null =
  typeof EventSource === 'undefined' ? null : (url) => new EventSource(url);

export interface LiveHandlers {
  onStatus(status: LiveStatus): void;
  onChange(event: LiveEvent): void;
  /** Changes may have been missed: everything is to be fetched again. */
  onRefetch(): void;
}

/**
 * The wait before the next attempt after `failures` failed ones in a row: the first delay, doubled each
 * time up to the last, then spread over its upper half so that consoles cut off together do not all
 * come back at the same instant.
 */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const full = Math.min(LIVE_LIMITS.reconnectFirstMs * 2 ** Math.max(0, failures - 1), LIVE_LIMITS.reconnectMaxMs);
  return Math.round(full / 2 + (full / 2) * random());
}

/** Calls `back` once the user returns to this window (focus, or the tab shown again); answers the unsubscribe. */
export type WhenBack = (back: () => void) => () => void;

export const browserWhenBack: WhenBack = (back) => {
  if (typeof window === 'undefined') return () => undefined;
  const onVisible = () => {
    if (document.visibilityState === 'visible') back();
  };
  window.addEventListener('focus', back);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('focus', back);
    document.removeEventListener('visibilitychange', onVisible);
  };
};

export function streamUrl(ticket: string, lastEventId: string | null): string {
  const params = new URLSearchParams({ [LIVE_PARAMS.ticket]: ticket });
  if (lastEventId) params.set(LIVE_PARAMS.lastEventId, lastEventId);
  return `${API_PREFIX}${LIVE_PATHS.stream}?${params}`;
}

/** Runs the stream until `stop`. */
export function connectLive(client: ApiClient, createSource: LiveSourceFactory, handlers: LiveHandlers, random?: () => number, whenBack: WhenBack = browserWhenBack): { stop(): void } {
  let stopped = false;
  let unpause: (() => void) | null = null;
  let failures = 0;
  let lastEventId: string | null = null;
  let source: LiveSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const remember = (event: MessageEvent<string>) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
  };

  const retry = () => {
    source?.close();
    source = null;
    if (stopped) return;
    failures += 1;
    handlers.onStatus('reconnecting');
    timer = setTimeout(open, reconnectDelay(failures, random));
  };

  async function open(): Promise<void> {
    let ticket: string;
    try {
      ticket = (await client.post<LiveTicketAnswer>(LIVE_PATHS.tickets)).ticket;
    } catch {
      // Signed out meanwhile: the layout goes away and stops this; anything else is tried again.
      return retry();
    }
    if (stopped) return;
    const opened = createSource(streamUrl(ticket, lastEventId));
    source = opened;
    opened.onerror = () => {
      if (source === opened) retry();
    };
    opened.addEventListener('message', (event) => {
      remember(event);
      handlers.onChange(JSON.parse(event.data) as LiveEvent);
    });
    opened.addEventListener(LIVE_CONTROL_EVENTS.ready, (event) => {
      remember(event);
      failures = 0;
      handlers.onStatus('live');
    });
    opened.addEventListener(LIVE_CONTROL_EVENTS.refetch, (event) => {
      remember(event);
      handlers.onRefetch();
    });
    opened.addEventListener(LIVE_CONTROL_EVENTS.closed, (event) => {
      remember(event);
      opened.close();
      source = null;
      if (stopped || unpause) return;
      handlers.onStatus('paused');
      unpause = whenBack(() => {
        unpause?.();
        unpause = null;
        if (stopped) return;
        handlers.onStatus('reconnecting');
        void open();
      });
    });
    opened.addEventListener(LIVE_CONTROL_EVENTS.reconnect, (event) => {
      remember(event);
      opened.close();
      source = null;
      if (stopped) return;
      handlers.onStatus('reconnecting');
      void open();
    });
  }

  handlers.onStatus('connecting');
  void open();
  return {
    stop() {
      stopped = true;
      unpause?.();
      unpause = null;
      clearTimeout(timer);
      source?.close();
      source = null;
    },
  };
}
