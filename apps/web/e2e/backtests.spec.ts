import { expect, test, type Page } from '@playwright/test';
import { apiAs, BACKTESTS_ADMIN, fullPageShot, shot, signIn, toast } from './helpers';

/** The profile the seed keeps inactive (the demo generator's long settings): a run may be promoted into it. */
const PROFILE = 'Waiting ladder';

async function profileId(page: Page): Promise<number> {
  const { body } = await apiAs(page, `/strategies/profiles/for-filters/?search=${encodeURIComponent(PROFILE)}`);
  return (body as { results: { id: number; title: string }[] }).results.find((p) => p.title === PROFILE)!.id;
}

test('backtests: a run from the form with its progress, its page, its monthly returns and trades export, a comparison, a promotion', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, BACKTESTS_ADMIN);
  await page.getByRole('navigation').getByRole('link', { name: 'Backtests' }).click();
  await expect(page.getByRole('heading', { name: 'Backtests' })).toBeVisible();

  // A year on the model market: long enough to watch its progress.
  await page.getByTestId('new-backtest').click();
  const form = page.getByRole('dialog', { name: 'New backtest' });
  await form.getByLabel('Strategy profile').fill('Waiting');
  await page.getByRole('option', { name: PROFILE }).click();
  // On the store market the form shows what the candle store holds of the profile's pairs.
  await form.getByLabel('Market').click();
  await page.getByRole('option', { name: 'store' }).click();
  const coverage = form.getByTestId('backtest-coverage');
  await expect(coverage).toBeVisible();
  // The e2e data stores no candles of the profile's pairs: each line says so, on the profile account's exchange.
  await expect(coverage).toContainText(/Stored candles on [a-z0-9]+/);
  await expect(coverage.getByTestId('backtest-coverage-line').first()).toHaveText(/^[A-Z0-9]+: (no stored candles on [a-z0-9]+|.* – .*)$/);
  await page.screenshot({ path: shot('backtests-form-coverage'), animations: 'disabled' });
  await form.getByLabel('Market').click();
  await page.getByRole('option', { name: 'model' }).click();
  await expect(coverage).toBeHidden();
  await form.getByLabel('Seed').fill('5');
  await form.getByLabel('From').fill('2023-01-01');
  await form.getByLabel('Until (excluded)').fill('2024-01-01');
  await form.getByLabel('Deposit, USD').fill('25000');
  await page.screenshot({ path: shot('backtests-form'), animations: 'disabled' });
  await form.getByRole('button', { name: 'Run' }).click();
  await expect(toast(page, 'The backtest is queued.')).toBeVisible();
  await expect(form).toBeHidden();

  const table = page.getByTestId('backtests-table');
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow.getByRole('link', { name: PROFILE })).toBeVisible();
  await expect(firstRow.getByTestId('backtest-progress')).toBeVisible();
  await expect(firstRow.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^[1-9]/, { timeout: 60_000 });
  await page.screenshot({ path: shot('backtests-progress'), animations: 'disabled' });
  await expect(firstRow.getByRole('cell', { name: 'Done' })).toBeVisible({ timeout: 120_000 });

  // A second run of the same profile on another seed, asked for through the API as another tool would.
  const second = await apiAs(page, '/backtests/', { method: 'POST', body: { profile_id: await profileId(page), market: 'model', seed: 9, date_from: '2023-01-01', date_until: '2023-04-01', deposit: '25000' } });
  expect(second.status).toBe(201);
  await page.reload();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('cell', { name: 'Done' })).toHaveCount(2, { timeout: 120_000 });
  await fullPageShot(page, 'backtests-list');

  // The form's run (now below the newer one): its page, with the figures, the curves and the trades.
  await table.getByRole('row').nth(2).getByRole('link', { name: PROFILE }).click();
  await expect(page.getByTestId('backtest-figures')).toBeVisible();
  await expect(page.getByTestId('figure-total_return_percent')).toContainText('%');
  await expect(page.getByTestId('equity-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('drawdown-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('backtest-headline')).toContainText('Ran for');
  const trades = page.getByTestId('backtest-trades');
  await expect(trades.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByTestId('backtest-settings')).toContainText('seed 5');
  await expect(page.getByTestId('backtest-settings')).toContainText(/Pairs: [A-Z0-9]+USDT/);
  // Prices as the orders write them: five decimals.
  await expect(trades.getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText(/^\d+\.\d{5}$/);
  // The trades marked on their pair's candles, computed again from the run's seed: the chart and its marks are drawn.
  const candles = page.getByTestId('backtest-candles-chart');
  await expect(candles.locator('canvas').first()).toBeVisible();
  await expect(candles).toHaveAttribute('data-markers', /^[1-9]\d*$/);
  await page.getByTestId('trades-on-candles').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('backtest-trades-on-candles'), animations: 'disabled' });
  // Its months: the year's twelve after Total and the average month.
  const months = page.getByTestId('monthly-returns');
  await expect(months.getByRole('row')).toHaveCount(15);
  await expect(months.getByRole('row').nth(3)).toContainText('2023-01');
  await expect(months.getByRole('row').nth(14)).toContainText('2023-12');
  await fullPageShot(page, 'backtest-run');

  // Its trades as an xlsx, through the exports' task and download.
  const download = page.waitForEvent('download');
  await trades.getByTestId('export-button').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Backtest trades \d{2}-\d{2}-\d{4}\.xlsx$/);

  // Compare the two runs.
  await page.getByRole('link', { name: 'All backtests' }).click();
  // The list renders its rows after its fetch: wait for them before reading them.
  await expect(table.getByRole('checkbox')).toHaveCount(2);
  const ids = await table.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label')));
  expect(ids).toHaveLength(2);
  for (const box of await table.getByRole('checkbox').all()) await box.check();
  await page.getByTestId('compare-runs').click();
  await expect(page.getByRole('heading', { name: 'Compare backtests' })).toBeVisible();
  const figures = page.getByTestId('compare-figures');
  await expect(figures.getByRole('columnheader')).toHaveCount(3);
  await expect(figures.getByRole('row', { name: /Total return/ })).toContainText('%');
  await expect(page.getByTestId('compare-chart').locator('canvas').first()).toBeVisible();
  await fullPageShot(page, 'backtests-compare');

  // Promote the first run's settings into its profile: the profile's settings edit is logged.
  await figures.getByRole('columnheader').nth(1).getByRole('link').click();
  await page.getByTestId('promote-backtest').click();
  const confirm = page.getByRole('dialog', { name: "Promote the run's settings" });
  await page.screenshot({ path: shot('backtest-promote'), animations: 'disabled' });
  await confirm.getByRole('button', { name: 'Promote' }).click();
  await expect(toast(page, `The settings are written into ${PROFILE}.`)).toBeVisible();
  const logs = await apiAs(page, '/logs/?type=user');
  expect(JSON.stringify(logs.body)).toContain('strategy_settings_updated');
});
