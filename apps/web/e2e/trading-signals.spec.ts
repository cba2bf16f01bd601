import { expect, test } from '@playwright/test';
import contracts from '@console/contracts';
import { apiAs, shot, signIn, SIGNALS_ADMIN } from './helpers';

const { SIGNALS_UI, SIGNAL_STATUS_LABELS } = contracts;

interface SignalAnswer {
  count: number;
  results: { id: string; profile: string; state: string; status: string; action_state: string }[];
}

// The e2e database holds the trading-data generator's rows (signals of every status, each with its
// orders), which the engine adopts and trades, and waiting signals of the e2e server's: active, nothing
// filled (active_np), their buy orders PLACED far below the market. This file cancels one waiting signal only.
test('signals: filters, cancel of an active_np signal (CANCELLING, then CANCELLED), and the orders with a filter', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, SIGNALS_ADMIN);

  // Signals is where a user who may read it lands.
  await expect(page).toHaveURL(/\/signals-and-orders\/signals$/);
  const table = page.getByTestId('signals-table');
  // Loaded: the rows' signal ids are links to their logs.
  await expect(table.getByRole('link').first()).toBeVisible();
  // Missed signals are left out until the switch asks for them.
  await expect(table.getByRole('cell', { name: SIGNAL_STATUS_LABELS.missed, exact: true })).toHaveCount(0);
  await page.screenshot({ path: shot('signals-list'), animations: 'disabled' });

  // Status Active, applied: every row active, the query string carries it.
  await table.getByTestId('filter-status').click();
  await page.getByRole('option', { name: SIGNAL_STATUS_LABELS.active }).click();
  await table.getByRole('button', { name: SIGNALS_UI.apply }).click();
  await expect(page).toHaveURL(/status=active/);
  const rows = table.getByRole('row').filter({ has: page.getByRole('button', { name: /^Cancel signal/ }) });
  await expect(rows.first()).toBeVisible();
  await expect(table.getByRole('cell', { name: SIGNAL_STATUS_LABELS.active, exact: true }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: SIGNAL_STATUS_LABELS.finished, exact: true })).toHaveCount(0);

  // The switch: missed ones in, with status back to All.
  await table.getByTestId('filter-status').click();
  await page.getByRole('option', { name: 'All' }).click();
  await table.getByRole('switch', { name: SIGNALS_UI.missed }).check();
  await table.getByRole('button', { name: SIGNALS_UI.apply }).click();
  await expect(page).toHaveURL(/show_missed=true/);
  await expect(page).not.toHaveURL(/status=/);

  // Cancel one waiting (active_np) signal: it shows CANCELLING at once, then CANCELLED once the engine has.
  const waiting = (await apiAs(page, '/signals/signals/?status=active&page_size=100')).body as SignalAnswer;
  const target = waiting.results.find((s) => s.profile === 'Waiting ladder' && s.state === 'active_np' && s.action_state === 'NONE');
  expect(target).toBeDefined();
  // Unfiltered (a cancelled signal leaves the Active filter): open signals are the newest, on the first page.
  await page.goto('/signals-and-orders/signals');
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: target!.id, exact: true }) });
  await expect(row.getByRole('link', { name: target!.id, exact: true })).toHaveAttribute('href', `/logs?signal_id=${target!.id}`);
  await row.getByRole('button', { name: `Cancel signal ${target!.id}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(SIGNALS_UI.cancelConfirm(target!.id))).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel signal' }).click();
  await expect(row.getByTestId('action-state')).toHaveText(/CANCELLING|CANCELLED/);
  await expect(row.getByRole('button', { name: `Cancel signal ${target!.id}` })).toBeDisabled();
  await expect(row.getByTestId('action-state')).toHaveText('CANCELLED', { timeout: 30_000 });
  const after = (await apiAs(page, `/signals/signals/?status=canceled&page_size=500`)).body as SignalAnswer;
  expect(after.results.find((s) => s.id === target!.id)).toMatchObject({ state: 'canceled_by_user', action_state: 'CANCELLED' });
  await page.screenshot({ path: shot('signals-cancelled'), animations: 'disabled' });

  // Orders: status PLACED applied, every row PLACED and cancellable.
  await page.getByRole('tab', { name: 'Orders' }).click();
  const orders = page.getByTestId('orders-table');
  await expect(orders.getByTestId('order-status').first()).toBeVisible();
  await orders.getByTestId('filter-status').click();
  await page.getByRole('option', { name: 'PLACED', exact: true }).click();
  await orders.getByRole('button', { name: SIGNALS_UI.apply }).click();
  await expect(page).toHaveURL(/status=PLACED/);
  const statusCells = orders.getByTestId('order-status');
  // The filtered page replaces the unfiltered one (kept on screen while it loads): then every row is PLACED.
  await expect.poll(async () => [...new Set(await statusCells.allTextContents())]).toEqual(['PLACED']);
  await expect(orders.getByRole('button', { name: /^Cancel order/ }).first()).toBeEnabled();
  await page.screenshot({ path: shot('orders-placed'), animations: 'disabled' });

  // A phone: the filters wrap, the table scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/signals-and-orders/signals');
  await expect(table.getByRole('link').first()).toBeVisible();
  await page.screenshot({ path: shot('signals-phone'), animations: 'disabled' });
  await page.goto('/signals-and-orders/orders?status=PLACED');
  await expect(orders.getByTestId('order-status').first()).toHaveText('PLACED');
  await page.screenshot({ path: shot('orders-phone'), animations: 'disabled' });
});
