import { expect, test, type Page } from '@playwright/test';
import { apiAs, fullPageShot, MESSAGES, SECTIONS, SETTINGS_ADMIN, SETTINGS_UI_TEXTS, shot, signIn } from './helpers';

const LONG_TITLE = 'Binance USDT-M futures, main grid account';
const SECRET = 'e2e-secret-value-91c2';

const READ_ONLY = { email: 'settings-reader@example.com', password: 'Reader!pass1' };

/** The account the e2e server's trading-data generator made. */
const GENERATED_ACCOUNT = 'Generated account 1';

const block = (page: Page, title: string) => page.getByRole('region', { name: title });

test('system settings: accounts, pairs, Telegram and investor reports; then the notifications and a filtered log', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, SETTINGS_ADMIN);
  await page.getByRole('navigation').getByRole('link', { name: 'System Settings' }).click();
  await expect(page.getByRole('heading', { name: 'System settings' })).toBeVisible();
  const accounts = block(page, 'Exchange accounts');
  const pairs = block(page, 'Trading pairs');
  // The e2e server's generator made an account and its pairs (on) before any spec ran.
  await expect(accounts.getByText(GENERATED_ACCOUNT)).toBeVisible();
  await expect(pairs.getByTestId('trading-pair').first()).toBeVisible();
  const activeBefore = Number((await pairs.getByText(/^\d+ of \d+ active$/).textContent())?.split(' ')[0]);
  await fullPageShot(page, 'system-settings-before');

  // Add an account: the spec's messages first, then a valid one.
  await accounts.getByRole('button', { name: 'Add account' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Leverage').fill('150');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText(MESSAGES.nameBlank)).toBeVisible();
  await expect(dialog.getByText(MESSAGES.leverageRange)).toBeVisible();
  await page.screenshot({ path: shot('exchange-account-errors'), animations: 'disabled' });
  await dialog.getByLabel('Name').fill('Futures');
  await dialog.getByLabel('API key').fill('e2e-api-key-0001');
  await dialog.getByLabel('Secret key').fill(SECRET);
  await dialog.getByLabel('Leverage').fill('20');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast').filter({ hasText: SETTINGS_UI_TEXTS.accountCreated })).toBeVisible();
  await expect(accounts.getByText('Futures', { exact: true })).toBeVisible();

  // Edit: a long title shows cut at 35 characters; the secret stays as it was.
  await accounts.getByRole('button', { name: 'Edit Futures' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(LONG_TITLE);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(accounts.getByText(`${LONG_TITLE.slice(0, 35)}…`)).toBeVisible();
  const listed = await apiAs(page, '/strategies/exchange-accounts/');
  expect(listed.status).toBe(200);
  expect(JSON.stringify(listed.body)).not.toContain(SECRET);
  expect((listed.body as { results: unknown[] }).results).toContainEqual(expect.objectContaining({ title: LONG_TITLE, leverage: 20 }));

  // Sync pairs, then turn one on.
  await pairs.getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: /Sync finished: \d+ new pairs added/ })).toBeVisible();
  await expect(pairs.getByTestId('trading-pair').first()).toBeVisible();
  await pairs.getByLabel('Search ticker').fill('eth');
  const eth = pairs.getByRole('switch', { name: 'ETHUSDT active' });
  await expect(eth).not.toBeChecked();
  await eth.click();
  await expect(eth).toBeChecked();
  await expect(pairs.getByText(new RegExp(`^${activeBefore + 1} of \\d+ active$`))).toBeVisible();
  const stored = (await apiAs(page, '/strategies/pairs/for-filters/?is_for_active=true')).body as { results: { ticker: string }[] };
  expect(stored.results.map((p) => p.ticker)).toContain('ETHUSDT');
  await pairs.getByLabel('Search ticker').fill('');

  // Telegram and investor settings.
  const telegram = page.getByRole('form', { name: 'Telegram bot settings' });
  await telegram.getByLabel('Bot token').fill('123456:e2e-alert-bot-token');
  await telegram.getByLabel('Chat ID').fill('-100200300');
  await telegram.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: SETTINGS_UI_TEXTS.telegramSaved })).toBeVisible();
  await expect(telegram.getByLabel('Bot token')).toHaveValue(/^\*{8}oken$/);

  const investor = page.getByRole('form', { name: 'Investor report settings' });
  await investor.getByLabel('Investor bot token').fill('654321:e2e-investor-bot');
  await investor.getByLabel('Investor chat ID').fill('@investors');
  await investor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: SETTINGS_UI_TEXTS.investorSaved })).toBeVisible();
  await investor.getByRole('button', { name: 'Save' }).click();
  await expect(investor.getByText(MESSAGES.valuesNotChanged)).toBeVisible();

  const schedule = page.getByRole('form', { name: 'Add report schedule' });
  await schedule.getByLabel('Time (UTC)').fill('07:30');
  await schedule.getByRole('button', { name: 'Add' }).click();
  await expect(schedule.getByText(MESSAGES.reportHourRange)).toBeVisible();
  await schedule.getByLabel('Time (UTC)').fill('03:15');
  await schedule.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('report-schedule').filter({ hasText: /^Daily at 03:15 UTC/ })).toBeVisible();
  await fullPageShot(page, 'system-settings');

  // Delete the account through the confirm state of the modal.
  await accounts.getByRole('button', { name: `Delete ${LONG_TITLE}` }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByText(LONG_TITLE)).toBeVisible();
  await page.screenshot({ path: shot('exchange-account-delete'), animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(accounts.getByText(`${LONG_TITLE.slice(0, 35)}…`)).toHaveCount(0);

  // The events reached the notifications feed, newest first.
  await page.getByRole('navigation').getByRole('link', { name: 'Notifications' }).click();
  const notes = page.getByTestId('notification');
  await expect(notes.first()).toContainText('Exchange account deleted');
  await expect(notes.filter({ hasText: /New trading pairs: \d+/ })).toHaveCount(1);
  await expect(notes.filter({ hasText: 'Exchange account added' })).toHaveCount(1);
  await expect(notes.first()).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
  await fullPageShot(page, 'notifications');

  // The logs, filtered by the pair that was turned on.
  await page.getByRole('navigation').getByRole('link', { name: 'Logs' }).click();
  await page.getByLabel('Pair').fill('ETHUSDT');
  await page.getByRole('option', { name: 'ETHUSDT', exact: true }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]pair=\d+/);
  await expect(page.getByRole('cell', { name: /pair_activated/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: /exchange_account_created/ })).toHaveCount(0);
  // Opened from its link, the page names the pair it filters by.
  await page.reload();
  await expect(page.getByLabel('Pair')).toHaveValue('ETHUSDT');
  await expect(page.getByRole('cell', { name: /pair_activated/ })).toBeVisible();
  await fullPageShot(page, 'logs-filtered-by-pair');

  // A group with accounts and pairs at ReadOnly and no Telegram section: it sees, and cannot change.
  const levels: Record<string, string> = { exchange_account: 'ReadOnly', pairs: 'ReadOnly' };
  const group = await apiAs(page, '/users/groups/', {
    method: 'POST',
    body: { name: 'Settings readers', perms: SECTIONS.map((section) => ({ section_name: section, status: levels[section] ?? 'NP' })) },
  });
  expect(group.status).toBe(201);
  const created = await apiAs(page, '/users/users/', { method: 'POST', body: { ...READ_ONLY, group: (group.body as { id: number }).id } });
  expect(created.status).toBe(201);
  await page.getByText('Log out').click();

  await signIn(page, READ_ONLY);
  await page.getByRole('navigation').getByRole('link', { name: 'System Settings' }).click();
  await expect(pairs.getByText('ETHUSDT', { exact: true })).toBeVisible();
  await expect(accounts.getByText(GENERATED_ACCOUNT)).toBeVisible();
  await expect(accounts.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Telegram bot' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Investor reports' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Add account|Sync/ })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  await fullPageShot(page, 'system-settings-read-only');
  // The API holds the line on its own.
  expect((await apiAs(page, '/strategies/pairs/', { method: 'POST' })).status).toBe(403);
  expect((await apiAs(page, '/strategies/exchange-accounts/', { method: 'POST', body: { title: 'x', api_key: 'k', api_secret: 's', leverage: 1 } })).status).toBe(403);
  expect((await apiAs(page, '/notifications/tg-bot-settings/')).status).toBe(403);
});
