import { expect, test, type Page } from '@playwright/test';
import { SESSIONS_ADMIN, SESSION_MESSAGES, SESSION_UI, SIGN_IN_OUTCOME_LABELS, awaitTotpCreate, codeFor, expectPath, fullPageShot, secretOf } from './helpers';

const PHONE = { width: 390, height: 844 };

/**
 * The sign-in through the page; the authenticator is enrolled on the first one (its secret comes back),
 * later ones use the next code step, since each step is accepted once.
 */
async function signInAt(page: Page, secret: string | null, stepOffset: number): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(SESSIONS_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(SESSIONS_ADMIN.password);
  const enrolment = awaitTotpCreate(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  const { url } = await (await enrolment).json();
  const known = secret ?? secretOf(url);
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('000000').fill(codeFor(known, stepOffset));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  return known;
}

test('two sessions: the second ends the first, which is sent to the login page at its next request', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const laptop = await first.newPage();
  const phone = await second.newPage();

  const secret = await signInAt(laptop, null, 0);
  await signInAt(phone, secret, 1);

  await phone.getByRole('link', { name: 'Account Settings' }).click();
  const sessions = phone.getByTestId('own-sessions');
  await expect(sessions.getByText(SESSION_UI.thisSession)).toBeVisible();
  await expect(sessions.getByRole('row')).toHaveCount(3); // the header and two sessions
  const history = phone.getByTestId('own-sign-in-history');
  await expect(history.getByText(SIGN_IN_OUTCOME_LABELS.success).first()).toBeVisible();
  await fullPageShot(phone, 'account-sessions-desktop');

  await phone.setViewportSize(PHONE);
  await phone.waitForTimeout(300);
  await fullPageShot(phone, 'account-sessions-phone');
  await phone.setViewportSize({ width: 1280, height: 800 });

  await sessions.getByRole('button', { name: new RegExp(`^${SESSION_UI.endAction}`) }).click();
  await phone.getByRole('dialog').getByRole('button', { name: SESSION_UI.end }).click();
  await expect(phone.getByText(SESSION_MESSAGES.sessionEnded)).toBeVisible();
  await expect(sessions.getByRole('row')).toHaveCount(2);

  // The first browser still shows its screen; its next request is refused and it lands on the login page.
  await expect(laptop).not.toHaveURL(/\/login$/);
  await laptop.getByRole('link', { name: 'Account Settings' }).click();
  await expectPath(laptop, '/login');

  // The ending session goes on.
  await phone.reload();
  await expect(phone.getByTestId('own-sessions').getByText(SESSION_UI.thisSession)).toBeVisible();

  // The administrator's view of a user's row: the same two blocks in a dialog.
  await phone.goto('/privileges/user-management');
  await phone.getByRole('button', { name: SESSION_UI.detailsOf(SESSIONS_ADMIN.email) }).click();
  const dialog = phone.getByRole('dialog');
  await expect(dialog.getByText(SESSION_UI.userDialogTitle(SESSIONS_ADMIN.email))).toBeVisible();
  await expect(dialog.getByTestId('user-sessions').getByRole('row')).toHaveCount(2);
  await expect(dialog.getByTestId('user-sign-in-history').getByText(SIGN_IN_OUTCOME_LABELS.success).first()).toBeVisible();
  await phone.waitForTimeout(400); // the dialog's fade-in
  await fullPageShot(phone, 'user-sessions-dialog-desktop');
  await phone.setViewportSize(PHONE);
  await phone.waitForTimeout(300);
  await phone.screenshot({ path: 'test-results/screens/user-sessions-dialog-phone.png', animations: 'disabled' });

  await first.close();
  await second.close();
});
