import { expect, test, type Page } from '@playwright/test';
import type { CurrentUser } from '@console/contracts';
import { API_PATHS, apiAs, LIMITS, menuEntryTabs, pathTo, PHONE_ADMIN, shot, signIn, visibleMenuEntries } from './helpers';

const PHONE = { width: 390, height: 844 };
const NARROW_PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 800 };
const TOUCH_TARGET_PX = 44;
const DARK_BACKGROUND = 'rgb(15, 18, 24)';
const LONG_ACCOUNT_TITLE = 'Binance USDT-M futures, main grid account for phones';

/** A phone: touch, and the page laid out at the device width its meta viewport asks for. */
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

interface Screen {
  name: string;
  path: string;
  /** Gets there as a person would: from the drawer, or from the tab bar of the screen before. */
  open(page: Page): Promise<void>;
}

/** What a screen is for: its table, form, settings blocks, feed or notice. */
const MAIN_CONTROL = 'table, form, section, [data-testid="notification"]';

async function openDrawer(page: Page) {
  await closeTooltips(page);
  await page.getByTestId('drawer-open').click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  return menu;
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${where}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

/** Every visible control of the page smaller than a fingertip, described for the failure message. */
function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = 'button, [role="button"], [role="tab"], a.MuiListItemButton-root, .MuiInputBase-root, .MuiSwitch-root, .MuiCheckbox-root';
    return [...document.querySelectorAll<HTMLElement>(controls)]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden' && (box.height < min || box.width < min);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].find((c) => c.startsWith('Mui')) ?? ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').slice(0, 30)}" ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`);
  }, TOUCH_TARGET_PX);
}

async function expectScreen(page: Page, screen: Screen, width: number) {
  const where = `${screen.name} at ${width} px`;
  await expect(page, where).toHaveURL(new RegExp(`${screen.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 }), where).toBeVisible();
  await expect(main.locator(MAIN_CONTROL).first(), where).toBeVisible();
  await expect(main.getByRole('progressbar'), `${where}: still loading`).toHaveCount(0);
  await expectNoSidewaysScroll(page, where);
  expect(await smallTouchTargets(page), `${where}: controls under ${TOUCH_TARGET_PX} px`).toEqual([]);
  // A tab bar wider than the screen must scroll, not clip its last tabs out of reach.
  const clippedTabBars = await page.locator('.MuiTabs-scroller').evaluateAll((bars) =>
    bars.filter((bar) => bar.scrollWidth > bar.clientWidth && !['auto', 'scroll'].includes(getComputedStyle(bar).overflowX)).length,
  );
  expect(clippedTabBars, `${where}: a tab bar cut off`).toBe(0);
}

/**
 * Playwright's click on a touch page sends mouse events only, so the pointer a menu tap leaves behind can
 * open the tooltip of whatever lies there once the drawer closes (the re-invest rule on MM profiles), which
 * may then cover the drawer's entries. A real tap does not (MUI's tooltips ignore the mouse events a touch
 * emulates). Escape closes every open tooltip; the check waits until none is left, however many.
 */
async function closeTooltips(page: Page) {
  // The pointer goes onto the screen's heading first: a pointer resting on a control reopens its tooltip
  // as soon as the closed one leaves the layout.
  const heading = page.getByRole('main').getByRole('heading').first();
  if (await heading.count()) await heading.hover();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}

/** The theme button, then the pointer away from it so that its tooltip is not in the screenshot. */
async function toggleTheme(page: Page) {
  await page.getByTestId('theme-toggle').click();
  // Off the page: a corner of it can lie over a cut value, whose tooltip would open instead.
  await page.mouse.move(-1, -1);
  await closeTooltips(page);
}

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot(name), fullPage: true, animations: 'disabled' });
}

test('on a phone every screen of the menu fits the width, in the light and the dark theme; at 1280 the side menu stays', async ({ page }) => {
  test.setTimeout(240_000);
  // The sign-in page, before there is a menu: in both themes too (the choice is kept in localStorage).
  await page.goto('/login');
  for (const mode of ['light', 'dark']) {
    await page.evaluate((m) => localStorage.setItem('colorMode', m), mode);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, `login, ${mode}`);
    await screenshot(page, `phone-390-login-${mode}`);
  }
  await page.evaluate(() => localStorage.removeItem('colorMode'));
  await signIn(page, PHONE_ADMIN);
  const me = (await apiAs(page, API_PATHS.currentUser)).body as CurrentUser;
  // A long account title, to see it cut before the row's buttons.
  expect((await apiAs(page, API_PATHS.exchangeAccounts, { method: 'POST', body: { title: LONG_ACCOUNT_TITLE, api_key: 'phone-api-key-0001', api_secret: 'phone-secret', leverage: 10 } })).status).toBe(201);

  // No side menu beside the page: a drawer behind the top bar's button, with the entries of the menu's definition.
  await expect(page.getByTestId('side-menu')).toHaveAttribute('data-variant', 'temporary');
  const entries = visibleMenuEntries(me.group);
  const menu = await openDrawer(page);
  await expect(menu.getByRole('link')).toHaveText(entries.map((e) => e.label));
  await screenshot(page, 'phone-390-drawer');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  const screens: Screen[] = [];
  for (const entry of entries) {
    const tabs = menuEntryTabs(me.group, entry.path);
    screens.push({
      name: entry.path,
      // An entry with a tab bar opens its first tab.
      path: pathTo(tabs[0]?.path ?? entry.path),
      open: async (p) => {
        await (await openDrawer(p)).getByTestId(`menu-${entry.path}`).click();
        await expect(p.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
      },
    });
    for (const tab of tabs.slice(1)) {
      screens.push({ name: tab.path, path: pathTo(tab.path), open: (p) => p.getByRole('main').getByTestId(`tab-${tab.path}`).click() });
    }
  }
  expect(screens.length).toBeGreaterThan(entries.length);

  for (const screen of screens) {
    await screen.open(page);
    await expectScreen(page, screen, PHONE.width);
    await screenshot(page, `phone-390-${screen.name}-light`);
    await toggleTheme(page);
    await expect(page.locator('body')).toHaveCSS('background-color', DARK_BACKGROUND);
    await expectNoSidewaysScroll(page, `${screen.name} in the dark theme`);
    await screenshot(page, `phone-390-${screen.name}-dark`);
    await toggleTheme(page);
  }

  // The exchange account row: the title is cut before its buttons, and a tap shows the whole of it.
  await (await openDrawer(page)).getByTestId('menu-systemSettings').click();
  const title = page.getByText(`${LONG_ACCOUNT_TITLE.slice(0, LIMITS.accountTitleTruncate)}…`);
  const titleBox = await title.boundingBox();
  const editBox = await page.getByRole('button', { name: `Edit ${LONG_ACCOUNT_TITLE}` }).boundingBox();
  expect(titleBox && editBox && titleBox.x + titleBox.width <= editBox.x).toBe(true);
  await title.tap();
  await expect(page.getByRole('tooltip')).toHaveText(LONG_ACCOUNT_TITLE);

  // A form dialog fills the phone's screen.
  await page.getByRole('button', { name: `Edit ${LONG_ACCOUNT_TITLE}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())?.width).toBe(PHONE.width);
  await page.screenshot({ path: shot('phone-390-account-dialog'), animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The group form, opened from its page's button.
  await (await openDrawer(page)).getByTestId('menu-privileges').click();
  await page.getByRole('button', { name: 'Add New Group' }).click();
  await expectScreen(page, { name: 'privilegesAdd', path: pathTo('privilegesAdd'), open: async () => undefined }, PHONE.width);
  await screenshot(page, 'phone-390-privilegesAdd-light');

  // At 360 px: the same screens, and a wide table scrolls inside its box with its first column in place.
  await page.setViewportSize(NARROW_PHONE);
  for (const screen of screens) {
    await screen.open(page);
    await expectScreen(page, screen, NARROW_PHONE.width);
    await screenshot(page, `phone-360-${screen.name}-light`);
  }
  await (await openDrawer(page)).getByTestId('menu-privileges').click();
  await page.getByRole('main').getByTestId('tab-userManagement').click();
  const scroller = page.getByTestId('users-table-scroller');
  const email = scroller.getByRole('cell', { name: PHONE_ADMIN.email, exact: true });
  const before = await email.boundingBox();
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect((await email.boundingBox())?.x).toBe(before?.x);

  // A desktop window keeps the collapsible menu beside the page.
  await page.setViewportSize(DESKTOP);
  await page.reload();
  const sideMenu = page.getByTestId('side-menu');
  await expect(sideMenu).toHaveAttribute('data-variant', 'permanent');
  await expect(page.getByTestId('drawer-open')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect.poll(async () => (await sideMenu.locator('.MuiDrawer-paper').boundingBox())?.width).toBe(LIMITS.sideMenuOpenPx);
  await page.getByTestId('menu-toggle').click();
  await expect.poll(async () => (await sideMenu.locator('.MuiDrawer-paper').boundingBox())?.width).toBe(LIMITS.sideMenuClosedPx);
  await page.getByTestId('menu-toggle').click();
  await expectNoSidewaysScroll(page, 'users at 1280 px');
  await screenshot(page, 'desktop-1280-users');
});
