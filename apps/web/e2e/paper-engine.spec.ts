import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import contracts from '@console/contracts';
import { apiAs, fullPageShot, shot, signIn } from './helpers';

// The contracts are CommonJS; this package is ESM, so they come in through their default export.
const { formatMoney, API_PATHS } = contracts;

// The paper engine end to end: a server of this file's own (scripts/e2e-server.mjs with E2E_ENGINE=paper:
// a fresh database, the paper engine on a fast clock, a demo market), started here so its market clock
// starts with the test and the rest of the suite does not pay for it.
const PORT = Number(process.env.E2E_PAPER_PORT ?? 3998);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'paper@example.com', password: process.env.E2E_ADMIN_PASSWORD ?? 'Admin!pass1' };

interface Listed<T> {
  count: number;
  results: T[];
}
interface Signal {
  id: string;
  status: string;
  state: string;
  action_state: string;
  pnl_in_usd: number;
  current_price: number | null;
}
interface Position {
  id: string;
  signal_id: string;
  ticker: string;
  state: string;
  action_state: string;
}

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn(process.execPath, [fileURLToPath(new URL('../../../scripts/e2e-server.mjs', import.meta.url))], {
    env: { ...process.env, E2E_ENGINE: 'paper', E2E_PORT: String(PORT), E2E_ADMINS: ADMIN.email },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let ready = false;
  server.stdout?.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('e2e server ready')) ready = true;
  });
  await expect.poll(() => ready || server?.exitCode !== null, { timeout: 110_000, intervals: [500] }).toBe(true);
  expect(server.exitCode).toBeNull();
  // Up means the engine beats: health answers 200 only then.
  await expect.poll(async () => (await fetch(`${BASE}/api/v2/health/`)).status, { timeout: 20_000 }).toBe(200);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
});

test.use({ baseURL: BASE });

const signals = async (page: Page) => ((await apiAs(page, '/signals/signals/?page_size=200&show_missed=true')).body as Listed<Signal>).results;
const ordersOf = async (page: Page, signalId: string) =>
  ((await apiAs(page, '/orders/orders/?page_size=100')).body as Listed<{ id: string; signal: string; order_type: string; status: string }>).results.filter((o) => o.signal === signalId);
const openPositions = async (page: Page) => ((await apiAs(page, '/position-administration/?page_size=200')).body as Listed<Position>).results;

type Tab = 'Signals' | 'Orders' | 'Administration';

/**
 * Opens the section's tab until the locator shows. The lists refetch when they mount, not on the
 * engine's minutes, so each try goes to another tab and back (a reload would also do, but each reload
 * rotates the refresh token, and one cut off mid-rotation ends the session).
 */
async function revisitUntilVisible(page: Page, tab: Tab, locator: ReturnType<Page['locator']>, timeout = 30_000) {
  const tabs = page.getByRole('tab');
  await expect(async () => {
    await tabs.filter({ hasText: tab === 'Signals' ? 'Orders' : 'Signals' }).click();
    await tabs.filter({ hasText: tab }).click();
    await expect(locator.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout, intervals: [500, 1000] });
}

/**
 * Close market on a position row through its actions menu: the API answers CLOSING at once, the row
 * shows it until the engine has closed the position (the engine may be quicker than the list's
 * refetch, then the row is simply gone), and the position leaves the open positions.
 */
async function closeAtMarket(page: Page, position: Position, screenshot?: string) {
  const table = page.getByTestId('positions-table');
  const row = table.locator(`tbody tr[data-row-key="${position.id}"]`);
  await revisitUntilVisible(page, 'Administration', row);
  await expect(row.getByTestId('position-action-state')).toHaveText('NONE');
  await row.getByRole('button', { name: `Actions of ${position.ticker}` }).click();
  await page.getByRole('menuitem', { name: 'Close market', exact: true }).click();
  const asked = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/api/v2/signals/position/${position.signal_id}/close-market/`));
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  const answer = await asked;
  expect(answer.status()).toBe(202);
  const command = (await answer.json()) as { id: string };
  expect(command).toMatchObject({ target_type: 'position', target_id: position.id, status: 'pending', action_state: 'CLOSING' });
  // The engine carries it out: the command succeeded (its error shown here if not).
  await expect
    .poll(async () => {
      const state = (await apiAs(page, API_PATHS.engineCommand(command.id))).body as { status: string; error: string | null };
      return state.status === 'pending' ? 'pending' : `${state.status}${state.error ? `: ${state.error}` : ''}`;
    })
    .toBe('succeeded');
  // The live update may take the row away between the count and the read: a read that finds no row any
  // more says so, instead of waiting for a row that will not come back (one that is still there polls again).
  const shown = async () => {
    if (!(await row.count())) return 'gone';
    return row
      .getByTestId('position-action-state')
      .textContent({ timeout: 2_000 })
      .catch(async () => ((await row.count()) ? null : 'gone'));
  };
  await expect.poll(shown).toMatch(/^(CLOSING|CLOSED|gone)$/);
  if (screenshot && (await shown()) === 'CLOSING') await page.screenshot({ path: shot(screenshot), animations: 'disabled' });
  await expect(async () => {
    await page.getByRole('tab').filter({ hasText: 'Signals' }).click();
    await page.getByRole('tab').filter({ hasText: 'Administration' }).click();
    await expect(table.locator('tbody tr[data-row-key]').first()).toBeVisible({ timeout: 2_000 });
    await expect(row).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000, intervals: [500, 1000] });
}

const idle = (positions: Position[]) => positions.filter((p) => p.state === 'open' && p.action_state === 'NONE');

test('the paper engine: a started profile trades a signal, its orders and a position; close at market; the bot off starts nothing', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);

  // The operator starts the profile; the engine carries out the start command.
  await page.getByRole('navigation').getByRole('link', { name: 'Strategy profiles' }).click();
  const profile = page.getByTestId('strategy-profiles-table').getByRole('row').filter({ hasText: 'Quick trend' });
  await profile.getByRole('button', { name: 'Start Quick trend' }).click();
  await expect(profile.getByText('active', { exact: true })).toBeVisible();
  await fullPageShot(page, 'paper-1-profile-started');

  // A signal in Signals, made by the engine on the demo market.
  await page.goto('/signals-and-orders/signals');
  const signalRows = page.getByTestId('signals-table').getByRole('row').filter({ hasText: 'Quick trend' });
  await revisitUntilVisible(page, 'Signals', signalRows);
  const signal = (await signals(page)).find((s) => s.status === 'active')!;
  expect(signal).toBeDefined();
  // The engine may have started it after the list on screen was fetched.
  const signalRow = page.getByTestId('signals-table').locator(`tbody tr[data-row-key="${signal.id}"]`);
  await revisitUntilVisible(page, 'Signals', signalRow.getByRole('cell', { name: 'Active', exact: true }));
  await fullPageShot(page, 'paper-2-signals');

  // Its orders: the enter order filled on placement, the exit resting.
  const [enter, exit] = ['enter', 'exit'].map((type) => async () => (await ordersOf(page, signal.id)).find((o) => o.order_type === type));
  await expect.poll(async () => (await enter())?.status).toBe('FILLED');
  await expect.poll(async () => (await exit())?.status).toBe('PLACED');
  await page.getByRole('tab').filter({ hasText: 'Orders' }).click();
  const orders = page.getByTestId('orders-table');
  await expect(orders.locator(`tbody tr[data-row-key="${(await enter())!.id}"]`).getByTestId('order-status')).toHaveText('FILLED');
  await expect(orders.locator(`tbody tr[data-row-key="${(await exit())!.id}"]`).getByTestId('order-status')).toHaveText('PLACED');
  await fullPageShot(page, 'paper-3-orders');

  // Its position in Position administration.
  await page.getByRole('tab').filter({ hasText: 'Administration' }).click();
  const table = page.getByTestId('positions-table');
  await expect(table.locator('tbody tr[data-row-key]').first()).toBeVisible();
  const position = idle(await openPositions(page)).find((p) => p.signal_id === signal.id)!;
  expect(position).toBeDefined();
  await revisitUntilVisible(page, 'Administration', table.locator(`tbody tr[data-row-key="${position.id}"]`));
  await fullPageShot(page, 'paper-4-positions');
  const signalsBeforeClose = (await signals(page)).length;

  // Close at market: CLOSING at once, then the engine closes it and it leaves the open positions.
  await closeAtMarket(page, position, 'paper-5-closing');

  // Its signal finished, with the realised PnL of the trade shown in Signals.
  const closed = (await signals(page)).find((s) => s.id === position.signal_id);
  expect(closed).toMatchObject({ status: 'finished', action_state: 'CLOSED' });
  await page.goto('/signals-and-orders/signals');
  const closedRow = page.getByTestId('signals-table').getByRole('row').filter({ has: page.getByRole('link', { name: position.signal_id, exact: true }) });
  await expect(closedRow.getByRole('cell', { name: 'Finished', exact: true })).toBeVisible();
  const pnlCell = closedRow.getByRole('cell', { name: formatMoney(closed!.pnl_in_usd, 2), exact: true });
  await expect(pnlCell).toBeVisible();
  await pnlCell.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('paper-6-signal-finished'), animations: 'disabled' });

  // The bot on, the freed pair gets a new signal.
  await expect.poll(async () => (await signals(page)).length, { timeout: 20_000 }).toBeGreaterThan(signalsBeforeClose);

  // The bot off (the engine carries out that command too), a position closed again frees its pair, and
  // no new signal comes for a few market minutes.
  await page.getByTestId('bot-status').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Your profile now is disabled' })).toBeVisible();
  await expect.poll(async () => ((await apiAs(page, API_PATHS.systemStatus)).body as { status?: string } | null)?.status, { timeout: 10_000 }).toBe('disabled');
  await page.getByRole('tab').filter({ hasText: 'Administration' }).click();
  const second = idle(await openPositions(page))[0];
  expect(second).toBeDefined();
  await closeAtMarket(page, second);
  const off = await signals(page);
  expect(off.find((s) => s.id === second.signal_id)).toMatchObject({ status: 'finished' });
  // A few market minutes: the open signals' prices move with each one (five different sets of prices).
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const now = await signals(page);
        seen.add(JSON.stringify(now.filter((s) => s.status === 'active').map((s) => s.current_price)));
        return seen.size;
      },
      { timeout: 20_000, intervals: [300] },
    )
    .toBeGreaterThanOrEqual(5);
  expect((await signals(page)).length).toBe(off.length);
  await page.getByRole('tab').filter({ hasText: 'Signals' }).click();
  await expect(page.getByTestId('signals-table').getByRole('row').filter({ has: page.getByRole('link', { name: second.signal_id, exact: true }) })).toBeVisible();
  await fullPageShot(page, 'paper-7-bot-off');
});
