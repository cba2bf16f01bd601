import { expect, test } from '@playwright/test';
import { fullPageShot, LABELS, LOGS_ADMIN, signIn } from './helpers';

test('after a Signal link the filter inputs show the new query, so Apply keeps the filter', async ({ page }) => {
  await signIn(page, LOGS_ADMIN);
  await page.getByRole('navigation').getByRole('link', { name: 'Logs' }).click();
  await expect(page.getByRole('heading', { name: LABELS.logsTitle })).toBeVisible();

  await page.getByLabel('Type').click();
  await page.getByRole('option', { name: 'general' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]type=general/);

  // The engine's rows (seeded by the e2e server) link to their signal: the link replaces the query.
  await page.getByRole('link', { name: '4101' }).first().click();
  await expect(page).toHaveURL(/\?signal_id=4101$/);
  await expect(page.getByLabel('Signal id')).toHaveValue('4101');
  await expect(page.getByLabel('Type')).not.toHaveText('general');
  const signalColumn = page.getByRole('row').filter({ has: page.getByRole('link', { name: '4101' }) });
  await expect(signalColumn.first()).toBeVisible();
  await expect(page.getByRole('link', { name: '4102' })).toHaveCount(0);

  // Apply with the inputs as shown keeps the signal filter.
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]signal_id=4101/);
  await expect(page.getByLabel('Signal id')).toHaveValue('4101');
  await expect(page.getByRole('link', { name: '4102' })).toHaveCount(0);
  await fullPageShot(page, 'logs-after-signal-link');

  // Back, past the Signal link, restores the type filter in the inputs too.
  await page.goBack();
  await expect(page).toHaveURL(/\?signal_id=4101$/);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]type=general/);
  await expect(page.getByLabel('Type')).toHaveText('general');
  await expect(page.getByLabel('Signal id')).toHaveValue('');
});
