import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, confirmStop, LIVE_ADMIN, LIVE_WATCH_ADMIN, REFRESH_COOKIE, shot, signIn } from './helpers';

interface Listed<T> {
  results: T[];
}

/** A signed-in console in a browser context of its own, with the live stream's messages and list reads it sees. */
async function openConsole(browser: Browser, user: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1000 } });
  const page = await context.newPage();
  await signIn(page, user);
  // The stream's events as the browser receives them (Chrome DevTools Protocol: EventSource messages).
  const events: { resource: string; ids?: string[]; row?: Record<string, unknown> }[] = [];
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.eventSourceMessageReceived', ({ eventName, data }) => {
    if (eventName === 'message') events.push(JSON.parse(data) as (typeof events)[number]);
  });
  const reads: string[] = [];
  page.on('request', (request) => reads.push(new URL(request.url()).pathname));
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  return { context, page, events, reads, navigations };
}

/** Marks the document, so that a reload (a new document) would show as the mark's absence. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'same document'));
const documentMark = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark ?? null);

test('two consoles: a cancel and a profile stop/start in one appear in the other as they happen, without reload or polling', async ({ browser }) => {
  test.setTimeout(300_000);
  const actor = await openConsole(browser, LIVE_ADMIN);
  const watcher = await openConsole(browser, LIVE_WATCH_ADMIN);

  // An open order of a waiting signal (the e2e server's "Waiting ladder": nothing filled, orders the market
  // does not reach) on the list's first page, the last such one: the engine's new orders come in above it.
  const firstPage = (await apiAs(actor.page, '/orders/orders/')).body as Listed<{ id: string; profile: string; status: string; action_state: string }>;
  const order = firstPage.results.filter((o) => o.profile === 'Waiting ladder' && o.status === 'PLACED' && o.action_state === 'NONE').at(-1);
  expect(order).toBeDefined();
  const ordersPath = '/signals-and-orders/orders';

  await watcher.page.goto(ordersPath);
  await expect(watcher.page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');
  const watched = watcher.page.getByTestId('orders-table').locator(`tbody tr[data-row-key="${order!.id}"]`);
  await expect(watched.getByRole('button', { name: `Cancel order ${order!.id}` })).toBeEnabled();
  await markDocument(watcher.page);
  const navigationsBefore = watcher.navigations.length;

  await actor.page.goto(ordersPath);
  const acting = actor.page.getByTestId('orders-table').locator(`tbody tr[data-row-key="${order!.id}"]`);
  await expect(acting).toBeVisible();
  const readsBefore = watcher.reads.length;
  const eventsBefore = watcher.events.length;
  await acting.getByRole('button', { name: `Cancel order ${order!.id}` }).click();
  await actor.page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();

  // The other console: CANCELLED once the engine has done it, in the same document (the CANCELLING between
  // may last less than a frame: the engine takes a command within a second; the events below show it).
  await expect(watched).toContainText('CANCELLED', { timeout: 15_000 });
  await watched.screenshot({ path: shot('live-console-cancelled'), animations: 'disabled' });
  await watcher.page.screenshot({ path: shot('live-console-orders'), animations: 'disabled' });
  expect(await documentMark(watcher.page)).toBe('same document');
  expect(watcher.navigations.length).toBe(navigationsBefore);

  // It learnt both from the stream: the order's pending and done states came as events...
  const orderEvents = () => watcher.events.slice(eventsBefore).filter((e) => e.resource === 'orders' && e.ids?.includes(order!.id));
  expect(orderEvents().map((e) => e.row?.action_state)).toEqual(expect.arrayContaining(['CANCELLING', 'CANCELLED']));
  // ...and read the list again only for them: no timer of its own while a row was under way.
  const listReads = () => watcher.reads.slice(readsBefore).filter((path) => path.endsWith('/orders/orders/')).length;
  expect(listReads()).toBeLessThanOrEqual(watcher.events.slice(eventsBefore).filter((e) => e.resource === 'orders').length);

  // A strategy profile stopped, then started, in one console shows each step in the other.
  const profiles = (await apiAs(actor.page, '/strategies/profiles/?page_size=100')).body as Listed<{ id: number; title: string; status: string; action_state: string }>;
  const profile = profiles.results.filter((p) => p.status === 'active' && p.action_state === 'NONE').at(-1);
  expect(profile).toBeDefined();
  await watcher.page.goto('/strategy-profiles');
  await actor.page.goto('/strategy-profiles');
  await expect(watcher.page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');
  await markDocument(watcher.page);
  const watchedProfile = watcher.page.getByTestId('strategy-profiles-table').getByRole('row').filter({ has: watcher.page.getByRole('link', { name: profile!.title, exact: true }) });
  const actingProfile = actor.page.getByTestId('strategy-profiles-table').getByRole('row').filter({ has: actor.page.getByRole('link', { name: profile!.title, exact: true }) });
  await expect(watchedProfile.getByText('active', { exact: true })).toBeVisible();

  await confirmStop(actor.page, actingProfile.getByRole('button', { name: `Stop ${profile!.title}` }), profile!.title);
  await expect(watchedProfile.getByText('inactive', { exact: true })).toBeVisible({ timeout: 15_000 });
  await watcher.page.screenshot({ path: shot('live-console-profile-stopped'), animations: 'disabled' });

  await actingProfile.getByRole('button', { name: `Start ${profile!.title}` }).click();
  await expect(watchedProfile.getByRole('button', { name: `Stop ${profile!.title}` })).toBeVisible();
  await expect(watchedProfile.getByText('active', { exact: true })).toBeVisible({ timeout: 15_000 });
  await watcher.page.screenshot({ path: shot('live-console-profile-started'), animations: 'disabled' });
  expect(await documentMark(watcher.page)).toBe('same document');
  expect(watcher.events.filter((e) => e.resource === 'strategy-profiles' && e.ids?.includes(String(profile!.id))).map((e) => e.row?.action_state)).toEqual(
    expect.arrayContaining(['CHANGING', 'CHANGED']),
  );

  // Ten newer streams of the watcher's session (beside its console's) take its place: the console shows
  // it is paused and does not reconnect on its own, then resumes when its window is used again. The ten
  // are opened from here with tickets the page asks for: a browser holds at most six connections a host.
  const tickets = (await watcher.page.evaluate(
    async ({ header, count }) => {
      const refreshed = await fetch('/api/v2/users/token-refresh/', { method: 'POST', headers: { [header]: '1', 'Content-Type': 'application/json' }, body: '{}' });
      const { access } = (await refreshed.json()) as { access: string };
      const answers = [];
      for (let i = 0; i < count; i++) answers.push(((await (await fetch('/api/v2/live/tickets/', { method: 'POST', headers: { Authorization: `Bearer ${access}` } })).json()) as { ticket: string }).ticket);
      return answers;
    },
    { header: REFRESH_COOKIE.header, count: 10 },
  )) as string[];
  const extra = new AbortController();
  for (const ticket of tickets) {
    const response = await fetch(new URL(`/api/v2/live/?ticket=${ticket}`, watcher.page.url()), { signal: extra.signal });
    const reader = response.body!.getReader();
    let received = '';
    while (!received.includes('event: ready')) received += new TextDecoder().decode((await reader.read()).value);
  }
  const indicator = watcher.page.getByTestId('live-indicator');
  await expect(indicator).toHaveAttribute('data-status', 'paused');
  await indicator.hover();
  await expect(watcher.page.getByRole('tooltip')).toContainText('Live updates paused');
  await watcher.page.screenshot({ path: shot('live-console-paused'), animations: 'disabled' });
  await watcher.page.waitForTimeout(3_000);
  await expect(indicator).toHaveAttribute('data-status', 'paused');
  await watcher.page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(indicator).toHaveAttribute('data-status', 'live');
  extra.abort();

  await actor.context.close();
  await watcher.context.close();
});
