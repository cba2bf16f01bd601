import { expect, test, type Page } from '@playwright/test';
import contracts from '@console/contracts';
import { apiAs, fullPageShot, POSITIONS_ADMIN, shot, signIn } from './helpers';

// The contracts are CommonJS; this package is ESM, so they come in through their default export.
const { POSITION_MESSAGES, RISK_CONTROL_MESSAGES, RISK_CONTROL_UI, TRIGGER_FIELD_LABELS, intervalMessage } = contracts;

interface Position {
  id: string;
  signal_id: string | null;
  ticker: string;
  state: string | null;
  action_state: string;
  active_p_coins: number;
  skip_check_by_timer: boolean;
}

/** An open position the generator made and nobody acts on: the one with the most coins, so a 25% cut shows at 4 decimals. */
async function pickPosition(page: Page): Promise<Position> {
  const list = (await apiAs(page, '/position-administration/?page_size=500')).body as { results: Position[] };
  const open = list.results.filter((p) => p.state === 'open' && p.action_state === 'NONE' && p.active_p_coins >= 1);
  expect(open.length).toBeGreaterThan(0);
  return open.sort((a, b) => b.active_p_coins - a.active_p_coins)[0];
}

test('position administration: reduce by 25% through the engine, a skip check toggle; RCS: Add with both kinds’ messages and a value edit', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, POSITIONS_ADMIN);
  const position = await pickPosition(page);

  await page.goto('/signals-and-orders/administration');
  await expect(page.getByRole('heading', { name: 'Position administration' })).toBeVisible();
  await expect(page.getByTestId('account-metrics')).toContainText('NAV');
  await page.getByLabel('Ticker').fill(position.ticker);
  await page.getByLabel('Ticker').press('Enter');
  const row = page.getByTestId('positions-table').locator(`tbody tr[data-row-key="${position.id}"]`);
  await expect(row.locator(`a[href$="signal_id=${position.signal_id}"]`)).toHaveText('Logs');
  await expect(row.getByTestId('position-coins')).toHaveText(position.active_p_coins.toFixed(4));

  // Reduce: the percent is required, then 25% is a command the row follows until the engine is done.
  await row.getByRole('button', { name: `Actions of ${position.ticker}` }).click();
  await page.getByRole('menuitem', { name: 'Reduce' }).click();
  const dialog = page.getByRole('dialog', { name: `Reduce ${position.ticker}` });
  await dialog.getByRole('button', { name: 'Reduce' }).click();
  await expect(dialog.getByText(POSITION_MESSAGES.reducePercentRequired)).toBeVisible();
  await dialog.getByLabel('Percent(%) of reducing').fill('25');
  const asked = page.waitForResponse((r) => r.url().includes(`/position-administration/${position.id}/reduce-position/`));
  await dialog.getByRole('button', { name: 'Reduce' }).click();
  const answer = await (await asked).json();
  expect(answer).toMatchObject({ kind: 'reduce_position', status: 'pending', action_state: 'CHANGING' });
  await expect(row.getByTestId('position-action-state')).toHaveText(/CHANGING|CHANGED/);
  await expect(row.getByTestId('position-action-state')).toHaveText('CHANGED', { timeout: 20_000 });
  // The list shows coins to 4 decimals; the engine cut the exact amount, so the last digit may differ by one.
  await expect(row.getByTestId('position-coins')).toHaveText(/^\d+\.\d{4}$/);
  expect(Math.abs(Number(await row.getByTestId('position-coins').textContent()) - position.active_p_coins * 0.75)).toBeLessThanOrEqual(0.0002);

  // Skip check by timer: flipped by the engine, the switch follows.
  const skip = row.getByRole('switch', { name: `Skip check by timer of ${position.ticker}` });
  await expect(skip).toBeChecked({ checked: position.skip_check_by_timer });
  await skip.click();
  await expect(row.getByTestId('position-action-state')).toHaveText('CHANGED', { timeout: 20_000 });
  await expect(skip).toBeChecked({ checked: !position.skip_check_by_timer, timeout: 20_000 });
  await fullPageShot(page, 'positions-desktop');

  // The lost tab: the generator's lost positions, which offer only the market close. Opened on a fresh
  // page, so no filter left from the steps above narrows it; the answer is checked, then its row on screen.
  await page.goto('/signals-and-orders/administration');
  await expect(page.getByRole('heading', { name: 'Position administration' })).toBeVisible();
  const lostAnswer = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().includes('/position-administration/lost-positions/'));
  await page.getByTestId('lost-positions-tab').click();
  const answered = await lostAnswer;
  const lost = (await answered.json()) as { count: number; results: Position[] };
  expect(lost.count, `${answered.url()} answered no lost position`).toBeGreaterThan(0);
  const lostRow = page.getByTestId('positions-table').locator(`tbody tr[data-row-key="${lost.results[0].id}"]`);
  await expect(lostRow).toContainText('lost');
  await expect(lostRow).toContainText(lost.results[0].ticker);
  await lostRow.getByRole('button', { name: /^Actions of / }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Close market']);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: shot('positions-lost-desktop'), animations: 'disabled' });

  // RCS: the Add form's messages for both kinds, then a Hard Risk Control trigger.
  await page.getByTestId('tab-riskControl').click();
  await expect(page.getByRole('heading', { name: 'Risk control service' })).toBeVisible();
  await page.getByRole('button', { name: RISK_CONTROL_UI.add, exact: true }).click();
  const form = page.getByRole('dialog', { name: 'New trigger' });
  await form.getByRole('button', { name: 'Add' }).click();
  for (const message of [RISK_CONTROL_MESSAGES.kindBlank, RISK_CONTROL_MESSAGES.blockerBlank, RISK_CONTROL_MESSAGES.timerBlank]) await expect(form.getByText(message)).toBeVisible();
  await form.getByLabel('Kind').click();
  await page.getByRole('option', { name: 'Hard Risk Control' }).click();
  await form.getByRole('button', { name: 'Add' }).click();
  for (const message of [RISK_CONTROL_MESSAGES.positionReduceBlank, RISK_CONTROL_MESSAGES.xPercentBlank, RISK_CONTROL_MESSAGES.yPercentBlank]) await expect(form.getByText(message)).toBeVisible();
  await page.screenshot({ path: shot('rcs-add-form'), animations: 'disabled' });
  await form.getByLabel('Trigger(event) blocker').fill('30');
  await form.getByLabel('Timer(min)').fill('15');
  await form.getByLabel('Position reduce').fill('25');
  await form.getByLabel('X percent depo').fill('10');
  await form.getByLabel('Y percent depo').fill('5');
  const created = page.waitForResponse((r) => r.url().endsWith('/strategies/risk-controls/') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Add' }).click();
  const trigger = await (await created).json();
  await expect(form).toBeHidden();

  // Editing a value opens a modal titled by the field; the range of the trigger's type applies.
  const triggerRow = page.getByTestId('risk-triggers-table').locator(`tbody tr[data-row-key="${trigger.id}"]`);
  await triggerRow.getByRole('button', { name: `${TRIGGER_FIELD_LABELS.trigger_blocker} of ${trigger.trigger_name}` }).click();
  const modal = page.getByRole('dialog', { name: TRIGGER_FIELD_LABELS.trigger_blocker });
  await modal.getByLabel(TRIGGER_FIELD_LABELS.trigger_blocker).fill('150');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText(intervalMessage(0, 100))).toBeVisible();
  await modal.getByLabel(TRIGGER_FIELD_LABELS.trigger_blocker).fill('42');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(triggerRow.getByRole('button', { name: `${TRIGGER_FIELD_LABELS.trigger_blocker} of ${trigger.trigger_name}` })).toHaveText('42');
  expect(((await apiAs(page, '/strategies/risk-controls/?show_hide=true&page_size=100')).body as { results: { id: number; trigger_blocker: number }[] }).results.find((t) => t.id === trigger.id)?.trigger_blocker).toBe(42);
  await fullPageShot(page, 'rcs-desktop');

  // A phone: the same screens stack and scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await fullPageShot(page, 'rcs-phone');
  await page.getByTestId('tab-administration').click();
  await expect(page.getByTestId('positions-table').locator('tbody tr').first()).toBeVisible();
  await fullPageShot(page, 'positions-phone');
});
