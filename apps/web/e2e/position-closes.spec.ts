import { expect, test, type Page } from '@playwright/test';
import contracts from '@console/contracts';
import { apiAs, CLOSES_ADMIN, fullPageShot, shot, signIn } from './helpers';

// The contracts are CommonJS; this package is ESM, so they come in through their default export.
const { IDEMPOTENCY_KEY_HEADER } = contracts;

interface Position {
  id: string;
  signal_id: string | null;
  ticker: string;
  state: string | null;
  action_state: string;
  active_p_coins: number;
}

/** Every open position (the generator's few hundred fit one page). */
async function openPositions(page: Page): Promise<Position[]> {
  const list = (await apiAs(page, '/position-administration/?page_size=500')).body as { count: number; results: Position[] };
  expect(list.results).toHaveLength(list.count);
  return list.results;
}

/**
 * What another position's close must leave alone: no command on it (its action_state). The engine trades
 * the open positions meanwhile, so one may fill its exit and leave the list by itself, or change its size.
 */
const untouched = (rows: Position[]) => rows.map(({ id, signal_id, action_state }) => ({ id, signal_id, action_state })).sort((a, b) => a.id.localeCompare(b.id));

/**
 * Three idle open positions whose ids are not their signals' ids: the newest, which are the e2e server's
 * copies of the generator's open positions (scripts/e2e-server.mjs), so the specs that follow still find
 * the generator's own.
 */
const pickThree = (rows: Position[]): Position[] =>
  rows.filter((row) => row.state === 'open' && row.action_state === 'NONE' && row.signal_id && row.signal_id !== row.id).slice(0, 3);

const BUTTONS = ['Close market', 'Close limit', 'Best limit'] as const;
const ROUTES: Record<(typeof BUTTONS)[number], (signalId: string) => string> = {
  'Close market': (id) => `/signals/position/${id}/close-market/`,
  'Close limit': (id) => `/signals/position/${id}/close-limit/`,
  'Best limit': (id) => `/signals/positions/${id}/close-best-limit/`,
};

test('position administration: Close market and Best limit close the chosen position, Close limit rests its exit at the limit; no other moves', async ({ page }) => {
  // The best-limit close is done when the engine's exit fills, on its market minutes (a minute each minute).
  test.setTimeout(600_000);
  await signIn(page, CLOSES_ADMIN);
  const before = await openPositions(page);
  const chosen = pickThree(before);
  expect(chosen).toHaveLength(3);
  for (const position of chosen) expect(position.id).not.toBe(position.signal_id);

  await page.goto('/signals-and-orders/administration');
  await expect(page.getByRole('heading', { name: 'Position administration' })).toBeVisible();
  const closed = new Set<string>();
  const keys = new Set<string>();

  for (const [i, button] of BUTTONS.entries()) {
    const position = chosen[i];
    await page.getByLabel('Ticker').fill(position.ticker);
    await page.getByLabel('Ticker').press('Enter');
    const row = page.getByTestId('positions-table').locator(`tbody tr[data-row-key="${position.id}"]`);
    await expect(row.getByTestId('position-action-state')).toHaveText('NONE');

    await row.getByRole('button', { name: `Actions of ${position.ticker}` }).click();
    await page.getByRole('menuitem', { name: button, exact: true }).click();
    const asked = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/v2/signals/position'));
    if (button === 'Close limit') {
      const dialog = page.getByRole('dialog', { name: `Close limit ${position.ticker}` });
      await dialog.getByLabel('Coefficient').fill('0.5');
      await dialog.getByRole('button', { name: 'Close' }).click();
    } else {
      await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    }
    const response = await asked;
    // The close goes to the position's signal, and the engine command it wrote targets this position.
    expect(new URL(response.url()).pathname).toBe(`/api/v2${ROUTES[button](position.signal_id!)}`);
    expect(response.status()).toBe(202);
    expect(await response.json()).toMatchObject({ target_type: 'position', target_id: position.id, status: 'pending', action_state: 'CLOSING' });
    const key = response.request().headers()[IDEMPOTENCY_KEY_HEADER];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    keys.add(key);

    // The held closes stay pending on screen; the engine may carry out a close at market before the list
    // has drawn it pending (the answer above said CLOSING), and the row then goes.
    if (button !== 'Close market') await expect(row.getByTestId('position-action-state')).toHaveText('CLOSING');
    await page.screenshot({ path: shot(`position-close-${i + 1}-closing`), animations: 'disabled' });
    if (button === 'Close limit') {
      // The engine places the exit at the limit and holds the command until the market reaches it, which
      // the model market may take hours to do: the position stays CLOSING with its exit resting there.
      await expect
        .poll(async () => {
          const orders = (await apiAs(page, `/orders/orders/?signal=${position.signal_id}`)).body as { results: { order_type: string; status: string }[] };
          return orders.results.some((o) => o.order_type === 'exit' && ['PLACED', 'FILLED'].includes(o.status));
        }, { timeout: 30_000 })
        .toBe(true);
      closed.add(position.id);
    } else {
      // Closed by the engine: at market at once, at the best price once its exit fills.
      await expect(row).toHaveCount(0, { timeout: button === 'Close market' ? 30_000 : 240_000 });
      closed.add(position.id);
    }

    // No other position was acted on: those still open are ones from before, none of them closing.
    const now = await openPositions(page);
    const stillOpen = new Set(now.map((p) => p.id));
    expect(untouched(now.filter((p) => !closed.has(p.id)))).toEqual(untouched(before.filter((p) => !closed.has(p.id) && stillOpen.has(p.id))));
  }
  expect(keys.size).toBe(3);

  await page.getByLabel('Ticker').fill(chosen[2].ticker);
  await page.getByLabel('Ticker').press('Enter');
  await expect(page.getByTestId('positions-table').locator(`tbody tr[data-row-key="${chosen[2].id}"]`)).toHaveCount(0);
  await fullPageShot(page, 'position-closes-done');
});
