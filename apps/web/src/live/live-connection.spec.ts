import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_LIMITS, LIVE_PATHS, type LiveEvent, type LiveStatus } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, signedInState } from '../test/fixtures';
import { connectLive, reconnectDelay, type LiveSource } from './live-connection';

/** An EventSource the test drives: what the server would send, or a broken connection. */
class FakeSource implements LiveSource {
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {}

  get params(): URLSearchParams {
    return new URL(this.url, 'http://console.test').searchParams;
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  emit(type: string, data: unknown, lastEventId = ''): void {
    const event = new MessageEvent<string>(type, { data: JSON.stringify(data), lastEventId });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  fail(): void {
    this.onerror?.(new Event('error'));
  }

  close(): void {
    this.closed = true;
  }
}

function setup(ticketAnswers: [number, unknown][] = [], whenBack?: (back: () => void) => () => void) {
  let issued = 0;
  const fetch = fakeFetch((method, path) => {
    if (method === 'POST' && path === LIVE_PATHS.tickets) return ticketAnswers.shift() ?? [201, { ticket: `t${++issued}`, expires_in: 30 }];
    return [404, { detail: 'Not found.' }];
  });
  const api = makeApi(signedInState(makeUser()), fetch);
  const sources: FakeSource[] = [];
  const statuses: LiveStatus[] = [];
  const changes: LiveEvent[] = [];
  let refetches = 0;
  const live = connectLive(
    api.client,
    (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    { onStatus: (status) => statuses.push(status), onChange: (event) => changes.push(event), onRefetch: () => (refetches += 1) },
    // The longest wait of each step, so the test knows when the next attempt comes.
    () => 1,
    whenBack,
  );
  return { live, sources, statuses, changes, refetches: () => refetches, tickets: () => fetch.calls.filter((call) => call.url.endsWith(LIVE_PATHS.tickets)).length };
}

const change: LiveEvent = { id: '5-0', resource: 'orders', action: 'updated', ids: ['7'], section: 'orders' };

describe('the live connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the stream with a ticket, is live once ready, and hands over changes and refetches', async () => {
    const { live, sources, statuses, changes, refetches } = setup();
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(1);
    expect(sources[0].url.startsWith(`/api/v2${LIVE_PATHS.stream}?`)).toBe(true);
    expect(sources[0].params.get('ticket')).toBe('t1');
    expect(sources[0].params.has('last_event_id')).toBe(false);
    expect(statuses).toEqual(['connecting']);

    sources[0].emit('ready', {}, '4-0');
    expect(statuses.at(-1)).toBe('live');
    sources[0].emit('message', change, change.id);
    expect(changes).toEqual([change]);
    sources[0].emit('refetch', { reason: 'missed' }, '6-0');
    expect(refetches()).toBe(1);
    live.stop();
    expect(sources[0].closed).toBe(true);
  });

  it('reconnects after a break with a new ticket and the last event id, waiting twice as long after each failure up to the cap', async () => {
    const { live, sources, statuses, tickets } = setup();
    await vi.advanceTimersByTimeAsync(0);
    sources[0].emit('ready', {}, '4-0');
    sources[0].emit('message', change, '5-0');

    const expected = [1_000, 2_000, 4_000, 8_000, 16_000, LIVE_LIMITS.reconnectMaxMs, LIVE_LIMITS.reconnectMaxMs];
    for (const [i, wait] of expected.entries()) {
      sources.at(-1)!.fail();
      expect(sources.at(-1)!.closed).toBe(true);
      expect(statuses.at(-1)).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(sources).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sources).toHaveLength(i + 2);
      expect(sources.at(-1)!.params.get('ticket')).toBe(`t${i + 2}`);
      expect(sources.at(-1)!.params.get('last_event_id')).toBe('5-0');
    }
    expect(tickets()).toBe(expected.length + 1);

    // Live again: the next break waits the first delay again.
    sources.at(-1)!.emit('ready', {}, '9-0');
    expect(statuses.at(-1)).toBe('live');
    sources.at(-1)!.fail();
    await vi.advanceTimersByTimeAsync(LIVE_LIMITS.reconnectFirstMs);
    expect(sources.at(-1)!.params.get('last_event_id')).toBe('9-0');
    live.stop();
  });

  it('tries again later when no ticket could be had', async () => {
    const { live, sources, statuses } = setup([[503, 'Service Unavailable']]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(0);
    expect(statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(LIVE_LIMITS.reconnectFirstMs);
    expect(sources).toHaveLength(1);
    expect(sources[0].params.get('ticket')).toBe('t1');
    live.stop();
  });

  it('opens a new stream at once when the server says reconnect', async () => {
    const { live, sources } = setup();
    await vi.advanceTimersByTimeAsync(0);
    sources[0].emit('ready', {}, '4-0');
    sources[0].emit('reconnect', { reason: 'shutdown' }, '4-0');
    expect(sources[0].closed).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(2);
    expect(sources[1].params.get('last_event_id')).toBe('4-0');
    live.stop();
  });

  it('when newer windows took the stream over, waits paused until the user comes back, then resumes', async () => {
    let back: (() => void) | null = null;
    const { live, sources, statuses, tickets } = setup([], (listener) => {
      back = listener;
      return () => (back = null);
    });
    await vi.advanceTimersByTimeAsync(0);
    sources[0].emit('ready', {}, '4-0');
    sources[0].emit('closed', { reason: 'superseded' }, '4-0');
    expect(sources[0].closed).toBe(true);
    expect(statuses.at(-1)).toBe('paused');
    // No reconnect of its own, however long it waits: that would take the stream from another window.
    await vi.advanceTimersByTimeAsync(LIVE_LIMITS.reconnectMaxMs * 4);
    expect(sources).toHaveLength(1);
    expect(tickets()).toBe(1);
    back!();
    await vi.advanceTimersByTimeAsync(0);
    expect(back).toBeNull();
    expect(sources).toHaveLength(2);
    expect(sources[1].params.get('last_event_id')).toBe('4-0');
    expect(statuses.at(-1)).toBe('reconnecting');
    live.stop();
  });

  it('stops for good: no reconnect is left waiting', async () => {
    const { live, sources, tickets } = setup();
    await vi.advanceTimersByTimeAsync(0);
    sources[0].fail();
    live.stop();
    await vi.advanceTimersByTimeAsync(LIVE_LIMITS.reconnectMaxMs * 2);
    expect(sources).toHaveLength(1);
    expect(tickets()).toBe(1);
  });
});

describe('reconnectDelay', () => {
  it('doubles from the first delay to the cap, spread over the upper half of each step', () => {
    expect([1, 2, 3, 6, 7, 20].map((failures) => reconnectDelay(failures, () => 1))).toEqual([1_000, 2_000, 4_000, 30_000, 30_000, 30_000]);
    expect(reconnectDelay(1, () => 0)).toBe(500);
    expect(reconnectDelay(20, () => 0)).toBe(LIVE_LIMITS.reconnectMaxMs / 2);
  });
});
