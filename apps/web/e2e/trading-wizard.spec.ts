import { expect, test, type Page } from '@playwright/test';
import { apiAs, confirmStop, fullPageShot, shot, signIn, SIGNALS_UI, STRATEGY_PROFILE_MESSAGES, STRATEGY_SETTINGS_MESSAGES, STRATEGY_WIZARD_UI, WIZARD_ADMIN } from './helpers';

const TICKERS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Its own account, MM profile and ticker list, made through the API (pairs switched on as the ticker test does). */
async function makeLinks(page: Page) {
  expect((await apiAs(page, '/strategies/pairs/', { method: 'POST' })).status).toBe(201);
  const ids: number[] = [];
  for (const ticker of TICKERS) {
    const found = (await apiAs(page, `/strategies/pairs/for-filters/?search=${ticker}&page_size=50`)).body as { results: { id: number; ticker: string }[] };
    const pair = found.results.find((p) => p.ticker === ticker)!;
    expect((await apiAs(page, `/strategies/pairs/${pair.id}/`, { method: 'PUT', body: { ticker, is_active: true } })).status).toBe(200);
    ids.push(pair.id);
  }
  const account = await apiAs(page, '/strategies/exchange-accounts/', { method: 'POST', body: { title: 'Wizard desk', api_key: 'e2e-wizard-key-0001', api_secret: 'e2e-wizard-secret', leverage: 3 } });
  expect(account.status).toBe(201);
  const mm = await apiAs(page, '/strategies/mm-profiles/', {
    method: 'POST',
    body: { title: 'Wizard MM', all_signals_quota: 300, max_signals_amount: 3, max_factor_amount: 2, exchange_account: (account.body as { id: number }).id },
  });
  expect(mm.status).toBe(201);
  expect((await apiAs(page, '/strategies/tickers-configs/', { method: 'POST', body: { title: 'Wizard majors', status: 'inactive', pairs: ids } })).status).toBe(201);
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function expectStep(page: Page, n: number, title: string) {
  await expect(page.getByTestId('wizard-step-of')).toHaveText(STRATEGY_WIZARD_UI.stepOf(n, 8));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

test('wizard: a short profile through all 8 steps, started and stopped from the list, one block edited on its page', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, WIZARD_ADMIN);
  await makeLinks(page);

  // The list's Add makes a draft; Continue opens the wizard on it.
  await page.getByRole('navigation').getByRole('link', { name: 'Strategy profiles' }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('dialog').getByLabel('Strategy profile name').fill('Wizard short');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Continue Wizard short' }).click();

  // 1. Profile settings: the spec's messages, then the MM profile and the ticker list.
  await expectStep(page, 1, 'Profile settings');
  await expect(page.getByText(STRATEGY_WIZARD_UI.applyTemplate)).toBeVisible();
  await next(page);
  await expect(page.getByText(STRATEGY_PROFILE_MESSAGES.mmProfileBlank)).toBeVisible();
  await expect(page.getByText(STRATEGY_PROFILE_MESSAGES.tickersBlank)).toBeVisible();
  await page.getByRole('combobox', { name: 'MM profile' }).fill('Wizard');
  await page.getByRole('option', { name: 'Wizard MM' }).click();
  await pick(page, 'Tickers list', 'Wizard majors');
  await expect(page.getByText(STRATEGY_PROFILE_MESSAGES.mmProfileBlank)).toBeHidden();
  await fullPageShot(page, 'wizard-step-1-profile');
  await next(page);

  // 2. Key parameters: blank messages, then a falling price with an ATR range.
  await expectStep(page, 2, 'Key parameters');
  await next(page);
  await expect(page.getByText(STRATEGY_SETTINGS_MESSAGES.timeframeBlank)).toBeVisible();
  await expect(page.getByText(STRATEGY_SETTINGS_MESSAGES.nPeriods)).toBeVisible();
  await pick(page, 'Working time frame', '1 hour');
  await pick(page, 'Price direction', 'Fall (short)');
  await page.getByLabel('Start coefficient').fill('0.8');
  await page.getByLabel('ROC timer (min)').fill('60');
  await page.getByLabel('ATR threshold (%)').fill('1.5');
  await pick(page, 'Smoothing algorithm', 'EMA');
  await page.getByLabel('N-periods').fill('14');
  await page.getByLabel('Signal max duration (min)').fill('1440');
  await page.getByRole('switch', { name: 'ATR-1' }).click();
  await page.getByLabel('ATR-1 value').fill('3');
  await page.getByRole('switch', { name: 'Second ATR range' }).click();
  await page.getByLabel('ATR-2 value').fill('1');
  await next(page);
  await expect(page.getByText(STRATEGY_SETTINGS_MESSAGES.atr1Less(1))).toBeVisible();
  await page.getByLabel('ATR-1 value').fill('1');
  await page.getByLabel('ATR-2 value').fill('3');
  await fullPageShot(page, 'wizard-step-2-key-parameters');
  await page.setViewportSize(PHONE);
  await fullPageShot(page, 'wizard-step-2-key-parameters-phone');
  await page.setViewportSize(DESKTOP);
  await next(page);

  // 3. Order management: two enter orders, exit by time with one row.
  await expectStep(page, 3, 'Order management');
  await page.getByLabel('Future price').fill('1.01');
  await page.getByLabel('ATR timer').fill('15');
  await page.getByLabel('Change of ATR (%)').fill('10');
  await page.getByLabel('Exit order place').fill('0.6');
  await page.getByLabel('Size timer (min)').fill('30');
  await page.getByLabel('High/low change (%)').fill('5');
  await page.getByLabel('High/low change timer (min)').fill('30');
  await page.getByLabel('Quantity of orders').fill('2');
  const rows = page.getByTestId('enter_orders-row');
  await expect(rows).toHaveCount(2);
  for (const [i, [distance, size, timer]] of [['0', '50', '30'], ['0.5', '50', '60']].entries()) {
    await rows.nth(i).getByLabel('Distance').fill(distance);
    await rows.nth(i).getByLabel('Size (%)').fill(size);
    await rows.nth(i).getByLabel('ROC timer (min)').fill(timer);
  }
  await page.getByRole('radio', { name: 'By time', exact: true }).check();
  await page.getByLabel('Exit quantity by time').fill('1');
  await page.getByTestId('exit_timer_coeff_settings-row').getByLabel('Timer (min)').fill('120');
  await page.getByTestId('exit_timer_coeff_settings-row').getByLabel('Coefficient').fill('0.5');
  await fullPageShot(page, 'wizard-step-3-order-management');
  await page.setViewportSize(PHONE);
  await fullPageShot(page, 'wizard-step-3-order-management-phone');
  await page.setViewportSize(DESKTOP);
  await next(page);

  // 4. Indications: OPP on, with its range by time frame.
  await expectStep(page, 4, 'Indication settings');
  await page.getByRole('switch', { name: 'OPP' }).click();
  await pick(page, 'OPP-TF', '4 hours');
  await page.getByLabel('OPP-SP').fill('3');
  await page.getByLabel('OPP-ATR (1-15)').fill('20');
  await next(page);
  await expect(page.getByText('OPP-ATR must be 1-15')).toBeVisible();
  await page.getByLabel('OPP-ATR (1-15)').fill('5');
  await fullPageShot(page, 'wizard-step-4-indications');
  await next(page);

  // 5. Deviation: the defaults (0.5 each) pass.
  await expectStep(page, 5, 'Deviation settings');
  await expect(page.getByLabel('Limit funding rate')).toHaveValue('0.5');
  await fullPageShot(page, 'wizard-step-5-deviation');
  await next(page);

  // 6. Monitoring.
  await expectStep(page, 6, 'Monitoring');
  await page.getByRole('switch', { name: 'Delisting: block signals' }).click();
  await fullPageShot(page, 'wizard-step-6-monitoring');
  await next(page);

  // 7. Single cases (a falling price walks this step).
  await expectStep(page, 7, 'Single cases');
  await page.getByRole('switch', { name: 'Single cases' }).click();
  await next(page);
  await expect(page.getByText(STRATEGY_SETTINGS_MESSAGES.pickScType)).toBeVisible();
  await page.getByRole('radio', { name: 'SC-MM' }).check();
  await page.getByLabel('Signals quantity').fill('3');
  await page.getByLabel('MM percent').fill('50');
  await fullPageShot(page, 'wizard-step-7-single-cases');
  await next(page);

  // 8. Summary, then Finish back to the list.
  await expectStep(page, 8, 'Summary');
  await expect(page.getByTestId('summary-orders')).toContainText('By time');
  await expect(page.getByTestId('summary-profile')).toContainText('Wizard majors');
  await fullPageShot(page, 'wizard-step-8-summary');
  await page.setViewportSize(PHONE);
  await fullPageShot(page, 'wizard-step-8-summary-phone');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/strategy-profiles\/strategy$/);

  // Start and stop from the list: starting or active at once, stopping or inactive after Stop.
  const row = page.getByTestId('strategy-profiles-table').getByRole('row').filter({ hasText: 'Wizard short' });
  await expect(row.getByText('inactive', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Start Wizard short' }).click();
  await expect(row.getByText(/^(starting|active)$/)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Stop Wizard short' })).toBeVisible();
  await expect(row.getByText('active', { exact: true })).toBeVisible();
  await confirmStop(page, row.getByRole('button', { name: 'Stop Wizard short' }), 'Wizard short');
  await expect(row.getByRole('button', { name: 'Start Wizard short' })).toBeVisible();
  await expect(row.getByText('inactive', { exact: true })).toBeVisible({ timeout: 60_000 });

  // The detail page: the read-only blocks, and one edited in its modal.
  await row.getByRole('link', { name: 'Wizard short' }).click();
  await expect(page.getByRole('heading', { name: 'Wizard short' })).toBeVisible();
  await expect(page.getByTestId('summary-signal')).toContainText('1 hour');
  await fullPageShot(page, 'wizard-detail-settings');
  await page.setViewportSize(PHONE);
  await fullPageShot(page, 'wizard-detail-settings-phone');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Edit Deviation settings' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Limit price deviation').fill('0.05');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(STRATEGY_SETTINGS_MESSAGES.deviationMin)).toBeVisible();
  await dialog.getByLabel('Limit price deviation').fill('0.7');
  await page.screenshot({ path: shot('wizard-detail-edit-deviation'), animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('summary-deviation')).toContainText('0.7');
  const profiles = (await apiAs(page, '/strategies/profiles/?show_hide=true')).body as { results: { id: number; title: string }[] };
  const id = profiles.results.find((p) => p.title === 'Wizard short')!.id;
  const stored = (await apiAs(page, `/strategies/strategy-settings/${id}/`)).body as { settings: Record<string, Record<string, unknown>> };
  expect(stored.settings.deviation_settings).toEqual({ limit_funding_rate: 0.5, limit_price_deviation: 0.7 });
  expect(stored.settings.signal_settings).toMatchObject({ atr_minus_1_type: 'rng', atr_minus_1_value: '1;3', enable_sec_atr: true });
  // The other tabs are the shared tables, on this profile's rows: a new profile has none yet.
  await page.getByRole('tab', { name: 'Signals' }).click();
  await expect(page.getByTestId('profile-signals-table').getByText(SIGNALS_UI.signalsEmpty)).toBeVisible();
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByTestId('profile-orders-table').getByText(SIGNALS_UI.ordersEmpty)).toBeVisible();
});
