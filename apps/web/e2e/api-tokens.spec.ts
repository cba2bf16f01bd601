import { expect, test } from '@playwright/test';
import { API_PATHS, API_TOKEN_UI, SECTION_DISPLAY_NAMES, TOKENS_ADMIN, fullPageShot, shot, signIn } from './helpers';

const PAIRS = `/api/v2${API_PATHS.pairs}`;

test('a token made on Account details calls the API as a Bearer credential until it is revoked, then gets 401', async ({ page, request }) => {
  await signIn(page, TOKENS_ADMIN);
  await page.getByRole('link', { name: 'Account Settings' }).click();
  const block = page.getByTestId('api-tokens');
  await expect(block.getByText(API_TOKEN_UI.noTokens)).toBeVisible();

  await block.getByRole('button', { name: API_TOKEN_UI.create }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('textbox', { name: API_TOKEN_UI.name }).fill('nightly report');
  // Read only everywhere by default; Pairs raised to the group's own level.
  await form.getByRole('combobox', { name: `${SECTION_DISPLAY_NAMES.pairs} level` }).click();
  await page.getByRole('option', { name: 'Full' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: shot('api-tokens-create'), animations: 'disabled' });
  await form.getByRole('button', { name: API_TOKEN_UI.create }).click();

  const shown = page.getByTestId('new-api-token');
  await expect(shown).toHaveValue(/^tc_[A-Za-z0-9_-]{43}$/);
  const token = await shown.inputValue();
  await page.screenshot({ path: shot('api-tokens-shown-once'), animations: 'disabled' });
  await page.getByRole('button', { name: API_TOKEN_UI.done }).click();

  const bearer = { Authorization: `Bearer ${token}` };
  const listed = await request.get(PAIRS, { headers: bearer });
  expect(listed.status()).toBe(200);
  // Writes that change nothing, so later tests on this database find it as it was: at Full (Pairs) the
  // guard lets the write through to validation (400, not 403); at Read only (Exchange accounts) it refuses.
  const [pair] = ((await listed.json()) as { results: { id: number }[] }).results;
  expect((await request.put(`${PAIRS}${pair.id}/`, { headers: bearer, data: { is_active: 'yes' } })).status()).toBe(400);
  expect((await request.post(`/api/v2${API_PATHS.exchangeAccounts}`, { headers: bearer, data: {} })).status()).toBe(403);
  // A token manages no tokens, and reads what the group reads at most.
  expect((await request.get(`/api/v2${API_PATHS.apiTokens}`, { headers: bearer })).status()).toBe(403);

  await page.reload();
  const row = block.getByRole('row', { name: /nightly report/ });
  await expect(row).toContainText(token.slice(0, 11));
  await expect(row).not.toContainText(token);
  await expect(row).not.toContainText(API_TOKEN_UI.never);
  await fullPageShot(page, 'api-tokens-block');
  await page.setViewportSize({ width: 390, height: 844 });
  await block.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await block.screenshot({ path: shot('api-tokens-block-phone'), animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole('button', { name: API_TOKEN_UI.revokeFor('nightly report') }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(API_TOKEN_UI.revokeText('nightly report'));
  await confirm.getByRole('button', { name: API_TOKEN_UI.revoke }).click();
  await expect(block.getByText(API_TOKEN_UI.noTokens)).toBeVisible();

  const refused = await request.get(PAIRS, { headers: bearer });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe('token_not_valid');
});
