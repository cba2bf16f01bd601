import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIVE_PATHS, LIVE_STATUS_TEXT, type LiveEvent } from '@console/contracts';
import { ApiProvider } from '../api/context';
import { queryKeys } from '../api/query-keys';
import { makeQueryClient } from '../app/providers';
import { fakeFetch, makeApi, makeUser, signedInState } from '../test/fixtures';
import type { LiveSource } from './live-connection';
import { LiveIndicator } from './LiveIndicator';
import { LiveProvider } from './LiveProvider';

/** The one stream the provider opens, driven by the test. */
class FakeSource implements LiveSource {
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  emit(type: string, data: unknown, lastEventId = ''): void {
    const event = new MessageEvent<string>(type, { data: JSON.stringify(data), lastEventId });
    act(() => this.listeners.get(type)?.forEach((listener) => listener(event)));
  }

  close(): void {}
}

function setup() {
  const fetch = fakeFetch((method, path) => (method === 'POST' && path === LIVE_PATHS.tickets ? [201, { ticket: 't1', expires_in: 30 }] : [404, {}]));
  const api = makeApi(signedInState(makeUser()), fetch);
  const queryClient = makeQueryClient();
  for (const key of [['orders', 'list', { page: 1 }], ['orders', 'one', 7], ['signals', 'list', {}], ['notifications', 'feed']]) queryClient.setQueryData(key, { cached: true });
  const sources: FakeSource[] = [];
  const createSource = () => {
    const source = new FakeSource();
    sources.push(source);
    return source;
  };
  render(
    <ApiProvider api={api}>
      <QueryClientProvider client={queryClient}>
        <LiveProvider createSource={createSource}>
          <LiveIndicator />
        </LiveProvider>
      </QueryClientProvider>
    </ApiProvider>,
  );
  const stale = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey[0]);
  return { sources, stale, queryClient };
}

describe('LiveProvider', () => {
  it('shows the stream’s state, and marks stale the data of each changed resource, or everything on a refetch', async () => {
    const { sources, stale } = setup();
    expect(screen.getByTestId('live-indicator')).toHaveAttribute('aria-label', LIVE_STATUS_TEXT.connecting);
    await waitFor(() => expect(sources).toHaveLength(1));

    sources[0].emit('ready', {}, '1-0');
    expect(screen.getByRole('status')).toHaveAttribute('aria-label', LIVE_STATUS_TEXT.live);
    expect(screen.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');

    const change: LiveEvent = { id: '2-0', resource: 'orders', action: 'updated', ids: ['7'], section: 'orders' };
    sources[0].emit('message', change, change.id);
    expect(stale()).toEqual(['orders', 'orders']);

    sources[0].emit('refetch', { reason: 'missed' }, '3-0');
    expect(stale().sort()).toEqual(['notifications', 'orders', 'orders', 'signals']);

    act(() => sources[0].onerror?.(new Event('error')));
    expect(screen.getByTestId('live-indicator')).toHaveAttribute('aria-label', LIVE_STATUS_TEXT.reconnecting);
  });

  it("writes a command's new action_state into the cached rows holding it, before the refetch answers", async () => {
    const { sources, queryClient } = setup();
    await waitFor(() => expect(sources).toHaveLength(1));
    const page = { count: 2, next: null, previous: null, results: [{ id: '7', status: 'NEW', action_state: 'CANCELLING' }, { id: '8', status: 'NEW', action_state: 'NONE' }] };
    queryClient.setQueryData(queryKeys.orders.list({ page: 2 }), page);
    queryClient.setQueryData(queryKeys.strategyProfiles.detail(7), { id: 7, title: 'P', action_state: 'CHANGING' });
    sources[0].emit('ready', {}, '1-0');

    const change: LiveEvent = { id: '2-0', resource: 'orders', action: 'updated', ids: ['7'], row: { id: '7', action_state: 'CANCELLED' }, section: 'orders' };
    sources[0].emit('message', change, change.id);
    expect(queryClient.getQueryData(queryKeys.orders.list({ page: 2 }))).toEqual({ ...page, results: [{ id: '7', status: 'NEW', action_state: 'CANCELLED' }, page.results[1]] });
    // Another resource's row with the same id is not touched; a detail of the named resource is.
    expect(queryClient.getQueryData(queryKeys.strategyProfiles.detail(7))).toEqual({ id: 7, title: 'P', action_state: 'CHANGING' });
    sources[0].emit('message', { ...change, id: '3-0', resource: 'strategy-profiles', row: { id: '7', action_state: 'CHANGED' }, section: 'profiles' }, '3-0');
    expect(queryClient.getQueryData(queryKeys.strategyProfiles.detail(7))).toEqual({ id: 7, title: 'P', action_state: 'CHANGED' });
  });
});
