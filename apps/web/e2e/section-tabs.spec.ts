import { expect, test, type Page } from '@playwright/test';
import type { CurrentUser } from '@console/contracts';
import { API_PATHS, apiAs, LIMITS, MM_PROFILE_UI, menuEntryTabs, pathTo, shot, signIn, TABS_ADMIN, visibleMenuEntries } from './helpers';

// What each section's first tab shows: its page heading.
const FIRST_TAB_HEADINGS: Record<string, string> = {
  strategyProfilesStrategy: 'Strategy profiles list',
  signals: 'Signals',
  strategyStats: 'Strategy stats',
  groups: 'Privileges',
};

test.describe.configure({ mode: 'serial' });

let page: Page;
let me: CurrentUser;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signIn(page, TABS_ADMIN);
  me = (await apiAs(page, API_PATHS.currentUser)).body as CurrentUser;
});
test.afterAll(() => page.close());

test('a menu entry with tabs opens its first tab from every one of its tabs', async () => {
  test.setTimeout(240_000);
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
    }
    // The redirect page itself still leads to the first tab (typed or old links).
    await page.goto(pathTo(entry.path));
    await expect(page).toHaveURL(new RegExp(`${pathTo(first.path)}$`));
  }
});

/** Scrolls the open option list to its bottom, where the next page loads. */
async function scrollOptionsToBottom(listbox: ReturnType<Page['getByRole']>) {
  await listbox.evaluate((list) => list.scrollTo(0, list.scrollHeight));
}

test('pickers page and search; the screens changed for them, on a desktop and a phone', async () => {
  test.setTimeout(240_000);
  const stamp = Date.now() % 100000;
  const count = LIMITS.autocompletePageSize + 5;
  for (let n = 1; n <= count; n += 1) {
    const title = `Picker ${stamp} ${String(n).padStart(2, '0')}`;
    expect((await apiAs(page, API_PATHS.strategyProfiles, { method: 'POST', body: { title } })).status).toBe(201);
  }

  // Signals: the profile filter shows a page, the rest after scrolling to its bottom; a search narrows it.
  await page.goto(pathTo('signals'));
  const picker = page.getByTestId('filter-profile');
  await picker.getByRole('combobox').fill(`Picker ${stamp}`);
  const listbox = page.getByRole('listbox');
  // The search's first page (not the whole list shown while the search waits).
  await expect(listbox.getByRole('option').first()).toHaveText(`Picker ${stamp} 01`);
  await expect(listbox.getByRole('option')).toHaveCount(LIMITS.autocompletePageSize);
  await scrollOptionsToBottom(listbox);
  await expect(listbox.getByRole('option')).toHaveCount(count);
  await page.screenshot({ path: shot('picker-signals-profile-desktop') });
  await listbox.getByRole('option', { name: `Picker ${stamp} ${count}` }).click();
  await expect(picker.getByRole('combobox')).toHaveValue(`Picker ${stamp} ${count}`);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/profile=\d+/);
  // After a reload the picked profile is named again, though it is past the first page.
  await page.reload();
  await expect(page.getByTestId('filter-profile').getByRole('combobox')).toHaveValue(`Picker ${stamp} ${count}`);

  // Stats: 'Created until' is today unless another date is picked.
  await page.goto(pathTo('strategyStats'));
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  await expect(page.getByLabel('Created until')).toHaveValue(today);
  await page.getByTestId('stats-rows-filter').getByRole('combobox').click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.screenshot({ path: shot('picker-strategy-stats-desktop') });
  await page.keyboard.press('Escape');

  // Risk control: the table pages on the server; the group picker searches the profiles.
  await page.goto(pathTo('riskControl'));
  await expect(page.getByTestId('risk-triggers-table')).toBeVisible();
  await page.screenshot({ path: shot('risk-control-desktop'), fullPage: true });

  // MM profiles: the re-invest rule is a tooltip of its button.
  await page.goto(pathTo('mmProfiles'));
  await page.getByRole('button', { name: MM_PROFILE_UI.reinvestDaily }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(MM_PROFILE_UI.reinvestTooltip);
  await page.screenshot({ path: shot('mm-profiles-reinvest-tooltip-desktop') });

  // The wizard's MM profile picker.
  await page.goto(pathTo('addStrategyProfile'));
  await page.getByRole('combobox', { name: 'MM profile' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.screenshot({ path: shot('picker-wizard-mm-profile-desktop') });
  await page.keyboard.press('Escape');

  // A phone: the signals filter's picker, paged as on the desktop.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pathTo('signals'));
  await page.getByTestId('filter-profile').getByRole('combobox').fill(`Picker ${stamp}`);
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(`Picker ${stamp} 01`);
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(LIMITS.autocompletePageSize);
  await scrollOptionsToBottom(page.getByRole('listbox'));
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(count);
  await page.screenshot({ path: shot('picker-signals-profile-phone') });
});
