import { expect, test } from '@playwright/test';
import { apiAs, fullPageShot, LABELS, OPS_ADMIN, shot, signIn } from './helpers';

const READER = { email: 'reader@example.com', password: 'Reader!pass1' };

test('a group with logs at Limited: its user sees only what it allows, and the API refuses the rest', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, OPS_ADMIN);
  await page.goto('/privileges');
  await expect(page).toHaveURL(/\/privileges\/groups$/);
  await page.getByRole('button', { name: LABELS.addNewGroup }).click();
  await expect(page).toHaveURL(/\/privileges-add$/);

  await page.getByLabel('Name').fill('Log readers');
  // Every section NP, then logs Limited.
  for (const select of await page.getByRole('combobox', { name: / permission$/ }).all()) {
    await select.click();
    await page.getByRole('option', { name: 'NP' }).click();
  }
  await page.getByRole('combobox', { name: 'Logs permission' }).click();
  await page.getByRole('option', { name: 'Limited' }).click();
  await page.getByRole('button', { name: 'Configure Logs' }).click();
  const editor = page.getByRole('dialog');
  await editor.getByLabel('type', { exact: true }).check();
  await editor.getByLabel('pair_name', { exact: true }).check();
  await editor.getByLabel('Filtering').uncheck();
  await page.screenshot({ path: shot('limited-editor') });
  await editor.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('2 fields, no filtering')).toBeVisible();
  await fullPageShot(page, 'group-form');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/privileges\/groups$/);
  await expect(page.getByRole('cell', { name: 'Log readers' })).toBeVisible();
  await fullPageShot(page, 'groups');

  // The skip_check_k_exit gate of a Limited APA group brings the two fields its action writes.
  await page.getByRole('button', { name: LABELS.addNewGroup }).click();
  await page.getByLabel('Name').fill('Skip checkers');
  await page.getByRole('combobox', { name: 'APA permission' }).click();
  await page.getByRole('option', { name: 'Limited' }).click();
  await page.getByRole('button', { name: 'Configure APA' }).click();
  const apaEditor = page.getByRole('dialog');
  await apaEditor.getByLabel('skip_check_k_exit', { exact: true }).check();
  for (const field of ['skip_check_by_timer', 'skip_check_by_distance']) await expect(apaEditor.getByLabel(field, { exact: true })).toBeChecked();
  await expect(apaEditor.getByText('skip_check_k_exit also makes skip_check_by_timer and skip_check_by_distance visible: its action writes them.')).toBeVisible();
  await page.screenshot({ path: shot('limited-editor-gate') });
  await apaEditor.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('3 fields')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/privileges\/groups$/);
  await expect(page.getByRole('cell', { name: 'Skip checkers' })).toBeVisible();

  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: LABELS.addNewUser }).click();
  const add = page.getByRole('dialog');
  await add.getByLabel('Email').fill(READER.email);
  await add.getByLabel('Password', { exact: true }).fill(READER.password);
  await add.getByLabel('Repeat password').fill(READER.password);
  await add.getByLabel('Group').click();
  await page.getByRole('option', { name: 'Log readers' }).click();
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('cell', { name: READER.email, exact: true })).toBeVisible();
  await fullPageShot(page, 'users');
  await page.getByText('Log out').click();

  await signIn(page, READER);
  // No profiles section: the login redirect goes to account details.
  await expect(page).toHaveURL(/\/account-details$/);
  const menu = page.getByRole('navigation');
  await expect(menu.getByRole('link', { name: 'Logs' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Account Settings' })).toBeVisible();
  for (const hidden of ['Privileges', 'Signals & orders', 'System Settings', 'Notifications', 'MM profiles']) {
    await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
  }
  await fullPageShot(page, 'limited-user-menu');

  expect((await apiAs(page, '/users/users/')).status).toBe(403);
  expect((await apiAs(page, '/users/groups/')).status).toBe(403);
  expect((await apiAs(page, '/notifications/')).status).toBe(403);
  const logs = await apiAs(page, '/logs/');
  expect(logs.status).toBe(200);
  const rows = (logs.body as { results: Record<string, unknown>[] }).results;
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(Object.keys(row).sort()).toEqual(['id', 'pair_name', 'type']);
  expect((await apiAs(page, '/logs/?type=user')).status).toBe(403);

  // The dashboard shows only the opened columns, and no filters (filtering is off for this group).
  await menu.getByRole('link', { name: 'Logs' }).click();
  await expect(page.getByRole('columnheader', { name: 'Pair' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Message' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await fullPageShot(page, 'limited-logs');

  await page.goto('/privileges/groups');
  await expect(page).not.toHaveURL(/\/privileges/);
});

