import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, fullPageShot, shot, signIn, TICKER_CONFIG_MESSAGES, TICKER_CONFIG_UI, TRADING_ADMIN } from './helpers';

// The file sorts after settings.spec.ts, which expects no pairs and no accounts at its start.
const ACTIVE_TICKERS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT'];
const MESSY_LIST = ' btcusdt;  "ETHUSDT",\n\tsolUSDT / BTCUSDT | DOGEUSDT ~ nosuchusdt XRPUSDT!!';

/** Pairs come from the (simulated) exchange sync; the test switches on the few it pastes. */
async function activatePairs(page: Page) {
  expect((await apiAs(page, '/strategies/pairs/', { method: 'POST' })).status).toBe(201);
  for (const ticker of ACTIVE_TICKERS) {
    const found = (await apiAs(page, `/strategies/pairs/for-filters/?search=${ticker}&page_size=50`)).body as { results: { id: number; ticker: string }[] };
    const pair = found.results.find((p) => p.ticker === ticker);
    expect(pair).toBeDefined();
    expect((await apiAs(page, `/strategies/pairs/${pair!.id}/`, { method: 'PUT', body: { ticker, is_active: true } })).status).toBe(200);
  }
}

/** What a real paste delivers: a paste event carrying the text on its clipboard data. */
async function pasteInto(field: Locator, text: string) {
  await field.focus();
  await field.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('ticker configs: a messy paste, activation and the lock on edit', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, TRADING_ADMIN);
  await activatePairs(page);

  await page.getByRole('navigation').getByRole('link', { name: 'Strategy profiles' }).click();
  await page.getByRole('tab', { name: 'Ticker' }).click();
  await expect(page.getByText(TICKER_CONFIG_UI.listEmpty)).toBeVisible();

  // Add: the title rule first, then a list with no tickers yet.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: TICKER_CONFIG_UI.addFormTitle });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(TICKER_CONFIG_MESSAGES.titleBlank)).toBeVisible();
  await dialog.getByLabel('Title').fill('Majors');
  await page.screenshot({ path: shot('ticker-add-form'), animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByTestId('ticker-configs-table');
  const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'Activate' }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'inactive' })).toBeVisible();

  // The row's paste modal: typing changes nothing, a paste keeps the known active tickers once each.
  await row.getByRole('button', { name: 'Paste' }).click();
  dialog = page.getByRole('dialog');
  const input = dialog.getByTestId('paste-tickers-input');
  await input.pressSequentially('ADAUSDT');
  await expect(input).toHaveValue('');
  await pasteInto(input, MESSY_LIST);
  await expect(input).toHaveValue('BTCUSDT, ETHUSDT, SOLUSDT, XRPUSDT');
  await page.screenshot({ path: shot('ticker-paste-modal'), animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => ((await apiAs(page, '/strategies/tickers-configs/')).body as { results: { tickers: string[] }[] }).results[0]?.tickers.slice().sort())
    .toEqual([...ACTIVE_TICKERS].sort());

  // Activate: the engine has it starting, the toggle reads Deactivate, and an edit is refused.
  await row.getByRole('button', { name: 'Activate' }).click();
  const locked = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'Deactivate' }) });
  await expect(locked).toHaveCount(1);
  await locked.getByLabel('Config name').fill('Majors renamed');
  await locked.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: TICKER_CONFIG_MESSAGES.activeLocked })).toBeVisible();
  await locked.getByTestId('ticker-list').hover();
  await expect(page.getByRole('tooltip')).toContainText('XRPUSDT');
  await fullPageShot(page, 'ticker-configs-locked');
});
