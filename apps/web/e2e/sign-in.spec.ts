import { expect, test } from '@playwright/test';
import { ADMIN, LABELS, MESSAGES, awaitTotpCreate, codeFor, expectPath, fullPageShot, secretOf } from './helpers';

test('the shell loads: unknown paths go to the login page', async ({ page }) => {
  await page.goto('/some/unknown/path');
  await expectPath(page, '/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await fullPageShot(page, 'login-page');
});

test('signs in for real: bot-check, password, QR, authenticator code; reload keeps the session; log out ends it', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('x');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.emailInvalid)).toBeVisible();

  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong!pass1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.loginInvalid)).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  const enrolment = awaitTotpCreate(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  const { url } = await (await enrolment).json();
  const secret = secretOf(url);
  expect(secret).not.toBe('');

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`${MESSAGES.scanQrWith} ${LABELS.authenticatorApp} ${MESSAGES.scanQrAnd}`)).toBeVisible();
  await expect(dialog.getByRole('img')).toBeVisible();
  await expect(dialog.getByText(MESSAGES.enterCode)).toBeVisible();
  await expect(dialog.getByPlaceholder('000000')).toBeVisible();
  await page.waitForTimeout(400); // let the dialog's fade-in finish so the picture is readable
  await fullPageShot(page, 'two-factor-modal');

  await dialog.getByPlaceholder('000000').fill('000000');
  await dialog.getByRole('button', { name: /confirm|verify|submit/i }).click();
  await expect(dialog.getByText(MESSAGES.twoFactorFailed)).toBeVisible();

  await dialog.getByPlaceholder('000000').fill(codeFor(secret));
  await dialog.getByRole('button', { name: /confirm|verify|submit/i }).click();
  // The admin has the profiles section, so the login redirect goes to signals and orders.
  await expect(page).toHaveURL(/\/signals-and-orders/);
  await fullPageShot(page, 'after-sign-in');

  // No token is kept where a script could read it: the refresh token is an httpOnly cookie, the access token lives in memory.
  const stored = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  expect(Object.values(stored).filter((v) => v.length > 20)).toEqual([]);
  expect(await page.evaluate(() => document.cookie)).toBe('');
  const refreshCookie = (await page.context().cookies()).find((c) => c.name === 'console_refresh');
  expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

  await page.reload();
  await expect(page).toHaveURL(/\/signals-and-orders/);
  await expect(page.getByRole('link', { name: 'Logs' })).toBeVisible();

  // The logs dashboard: a Type filter applied through the query string.
  await page.getByRole('link', { name: 'Logs' }).click();
  await expect(page.getByRole('heading', { name: LABELS.logsTitle })).toBeVisible();
  await page.getByLabel('Type').click();
  await page.getByRole('option', { name: 'user' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]type=user/);
  await expect(page.getByRole('cell', { name: /login_success/ }).first()).toBeVisible();
  await fullPageShot(page, 'logs-dashboard');

  await page.getByRole('link', { name: 'Notifications' }).click();
  // The feed's content is checked by the settings spec, whose actions create notifications.
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();

  await page.getByText('Log out').click();
  await expectPath(page, '/login');
  await page.goto('/logs');
  await expectPath(page, '/login');
});
