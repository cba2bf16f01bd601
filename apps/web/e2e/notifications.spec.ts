import { expect, test } from '@playwright/test';
import { FEED_ADMIN, fullPageShot, signIn } from './helpers';

// A window taller than the first page of 10: no scroll event ever fires (the e2e server seeds 25).
test.use({ viewport: { width: 1440, height: 1600 } });

test('on a tall window the feed asks for the next page until the screen is filled', async ({ page }) => {
  await signIn(page, FEED_ADMIN);
  const pagesAsked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v2/notifications/') pagesAsked.push(url.searchParams.get('page') ?? '1');
  });

  await page.getByRole('navigation').getByRole('link', { name: 'Notifications' }).click();
  const items = page.getByTestId('notification');
  await expect(items.first()).toBeVisible();
  await expect.poll(() => items.count()).toBeGreaterThan(10);
  expect(pagesAsked.slice(0, 2)).toEqual(['1', '2']);
  expect(pagesAsked.filter((p) => p === '2')).toHaveLength(1);
  // The window was never scrolled: the feed's end came into view by itself.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await fullPageShot(page, 'notifications-tall-window');
});
