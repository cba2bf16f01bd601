import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { CurrentUser } from '@console/contracts';
import { A11Y_ADMIN, API_PATHS, apiAs, menuEntryTabs, pathTo, shot, signIn, visibleMenuEntries } from './helpers';

/** axe-core's browser build, run in each page (evaluated, not a script tag: the console's CSP allows no inline script). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What fails the test: violations axe rates serious or critical. Moderate and minor ones are reported. */
const FAILING_IMPACTS = ['serious', 'critical'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** axe over the whole page as it stands (WCAG 2.x A and AA rules and axe's best practices). */
async function axeViolations(page: Page): Promise<Violation[]> {
  // Colours are judged at rest: a button just enabled is still fading from grey for a quarter second.
  // Endless ones (spinners, the live dot) are left running; the wait is bounded either way.
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.map(String), html: n.html.slice(0, 160) })) }));
  });
}

const describe = (violations: Violation[]) => violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')}: ${v.nodes[0]?.html})`);

async function expectAccessible(page: Page, where: string, report: Map<string, string[]>, { screenShown = true } = {}): Promise<void> {
  // A screen is judged once it has loaded: its heading there, no spinner left. (An open drawer hides the
  // screen from the accessibility tree, as a modal should.)
  if (screenShown) {
    await expect(page.getByRole('heading', { level: 1 }).first(), where).toBeVisible();
    await expect(page.getByRole('main').getByRole('progressbar'), `${where}: still loading`).toHaveCount(0);
  }
  let violations = await axeViolations(page);
  // Judged at rest: a control that turns enabled just after the first look (its row's data came a moment
  // later) is caught fading from grey. A finding seen again a second later is the screen's; one gone is not.
  if (violations.some((v) => FAILING_IMPACTS.includes(v.impact ?? ''))) {
    await page.waitForTimeout(1_000);
    violations = await axeViolations(page);
  }
  report.set(where, describe(violations));
  expect.soft(describe(violations.filter((v) => FAILING_IMPACTS.includes(v.impact ?? ''))), `${where}: serious or critical axe violations`).toEqual([]);
  // The shared layout's two findings stay fixed on every screen: a list holds only list items, and
  // all content sits in a landmark.
  expect.soft(violations.filter((v) => v.id === 'list' || v.id === 'region').map((v) => describe([v])[0]), `${where}: layout violations`).toEqual([]);
}

test('axe finds nothing serious or critical on the sign-in page and on every screen of the menu', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const report = new Map<string, string[]>();
  await page.goto('/login');
  await expectAccessible(page, 'login', report);

  await signIn(page, A11Y_ADMIN);
  const me = (await apiAs(page, API_PATHS.currentUser)).body as CurrentUser;
  const paths: string[] = [];
  for (const entry of visibleMenuEntries(me.group)) {
    const tabs = menuEntryTabs(me.group, entry.path);
    if (tabs.length === 0) paths.push(pathTo(entry.path));
    for (const tab of tabs) paths.push(pathTo(tab.path));
  }
  expect(paths.length).toBeGreaterThan(8);
  for (const path of paths) {
    await page.goto(path);
    await expectAccessible(page, path, report);
    await page.screenshot({ path: shot(`a11y${path.replaceAll('/', '-')}`), animations: 'disabled' });
  }
  // The orders' statuses, coloured by meaning, in view.
  await page.goto(pathTo('orders'));
  await page.getByTestId('order-status').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('a11y-orders-statuses'), animations: 'disabled' });
  // A log entry's stored data, opened: still nothing serious.
  await page.goto(pathTo('logs'));
  await page.getByRole('button', { name: 'Data' }).first().click();
  await expectAccessible(page, 'logs with an entry’s data open', report);
  await page.screenshot({ path: shot('a11y-logs-data-open'), animations: 'disabled' });
  // The collapsed menu and the phone's drawer are the same layout in other shapes.
  await page.getByTestId('menu-toggle').click();
  await expectAccessible(page, `${paths.at(-1)} with the menu collapsed`, report);
  await page.screenshot({ path: shot('a11y-menu-collapsed'), animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('drawer-open').click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expectAccessible(page, `${paths.at(-1)} on a phone, the drawer open`, report, { screenShown: false });
  await page.screenshot({ path: shot('a11y-phone-drawer'), animations: 'disabled' });
  expect(pageErrors).toEqual([]);
  test.info().annotations.push({ type: 'axe', description: [...report].map(([where, found]) => `${where}: ${found.join('; ') || 'none'}`).join('\n') });
  console.log([...report].map(([where, found]) => `${where}: ${found.join('; ') || 'none'}`).join('\n'));
});
