import { expect, test } from '@playwright/test';
import { CANDLES_ADMIN, fullPageShot, signIn } from './helpers';

const MINUTE = 60_000;
const START = Date.UTC(2024, 1, 5);

/** Three hours of 1m candles as a generic CSV: a climb, then a fall, with some wiggle. */
function csv(): string {
  const rows = Array.from({ length: 180 }, (_, i) => {
    const base = 2300 + (i < 100 ? i : 200 - i) * 1.5 + (i % 7) * 0.8;
    const close = base + (i % 3 === 0 ? -1.2 : 1.4);
    return `${new Date(START + i * MINUTE).toISOString()},${base.toFixed(2)},${(Math.max(base, close) + 2).toFixed(2)},${(Math.min(base, close) - 2).toFixed(2)},${close.toFixed(2)},${(1 + (i % 5)).toFixed(3)}`;
  });
  return ['timestamp,open,high,low,close,volume', ...rows].join('\n');
}

test('candle chart: an imported market is drawn as candlesticks on the charts page', async ({ page }) => {
  await signIn(page, CANDLES_ADMIN);
  await page.getByRole('navigation').getByRole('link', { name: 'System Settings' }).click();
  const block = page.getByRole('region', { name: 'Market data' });
  // The import form's fields: the download form beside it has an exchange and a symbol too.
  const importForm = block.getByRole('form', { name: 'Import files' });
  await importForm.getByLabel('Exchange').fill('binance');
  await importForm.getByLabel('Symbol').fill('ethusdt');
  await block.getByTestId('candle-files').setInputFiles([{ name: 'ETHUSDT-3h.csv', mimeType: 'text/csv', buffer: Buffer.from(csv()) }]);
  await block.getByRole('button', { name: 'Import' }).click();
  await expect(block.getByText('ETHUSDT-3h.csv: 180 rows, 180 new')).toBeVisible();

  await page.goto('/stats/charts-stats');
  // The first covered market is read on the switch (already ETHUSDT when it is the only one), else on Apply.
  const read = page.waitForResponse((r) => r.url().includes('/market-data/candles/') && r.url().includes('ETHUSDT'));
  await page.getByTestId('chart-source').getByRole('button', { name: 'Candles' }).click();
  const filters = page.getByTestId('candles-filters');
  await filters.getByLabel('Market').click();
  await page.getByRole('option', { name: 'binance · ETHUSDT' }).click();
  await filters.getByRole('button', { name: 'Apply' }).click();
  // The market's last stored day at 5 minutes: its three hours are 36 bars.
  const bars = (await (await read).json()) as { time: string; open: string; close: string }[];
  expect(bars).toHaveLength(36);
  expect(bars[0]).toMatchObject({ time: new Date(START).toISOString(), open: '2300.00' });
  await expect(page.getByTestId('candles-chart').locator('canvas').first()).toBeVisible();
  await fullPageShot(page, 'candle-chart');
});
