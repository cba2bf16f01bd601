import { expect, test, type Page } from '@playwright/test';
import { fullPageShot, signIn, STATS_ADMIN, STATS_FIGURES, STATS_UI, figureHint } from './helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The months page's answer to the next request it makes. */
const monthsAnswer = (page: Page, path: 'statistics-admin' | 'statistics-client') =>
  page.waitForResponse((r) => r.url().includes(`/api/v2/statistics/${path}/`) && r.request().method() === 'GET');

// One administrator enrols once: the three parts share one sign-in.
test('statistics: strategy and account tables, stats by months, charts', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, STATS_ADMIN);
  await test.step('strategy and account stats tables show the generator’s profiles and account', () => tables(page));
  await page.setViewportSize(DESKTOP);
  await test.step('stats by months: presets, a custom range, the summary and the two views', () => months(page));
  await page.setViewportSize(DESKTOP);
  await test.step('one figure, one number: By Months and the account card show the same ACGR and month return', () => oneNumber(page));
  await page.setViewportSize(DESKTOP);
  await test.step('charts: two charts (candles and a line), separated, then Clear Filters; the iframe mode', () => charts(page));
});

async function tables(page: Page) {
  await page.goto('/stats');
  await expect(page).toHaveURL(/\/stats\/strategy-stats$/);
  const table = page.getByTestId('strategy-stats-table');
  // The generator's profiles have finished signals: every row has counts, and the drafts are not there.
  await expect(table.locator('tbody tr[data-row-key]').nth(1)).toBeVisible();
  await expect(table.getByText(STATS_UI.strategyEmpty)).toHaveCount(0);
  await table.getByRole('button', { name: 'Res-$' }).click();
  await expect(page).toHaveURL(/ordering=total/);
  await page.getByRole('tab', { name: 'Risk' }).click();
  await expect(table.getByRole('columnheader', { name: 'Sharpe' })).toBeVisible();
  await fullPageShot(page, 'stats-strategy-desktop');

  await page.getByRole('tab', { name: 'Account' }).click();
  const accounts = page.getByTestId('account-stats-table');
  await expect(accounts.locator('tbody tr[data-row-key]').first()).toBeVisible();
  await expect(accounts.getByRole('columnheader', { name: 'NAV' })).toBeVisible();
  await fullPageShot(page, 'stats-account-desktop');
  await page.setViewportSize(PHONE);
  await fullPageShot(page, 'stats-account-phone');
}

async function months(page: Page) {
  const first = monthsAnswer(page, 'statistics-admin');
  await page.goto('/stats/months-stats');
  expect((await first).status()).toBe(200);
  const table = page.getByTestId('months-table');
  await expect(table.getByRole('cell', { name: 'Total', exact: true })).toBeVisible();
  await expect(page.getByTestId('months-summary').getByText('System works')).toBeVisible();
  await expect(page.getByTestId('months-chart')).toBeVisible();
  await fullPageShot(page, 'stats-months-all-time');

  const pick = async (preset: string) => {
    await page.getByTestId('date-range-button').click();
    const answer = monthsAnswer(page, 'statistics-admin');
    await page.getByRole('menuitem', { name: preset, exact: true }).click();
    return (await answer).url();
  };
  const now = new Date();
  const year = now.getUTCFullYear();
  // Each pick changes the range: This Year is Last 12 Months in December and Last 6 Months in June, and
  // a pick that keeps the range asks for nothing. The presets' ranges themselves are unit-tested.
  const sixMonthsBack = new Date(Date.UTC(year, now.getUTCMonth() - 5, 1)).toISOString().slice(0, 10);
  expect(await pick('Last 6 Months')).toContain(`date_from=${sixMonthsBack}`);
  await expect(page.getByTestId('date-range-button')).toHaveText('Last 6 Months');
  expect(await pick('Last 12 Months')).toMatch(/date_from=\d{4}-\d{2}-01&date_to=\d{4}-\d{2}-01|date_to=.*date_from=/);
  const allTime = await pick('All Time');
  expect(allTime).not.toContain('date_from');

  // A custom range: Apply stays off until both dates are set.
  await page.getByTestId('date-range-button').click();
  const popover = page.getByRole('presentation');
  const apply = popover.getByRole('button', { name: STATS_UI.apply });
  await expect(apply).toBeDisabled();
  await popover.getByLabel('From').fill(`${year - 1}-01-01`);
  await expect(apply).toBeDisabled();
  await popover.getByLabel('To').fill(`${year}-12-31`);
  const custom = monthsAnswer(page, 'statistics-admin');
  await apply.click();
  expect((await custom).url()).toContain(`date_to=${year}-12-31`);
  await expect(table.locator('tbody tr').nth(3)).toBeVisible();

  // The summary hides and shows; the client view drops the admin columns.
  await page.getByLabel('Summary').click();
  await expect(page.getByTestId('months-summary')).toBeHidden();
  await page.getByLabel('Summary').click();
  await expect(page.getByTestId('months-summary')).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'HWM', exact: true })).toBeVisible();
  const client = monthsAnswer(page, 'statistics-client');
  await page.getByRole('button', { name: 'Client' }).click();
  expect((await client).status()).toBe(200);
  await expect(table.getByRole('columnheader', { name: 'HWM', exact: true })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Turnover' })).toBeVisible();
  await fullPageShot(page, 'stats-months-client');
  await page.setViewportSize(PHONE);
  await fullPageShot(page, 'stats-months-phone');
}

async function oneNumber(page: Page) {
  // All Time on By Months (its default), of the account it names, newest month first.
  const answer = monthsAnswer(page, 'statistics-admin');
  await page.goto('/stats/months-stats');
  const months = (await (await answer).json()) as { exchange_account: { title: string }; by_month: { return_nav_percent: number | null }[] };
  const acgr = (await page.getByTestId('summary-avg_capital_growth_rate').innerText()).replace('%', '');
  const table = page.getByTestId('months-table');
  const column = (await table.getByRole('columnheader').allInnerTexts()).indexOf(STATS_FIGURES.return_month_percent.name);
  // The rows after Total and the two averages are the months, newest first.
  const monthReturn = (await table.locator('tbody tr').nth(3).getByRole('cell').nth(column).innerText()).replace('%', '');
  expect(Number(monthReturn)).toBe(months.by_month[0].return_nav_percent);

  // The header tells which basis each return is on.
  await table.getByText(STATS_FIGURES.return_month_percent.name, { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(figureHint(STATS_FIGURES.return_month_percent));

  await page.goto('/signals-and-orders/administration');
  const card = page.getByTestId('account-metrics').locator('.MuiPaper-root').filter({ hasText: months.exchange_account.title });
  // The same figure, or the same '-' where there is none (the engine trades the generator's account on
  // from its rows, and a NAV that falls to nothing or below has no growth rate).
  await expect(card.getByTestId('metric-avg_capital_growth_rate')).toHaveText(acgr === '-' ? '-' : Number(acgr).toFixed(2));
  await expect(card.getByTestId('metric-return_month_percent')).toHaveText(monthReturn);
  await fullPageShot(page, 'stats-card-agrees');
}

async function charts(page: Page) {
  // The defaults: equity as a line by day.
  const equity = page.waitForResponse((r) => r.url().includes('/statistics/statistics-chart/') && r.url().includes('data_type=Equity'));
  await page.goto('/stats/charts-stats');
  expect((await equity).url()).toMatch(/chart_type=line.*tf=1d|tf=1d.*chart_type=line/);
  const area = page.getByTestId('charts-area');
  await expect(area.locator('canvas').first()).toBeVisible();
  await expect(area.getByText(STATS_UI.chartsEmpty)).toHaveCount(0);

  await page.getByRole('button', { name: STATS_UI.twoCharts }).click();
  await expect(page.getByTestId('data-type-2')).toHaveValue('NAV');
  await expect(page.getByTestId('chart-type-2')).toHaveValue('candles');
  await page.getByLabel('Separated').check();
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/statistics/statistics-chart/')) requests.push(r.url());
  });
  await page.getByRole('button', { name: STATS_UI.apply }).click();
  await expect(page.getByTestId('stats-chart-2')).toBeVisible();
  await expect(page.getByTestId('stats-chart-1').locator('canvas').first()).toBeVisible();
  expect(requests.some((u) => u.includes('chart_type=candles') && u.includes('data_type=NAV'))).toBe(true);
  await fullPageShot(page, 'stats-charts-two');

  await page.getByRole('button', { name: STATS_UI.clearFilters }).click();
  await expect(page.getByTestId('stats-chart-2')).toHaveCount(0);
  await expect(page.getByTestId('data-type-2')).toHaveCount(0);
  await expect(page.getByRole('button', { name: STATS_UI.oneChart })).toHaveAttribute('aria-pressed', 'true');

  // Embedded: no menu or filters, a VAR/EQUITY switcher; VAR comes as columns.
  await page.goto('/stats/charts-stats?iframe=1');
  await expect(page.getByTestId('chart-filters')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const varAnswer = page.waitForResponse((r) => r.url().includes('data_type=VAR'));
  await page.getByRole('button', { name: 'VAR' }).click();
  expect((await varAnswer).url()).toContain('chart_type=column');
  await fullPageShot(page, 'stats-charts-iframe');
  await page.setViewportSize(PHONE);
  await page.goto('/stats/charts-stats');
  await expect(page.getByTestId('charts-area').locator('canvas').first()).toBeVisible();
  await fullPageShot(page, 'stats-charts-phone');
}
