import { expect, test } from '@playwright/test';
import contracts from '@console/contracts';
import { createRequire } from 'node:module';
import { apiAs, EXPORTS_ADMIN, fullPageShot, shot, signIn } from './helpers';

const { EXPORT_PATHS, exportFileDate, pathTo } = contracts;
/** The part of exceljs's reader the test uses. */
interface SheetRow {
  values: unknown;
  getCell(column: number): { value: unknown };
}
interface ExcelReader {
  Workbook: new () => { xlsx: { readFile(path: string): Promise<unknown> }; worksheets: { rowCount: number; getRow(n: number): SheetRow }[] };
}
// exceljs is the API's dependency; the test reads the downloaded file with the same library.
const { Workbook } = createRequire(import.meta.url)('../../api/node_modules/exceljs') as ExcelReader;

interface ListedSignal {
  id: string;
  pair: string;
  status: string;
  created_at: string;
}

test('signals export: the button spins while the file is made, then the file holds the list\'s rows', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, EXPORTS_ADMIN);
  await page.goto(`${pathTo('signals')}?status=finished`);
  const table = page.getByTestId('signals-table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  const button = page.getByTestId('export-button');
  await expect(button).toHaveText('Export');
  const started = page.waitForResponse((r) => r.url().includes(`/api/v2${EXPORT_PATHS.signals.start}`));
  const download = page.waitForEvent('download');
  await button.click();
  // The filters the table applied go with the export.
  expect(new URL((await started).url()).searchParams.get('status')).toBe('finished');
  await expect(button).toBeDisabled();
  await expect(page.getByTestId('export-spinner')).toBeVisible();
  await page.screenshot({ path: shot('signals-export-running'), animations: 'disabled' });

  const file = await download;
  expect(file.suggestedFilename()).toBe(`Signals report ${exportFileDate(new Date())}.xlsx`);
  await expect(button).toBeEnabled();
  await expect(page.getByTestId('export-spinner')).toHaveCount(0);
  await fullPageShot(page, 'signals-export-done');

  const workbook = new Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header.slice(0, 3)).toEqual(['ID', 'Created', 'Profile']);
  const column = (name: string) => header.indexOf(name) + 1;

  const listed = (await apiAs(page, '/signals/signals/?status=finished&page_size=10')).body as { count: number; results: ListedSignal[] };
  expect(listed.results.length).toBe(10);
  expect(sheet.rowCount - 1).toBeGreaterThanOrEqual(listed.results.length);
  listed.results.forEach((signal, i) => {
    const row = sheet.getRow(i + 2);
    expect(String(row.getCell(1).value)).toBe(signal.id);
    expect(row.getCell(column('Pair')).value).toBe(signal.pair);
    expect(row.getCell(column('Status')).value).toBe('Finished');
    expect((row.getCell(column('Created')).value as Date).getTime()).toBe(new Date(signal.created_at).getTime());
  });

  // On a phone the button stays in the filters' toolbar.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(button).toBeInViewport();
  await page.screenshot({ path: shot('signals-export-phone'), animations: 'disabled' });
});
