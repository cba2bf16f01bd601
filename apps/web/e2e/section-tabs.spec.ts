import { expect, test } from '@playwright/test';
import type { CurrentUser } from '@console/contracts';
import { API_PATHS, apiAs, menuEntryTabs, pathTo, shot, signIn, TABS_ADMIN, visibleMenuEntries } from './helpers';

// What each section's first tab shows: its page heading.
const FIRST_TAB_HEADINGS: Record<string, string> = {
  strategyProfilesStrategy: 'Strategy profiles list',
  signals: 'Signals',
  strategyStats: 'Strategy stats',
  groups: 'Privileges',
};

test('a menu entry with tabs opens its first tab from every one of its tabs', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, TABS_ADMIN);
  const me = (await apiAs(page, API_PATHS.currentUser)).body as CurrentUser;
  const sections = visibleMenuEntries(me.group)
    .map((entry) => ({ entry, tabs: menuEntryTabs(me.group, entry.path) }))
    .filter(({ tabs }) => tabs.length > 0);
  // Every bar with tabs: Strategy profiles, Signals & orders, Strategy stats, Privileges.
  expect(sections.map(({ entry }) => entry.path)).toEqual(['strategyProfiles', 'signalsAndOrders', 'stats', 'privileges']);

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const main = page.getByRole('main');
  for (const { entry, tabs } of sections) {
    const first = tabs[0]!;
    const heading = FIRST_TAB_HEADINGS[first.path];
    expect(heading, `the heading of ${first.path}`).toBeDefined();
    // The entry leads to the first tab itself, not through the redirect page.
    await expect(menu.getByTestId(`menu-${entry.path}`)).toHaveAttribute('href', pathTo(first.path));
    for (const tab of tabs) {
      // The tab opened afresh (its screen's code is all the page has loaded), then through its bar.
      await page.goto(pathTo(tab.path));
      await expect(main.getByTestId(`tab-${tab.path}`)).toHaveAttribute('aria-selected', 'true');
      await menu.getByTestId(`menu-${entry.path}`).click();
      await expect(page, `${entry.label} from a fresh ${tab.label}`).toHaveURL(new RegExp(`${pathTo(first.path)}$`));
      await expect(main.getByRole('heading', { level: 1, name: heading, exact: true }), `${entry.label} from a fresh ${tab.label}`).toBeVisible();
      await main.getByTestId(`tab-${tab.path}`).click();
      await expect(page).toHaveURL(new RegExp(`${pathTo(tab.path)}$`));
      await expect(main.getByTestId(`tab-${tab.path}`)).toHaveAttribute('aria-selected', 'true');

      await menu.getByTestId(`menu-${entry.path}`).click();
      await expect(page, `${entry.label} from ${tab.label}`).toHaveURL(new RegExp(`${pathTo(first.path)}$`));
      await expect(main.getByRole('heading', { level: 1, name: heading, exact: true }), `${entry.label} from ${tab.label}`).toBeVisible();
      await expect(main.getByTestId(`tab-${first.path}`)).toHaveAttribute('aria-selected', 'true');
      if (tab.path === tabs[tabs.length - 1]!.path) await page.screenshot({ path: shot(`menu-from-last-tab-${entry.path}`) });
    }
  }
});
