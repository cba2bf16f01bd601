import { expect, test } from '@playwright/test';
import { fullPageShot, MARKET_ADMIN, signIn } from './helpers';

const MINUTE = 60_000;
const START = Date.UTC(2024, 0, 1);

/** Binance kline rows, one a minute from `from` (minute offsets from START). */
function klines(from: number, count: number): string {
  return Array.from({ length: count }, (_, i) => {
    const at = START + (from + i) * MINUTE;
    return `${at},42000.10,42010.00,41990.00,42005.50,1.25,${at + 59_999},52500.5,120,0.6,25200.2,0`;
  }).join('\n');
}

test('market data: files uploaded from System settings load, with progress, and the coverage shows their gap', async ({ page }) => {
  await signIn(page, MARKET_ADMIN);
  await page.getByRole('navigation').getByRole('link', { name: 'System Settings' }).click();
  const block = page.getByRole('region', { name: 'Market data' });
  await expect(block.getByText('No candles stored yet.')).toBeVisible();

  // The import form's fields: the download form beside it has an exchange and a symbol too.
  const importForm = block.getByRole('form', { name: 'Import files' });
  await importForm.getByLabel('Exchange').fill('binance');
  await importForm.getByLabel('Symbol').fill('btcusdt');
  // A day of Binance klines without a header (minutes 0–59), and a generic CSV with a header (minutes 70–79).
  await block.getByTestId('candle-files').setInputFiles([
    { name: 'BTCUSDT-1m-2024-01-01.csv', mimeType: 'text/csv', buffer: Buffer.from(klines(0, 60)) },
    {
      name: 'later.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['timestamp,open,high,low,close,volume', ...Array.from({ length: 10 }, (_, i) => `${new Date(START + (70 + i) * MINUTE).toISOString()},1,2,0.5,1.5,3`)].join('\n')),
    },
  ]);
  await expect(block.getByText('BTCUSDT-1m-2024-01-01.csv, later.csv')).toBeVisible();
  await block.getByRole('button', { name: 'Import' }).click();

  await expect(block.getByText('Import finished.')).toBeVisible();
  await expect(block.getByText('BTCUSDT-1m-2024-01-01.csv: 60 rows, 60 new')).toBeVisible();
  await expect(block.getByText('later.csv: 10 rows, 10 new')).toBeVisible();
  const row = block.getByTestId('candle-coverage').getByRole('row').nth(1);
  await expect(row.getByRole('cell')).toHaveText(['binance', 'BTCUSDT', '01.01.2024 00:00:00', '01.01.2024 01:19:00', '70', '1'], { useInnerText: true });
  await block.scrollIntoViewIfNeeded();
  await fullPageShot(page, 'market-data-imported');

  // A corrupt row: the file is refused with its line, and the coverage stays as it was.
  await block.getByTestId('candle-files').setInputFiles([{ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(`${klines(100, 2)}\n${START + 102 * MINUTE},1,x,1,1,1`) }]);
  await block.getByRole('button', { name: 'Import' }).click();
  await expect(block.getByText('Some files were not imported.')).toBeVisible();
  await expect(block.getByText("broken.csv: line 3: high 'x' is not a number")).toBeVisible();
  await expect(row.getByRole('cell').nth(4)).toHaveText('70');
  await fullPageShot(page, 'market-data-refused');
});
