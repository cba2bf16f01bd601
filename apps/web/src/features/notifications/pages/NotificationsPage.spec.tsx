import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { NotificationsPage } from './NotificationsPage';

const page = (n: number, hasNext: boolean) => ({
  count: 12,
  next: hasNext ? `http://x/api/v2/notifications/?page=${n + 1}` : null,
  previous: null,
  results: Array.from({ length: hasNext ? 10 : 2 }, (_, i) => ({
    id: String(n * 100 + i),
    title: `Title ${n}-${i}`,
    text_body: `Body ${n}-${i}`,
    created_at: '2026-11-22T10:15:30Z',
  })),
});

describe('NotificationsPage', () => {
  it('shows title, body and time, and loads the next page after scrolling near the bottom', async () => {
    const api = fakeFetch((_m, path) => [200, path.includes('page=2') ? page(2, false) : page(1, true)]);
    renderWithApp(<NotificationsPage />, { api: makeApi(signedInState(makeUser()), api) });
    expect(await screen.findByText('Title 1-0')).toBeInTheDocument();
    expect(screen.getByText('Body 1-0')).toBeInTheDocument();
    expect(screen.getAllByText(/^22\.11\.2026 \d\d:15:30$/).length).toBeGreaterThan(0);
    expect(screen.queryByText('Title 2-0')).not.toBeInTheDocument();

    fireEvent.scroll(window);
    expect(await screen.findByText('Title 2-0', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getAllByTestId('notification')).toHaveLength(12);
    expect(api.calls).toHaveLength(2);
  });

  it('says so when there are none', async () => {
    const api = fakeFetch(() => [200, { count: 0, next: null, previous: null, results: [] }]);
    renderWithApp(<NotificationsPage />, { api: makeApi(signedInState(makeUser()), api) });
    expect(await screen.findByText(MESSAGES.noNotifications)).toBeInTheDocument();
  });

  describe('on a window taller than the first page', () => {
    // jsdom has no layout: this observer reports the feed's end as on screen, as a tall window does.
    class OnScreen {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        setTimeout(() => this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver), 0);
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    }
    afterEach(() => vi.unstubAllGlobals());

    it('loads pages until the screen is filled, without any scrolling', async () => {
      vi.stubGlobal('IntersectionObserver', OnScreen);
      const api = fakeFetch((_m, path) => [200, path.includes('page=3') ? page(3, false) : path.includes('page=2') ? page(2, true) : page(1, true)]);
      renderWithApp(<NotificationsPage />, { api: makeApi(signedInState(makeUser()), api) });
      expect(await screen.findByText('Title 3-0', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(api.calls).toHaveLength(3);
    });
  });
});
