import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiAs,
  confirmStop,
  expectPath,
  fullPageShot,
  MM_PROFILE_MESSAGES,
  MM_ADMIN,
  MM_PROFILE_UI,
  shot,
  signIn,
  STRATEGY_ADMIN,
  STRATEGY_PROFILE_MESSAGES,
  STRATEGY_PROFILE_UI,
  TICKER_CONFIG_MESSAGES,
  TICKER_CONFIG_UI,
  toast,
  TRADING_ADMIN,
} from './helpers';

// The file sorts after settings.spec.ts, which expects no pairs and no accounts at its start.
const ACTIVE_TICKERS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT'];
const MESSY_LIST = ' btcusdt;  "ETHUSDT",\n\tsolUSDT / BTCUSDT | DOGEUSDT ~ nosuchusdt XRPUSDT!!';

/** A whole v1 settings document for a long profile (the generator's shape): Finish needs one. */
const LONG_SETTINGS = {
  signal_settings: {
    timeframe: '1h',
    atr_n_periods: 14,
    atr_smooth_algo: 'ema',
    atr_threshold_percents: 1.5,
    price_direction: 'grow',
    start_point_coefficient: 0.8,
    timer_minutes: 60,
    signal_duration_minutes: 1440,
    is_atr_minus_1: false,
    atr_minus_1_value: '0',
    enable_sec_atr: false,
  },
  order_management_settings: {
    orders_quantity: 1,
    enter_orders: [{ atr_distance_coefficient: 0, size_percent: 100, timer_minutes: 30 }],
    is_exit_rule_by_time: false,
    is_exit_rule_by_distance: false,
    is_exit_rule_by_time_and_distance: false,
    atr_timer: 15,
    change_of_atr_percentage: 10,
    exit_order_place_coefficient: 0.6,
    size_timer_minutes: 30,
    high_low_change_percentage: 5,
    high_low_change_timer: 30,
  },
  deviation_settings: { limit_funding_rate: 0.5, limit_price_deviation: 0.5 },
};

/** Pairs come from the pair sync (the model market's catalog); the test switches on the few it pastes. */
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
  const table = page.getByTestId('ticker-configs-table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // Add: the title rule first, then a list with no tickers yet.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: TICKER_CONFIG_UI.addFormTitle });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(TICKER_CONFIG_MESSAGES.titleBlank)).toBeVisible();
  await dialog.getByLabel('Title').fill('Majors');
  await page.screenshot({ path: shot('ticker-add-form'), animations: 'disabled' });
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v2/strategies/tickers-configs/') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const configId = ((await (await created).json()) as { id: number }).id;
  await expect(dialog).toBeHidden();
  // The generator's ticker lists are there too: this test works on the row it made.
  const row = table.locator(`tr[data-row-key="${configId}"]`);
  await expect(row.getByRole('button', { name: 'Activate' })).toBeVisible();
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
    .poll(async () => ((await apiAs(page, '/strategies/tickers-configs/?page_size=100')).body as { results: { id: number; tickers: string[] }[] }).results.find((config) => config.id === configId)?.tickers.slice().sort())
    .toEqual([...ACTIVE_TICKERS].sort());

  // Activate: the engine has it starting, the toggle reads Deactivate, and an edit is refused.
  await row.getByRole('button', { name: 'Activate' }).click();
  const locked = row;
  await expect(locked.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await locked.getByLabel('Config name').fill('Majors renamed');
  await locked.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: TICKER_CONFIG_MESSAGES.activeLocked })).toBeVisible();
  await locked.getByTestId('ticker-list').hover();
  await expect(page.getByRole('tooltip')).toContainText('XRPUSDT');
  await fullPageShot(page, 'ticker-configs-locked');
});

test('MM profiles: create one, then a 10% deposit increase moves its quotas and the summary', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, MM_ADMIN);
  const account = await apiAs(page, '/strategies/exchange-accounts/', { method: 'POST', body: { title: 'MM desk', api_key: 'e2e-mm-key-0001', api_secret: 'e2e-mm-secret', leverage: 10 } });
  expect(account.status).toBe(201);

  await page.getByRole('navigation').getByRole('link', { name: 'MM profiles' }).click();
  await expect(page.getByRole('heading', { name: MM_PROFILE_UI.listTitle })).toBeVisible();
  // The generator's MM profiles are there already: the summary and the chip move by this profile's share.
  const summaryAll = page.getByTestId('sum-all-signals-quota');
  const summaryOne = page.getByTestId('sum-one-signal-quota');
  const depositChip = page.getByTestId('deposit-mm_deposit');
  await expect(summaryAll).toHaveText(/^All signals quota: [\d.,]+$/);
  await expect(depositChip).toContainText(/\d/);
  const sumsBefore = { all: figureIn(await summaryAll.textContent()), one: figureIn(await summaryOne.textContent()), deposit: figureIn(await depositChip.textContent()) };

  // The form: the spec's messages first, then a valid profile and the after-create choice.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MM_PROFILE_MESSAGES.titleBlank)).toBeVisible();
  await expect(page.getByText(MM_PROFILE_MESSAGES.exchangeAccountBlank)).toBeVisible();
  await page.getByLabel('MM Profile name').fill('Core MM');
  await page.getByLabel('All signals quota').fill('1000');
  await page.getByLabel('Max signals').fill('8');
  await page.getByLabel('Max factor').fill('2');
  await page.getByLabel('Exchange account').click();
  await page.getByRole('option', { name: 'MM desk' }).click();
  await fullPageShot(page, 'mm-profile-form');
  await page.getByRole('button', { name: 'Save' }).click();
  const created = page.getByRole('dialog');
  await expect(created.getByRole('button', { name: MM_PROFILE_UI.stayOnPage })).toBeVisible();
  await created.getByRole('button', { name: MM_PROFILE_UI.backToProfiles }).click();

  // 1000 over 8 signals: 125 a signal; the summary sums them; the chips show the deposit.
  const table = page.getByTestId('mm-profiles-table');
  await expect(table.getByRole('link', { name: 'Core MM' })).toBeVisible();
  const coreRow = table.getByRole('row').filter({ hasText: 'Core MM' });
  await expect(coreRow.getByTestId('all-signals-quota')).toHaveText(/^1000(\.0+)?$/);
  await expect(coreRow.getByTestId('one-signal-quota')).toHaveText(/^125(\.0+)?$/);
  await expect.poll(async () => figureIn(await summaryAll.textContent())).toBeCloseTo(sumsBefore.all + 1000, 2);
  await expect.poll(async () => figureIn(await summaryOne.textContent())).toBeCloseTo(sumsBefore.one + 125, 2);
  await expect.poll(async () => figureIn(await depositChip.textContent())).toBeCloseTo(sumsBefore.deposit + 1000, 2);

  // Change MM Deposit by +10%: the rules first, then the change.
  await page.getByRole('button', { name: MM_PROFILE_UI.changeDeposit }).click();
  const dialog = page.getByRole('dialog', { name: MM_PROFILE_UI.changeDeposit });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText(MM_PROFILE_MESSAGES.operationRequired)).toBeVisible();
  await expect(dialog.getByText(MM_PROFILE_MESSAGES.sizeRequired)).toBeVisible();
  await dialog.getByLabel('Increase').check();
  await dialog.getByLabel('Size, %').click();
  await page.getByRole('option', { name: '10%', exact: true }).click();
  await page.screenshot({ path: shot('mm-change-deposit'), animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(coreRow.getByTestId('all-signals-quota')).toHaveText(/^1100(\.0+)?$/);
  await expect(coreRow.getByTestId('one-signal-quota')).toHaveText(/^137\.50?$/);
  // Every profile's quota moved by 10%, so the sums did too.
  await expect.poll(async () => figureIn(await summaryAll.textContent())).toBeCloseTo((sumsBefore.all + 1000) * 1.1, 1);
  await expect.poll(async () => figureIn(await summaryOne.textContent())).toBeCloseTo((sumsBefore.one + 125) * 1.1, 1);
  await expect.poll(async () => figureIn(await depositChip.textContent())).toBeCloseTo((sumsBefore.deposit + 1000) * 1.1, 1);
  await fullPageShot(page, 'mm-profiles-after-deposit');

  // Started, the title no longer links to the edit page.
  await coreRow.getByRole('button', { name: 'Start' }).click();
  await expect(coreRow.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Core MM' })).toHaveCount(0);

  // The bot button of the top bar: the confirm, then the result.
  const bot = page.getByTestId('bot-status');
  const before = (await bot.textContent())?.includes('enabled') ? 'enabled' : 'disabled';
  const [action, target] = before === 'enabled' ? ['disable', 'disabled'] : ['enable', 'enabled'];
  await bot.click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText(`Are you sure you want to ${action} your profile?`)).toBeVisible();
  await page.screenshot({ path: shot('bot-status-confirm'), animations: 'disabled' });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: `Your profile now is ${target}` })).toBeVisible();
});

test('strategy profiles list: Add makes a draft, a finished profile starts and stops, unpicked rows hide', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, STRATEGY_ADMIN);
  await activatePairs(page);

  // A finished profile needs an MM profile and a ticker list; the list has more than two pairs.
  const account = await apiAs(page, '/strategies/exchange-accounts/', { method: 'POST', body: { title: 'Strategy desk', api_key: 'e2e-strategy-key-0001', api_secret: 'e2e-strategy-secret', leverage: 5 } });
  expect(account.status).toBe(201);
  const mm = await apiAs(page, '/strategies/mm-profiles/', {
    method: 'POST',
    body: { title: 'Strategy MM', all_signals_quota: 500, max_signals_amount: 5, max_factor_amount: 2, exchange_account: (account.body as { id: number }).id },
  });
  expect(mm.status).toBe(201);
  const pairs = (await apiAs(page, '/strategies/pairs/for-filters/?is_for_active=true&page_size=50')).body as { results: { id: number; ticker: string }[] };
  const listed = pairs.results.filter((pair) => ACTIVE_TICKERS.includes(pair.ticker));
  const tickers = await apiAs(page, '/strategies/tickers-configs/', { method: 'POST', body: { title: 'Strategy majors', status: 'inactive', pairs: listed.map((pair) => pair.id) } });
  expect(tickers.status).toBe(201);
  const finished = await apiAs(page, '/strategies/profiles/', {
    method: 'POST',
    body: { title: 'Trend runner', mm_profile: (mm.body as { id: number }).id, tickers: (tickers.body as { id: number }).id },
  });
  expect(finished.status).toBe(201);
  const finishedId = (finished.body as { id: number }).id;
  // Finish needs the whole settings document, as the wizard saves it before its Finish.
  const bare = await apiAs(page, `/strategies/profiles/${finishedId}/`, { method: 'PUT', body: { status: 'inactive' } });
  expect(bare.status).toBe(400);
  expect((bare.body as { custom_error: string[] }).custom_error).toEqual([STRATEGY_PROFILE_MESSAGES.incomplete]);
  expect((await apiAs(page, `/strategies/strategy-settings/${finishedId}/`, { method: 'PUT', body: { schema_type: 'v1', settings: LONG_SETTINGS } })).status).toBe(200);
  expect((await apiAs(page, `/strategies/profiles/${finishedId}/`, { method: 'PUT', body: { status: 'inactive' } })).status).toBe(200);

  await page.getByRole('navigation').getByRole('link', { name: 'Strategy profiles' }).click();
  await expect(page.getByRole('heading', { name: STRATEGY_PROFILE_UI.listTitle })).toBeVisible();
  const table = page.getByTestId('strategy-profiles-table');
  const runner = table.getByRole('row').filter({ hasText: 'Trend runner' });
  await expect(runner.getByRole('link', { name: 'Trend runner' })).toHaveAttribute('href', `/strategy-profiles/profile=${finishedId}`);
  await expect(runner.getByText('Strategy MM')).toBeVisible();
  await expect(runner.getByText('Strategy desk')).toBeVisible();

  // Two pairs in the row, the rest unfold.
  const cell = runner.getByTestId('ticker-list-cell');
  await expect(cell.getByText('XRPUSDT')).toBeHidden();
  await cell.getByRole('button', { name: `+${listed.length - STRATEGY_PROFILE_UI.pairsShown} more` }).click();
  await expect(cell.getByText('XRPUSDT')).toBeVisible();

  // Add: the title rule first, then a draft that the list shows with Continue.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: STRATEGY_PROFILE_UI.addFormTitle });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(STRATEGY_PROFILE_MESSAGES.titleBlank)).toBeVisible();
  await dialog.getByLabel('Strategy profile name').fill('Fresh draft');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const draft = table.getByRole('row').filter({ hasText: 'Fresh draft' });
  await expect(draft.getByText('draft', { exact: true })).toBeVisible();
  await expect(draft.getByRole('button', { name: 'Continue Fresh draft' })).toBeVisible();

  // Start, then Stop: engine commands, the row shows the new status at once and a toast the engine's answer.
  // Stopping a trading profile is asked first.
  await runner.getByRole('button', { name: 'Start Trend runner' }).click();
  await expect(runner.getByText(/^(starting|active)$/)).toBeVisible();
  await expect(toast(page, STRATEGY_PROFILE_UI.started('Trend runner'))).toBeVisible({ timeout: 60_000 });
  await fullPageShot(page, 'strategy-profiles-list');
  await confirmStop(page, runner.getByRole('button', { name: 'Stop Trend runner' }), 'Trend runner', 'strategy-profile-stop-confirm');
  await expect(toast(page, STRATEGY_PROFILE_UI.stopped('Trend runner'))).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: shot('strategy-profile-stopped-toast'), animations: 'disabled' });
  await expect(runner.getByRole('button', { name: 'Start Trend runner' })).toBeVisible();
  await expect(runner.getByText(/^(stopping|inactive)$/)).toBeVisible();

  // Unpicked: the row leaves the default list and comes back with Show All.
  await draft.getByRole('checkbox', { name: 'Fresh draft visible' }).click();
  await expect(draft).toHaveCount(0);
  await page.getByRole('button', { name: STRATEGY_PROFILE_UI.showAll }).click();
  await expect(draft.getByRole('checkbox', { name: 'Fresh draft visible' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: STRATEGY_PROFILE_UI.hideUnpicked })).toBeVisible();

  // Continue opens the wizard on that draft.
  const all = (await apiAs(page, '/strategies/profiles/?show_hide=true')).body as { results: { id: number; title: string }[] };
  const draftId = all.results.find((profile) => profile.title === 'Fresh draft')?.id;
  expect(draftId).toBeDefined();
  await draft.getByRole('button', { name: 'Continue Fresh draft' }).click();
  await expectPath(page, `/strategy-profiles/add-strategy-profile?id=${draftId}`);
});

/** The number in a summary or chip text ('All signals quota: 1,234.5' → 1234.5). */
function figureIn(text: string | null): number {
  const match = (text ?? '').replace(/,/g, '').match(/-?\d+(\.\d+)?/);
  if (!match) throw new Error(`no figure in ${JSON.stringify(text)}`);
  return Number(match[0]);
}
