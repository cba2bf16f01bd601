import { Workbook } from 'exceljs';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { escapeXml, packageParts, rowWriter, SHEET_PATH, SHEET_TAIL, sheetHead, sheetStyles, STYLES_PATH, type SheetColumn } from './xlsx-xml';
import { ZipWriter } from './zip-writer';
import { readSheetExcelJs, readSheetOpenpyxl, readWithOpenpyxl, type ReadSheet } from '../test/xlsx-files';

const COLUMNS: SheetColumn[] = [
  { header: 'ID', width: 12, numFmt: '0' },
  { header: 'Created', width: 20, numFmt: 'dd.mm.yyyy hh:mm:ss' },
  { header: 'Text & <more>', width: 24 },
  { header: 'Size, $', width: 14, numFmt: '"$"#,##0.00;-"$"#,##0.00' },
  { header: 'Plain', width: 10 },
];

/** Control characters XML 1.0 cannot hold, markup characters, a literal escape-like text, emoji, a noncharacter. */
const SPECIAL = ' a&b<c>d"e\'f \u0001\u0008\u000B\u000C\u001F tab\there\nline\r\nend _x0041_ 😀👍🏽 \uFFFE ';
const LONG = 'Долгий текст ✓ '.repeat(2_000);

async function writeSheet(path: string, sheet: string, rows: unknown[][]): Promise<void> {
  const styles = sheetStyles(COLUMNS);
  const zip = new ZipWriter(createWriteStream(path));
  for (const [name, xml] of packageParts(sheet)) await zip.addFile(name, xml);
  await zip.addFile(STYLES_PATH, styles.xml);
  const writeRow = rowWriter(COLUMNS, styles);
  await zip.addEntry(SHEET_PATH, [sheetHead(COLUMNS, styles), ...rows.map((cells, i) => writeRow(i + 2, cells)), SHEET_TAIL]);
  await zip.finish();
}

describe('the xlsx parts and the zip they are written into', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'xlsx-xml-spec-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('escapes markup, writes characters XML cannot hold as Excel escapes, and leaves other text as it is', () => {
    expect(escapeXml('plain text, ünïcödé 😀')).toBe('plain text, ünïcödé 😀');
    expect(escapeXml('a&b<c>d"e')).toBe('a&amp;b&lt;c&gt;d&quot;e');
    expect(escapeXml('\u0000\u0001\u001F\uFFFF\t\n')).toBe('_x0000__x0001__x001F__xFFFF_\t\n');
    expect(escapeXml('a\r\nb')).toBe('a&#13;\nb');
    // A literal escape-like text keeps its underscore: `_x005F_` is the underscore itself.
    expect(escapeXml('_x0041_ and _x00_')).toBe('_x005F_x0041_ and _x00_');
  });

  it('a sheet reads back in exceljs, SheetJS and openpyxl with its values, formats, bold header and frozen first row', async () => {
    const path = join(dir, 'values.xlsx');
    const created = new Date('2024-05-06T07:08:09.123Z');
    await writeSheet(path, 'Signals & "more"', [
      [1, created, SPECIAL, -1234.5, 'x'],
      [2, null, LONG, null, true],
      [3, new Date('2024-01-01T00:00:00Z'), '', 1.5e-7, Number.NaN],
    ]);
    const file = await readFile(path);

    const workbook = new Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Signals & "more"');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(COLUMNS.map((c) => c.header));
    expect(COLUMNS.map((_, i) => sheet.getRow(1).getCell(i + 1).font?.bold)).toEqual(COLUMNS.map(() => true));
    expect(sheet.columns.map((c) => c.width)).toEqual(COLUMNS.map((c) => c.width));
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(1);
    expect((first.getCell(2).value as Date).getTime()).toBe(created.getTime());
    // exceljs keeps Excel's escapes of inline strings as they are; SheetJS (below) and Excel decode them.
    const asEscaped = [['_x0041_', '_x005F_x0041_'], ['\u0001', '_x0001_'], ['\u0008', '_x0008_'], ['\u000B', '_x000B_'], ['\u000C', '_x000C_'], ['\u001F', '_x001F_'], ['\uFFFE', '_xFFFE_']];
    expect(first.getCell(3).value).toBe(asEscaped.reduce((text, [from, to]) => text.replace(from, to), SPECIAL));
    expect(first.getCell(4).value).toBe(-1234.5);
    expect(sheet.getRow(3).getCell(3).value).toBe(LONG);
    expect(sheet.getRow(3).getCell(5).value).toBe(true);
    expect(sheet.getRow(4).getCell(4).value).toBe(1.5e-7);
    // Every cell of a column shows its format, an empty one too (the column's style).
    for (const row of [2, 3, 4]) expect([1, 2, 4].map((c) => sheet.getRow(row).getCell(c).numFmt)).toEqual(['0', 'dd.mm.yyyy hh:mm:ss', '"$"#,##0.00;-"$"#,##0.00']);
    // Null and NaN leave the cell empty.
    expect([sheet.getRow(3).getCell(2).value, sheet.getRow(3).getCell(4).value, sheet.getRow(4).getCell(5).value]).toEqual([null, null, null]);

    const book = XLSX.read(file, { cellNF: true, cellStyles: true });
    expect(book.SheetNames).toEqual(['Signals & "more"']);
    const ws = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: null });
    expect(rows[0]).toEqual(COLUMNS.map((c) => c.header));
    expect(rows[1]).toEqual([1, expect.closeTo(45418.2973278125, 9), SPECIAL, -1234.5, 'x']);
    expect(rows[2]).toEqual([2, null, LONG, null, true]);
    expect(rows[3]).toEqual([3, 45292, '', 1.5e-7, null]);
    expect([ws.A2.z, ws.B2.z, ws.D2.z]).toEqual(['0', 'dd.mm.yyyy hh:mm:ss', '"$"#,##0.00;-"$"#,##0.00']);

    // openpyxl finds what exceljs finds: values and their kinds, every cell's format, the bold header, the frozen row.
    // The text with Excel's escapes is left out: openpyxl's versions differ on decoding them.
    expect((await readWithOpenpyxl(file)).map((s) => s.name)).toEqual(['Signals & "more"']);
    const withoutEscapes = (read: ReadSheet) => ({ ...read, rows: read.rows.map((row, r) => row.map((v, c) => (r === 1 && c === 2 ? '(escaped)' : v))) });
    expect(withoutEscapes(await readSheetOpenpyxl(file))).toEqual(withoutEscapes(await readSheetExcelJs(file)));
  });

  it('a date in a column without a format shows as a date, as exceljs wrote it', async () => {
    const path = join(dir, 'dates.xlsx');
    await writeSheet(path, 'Dates', [[1, null, 'a', null, new Date('2024-01-02T12:00:00Z')]]);
    const workbook = new Workbook();
    await workbook.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
    const cell = workbook.worksheets[0].getRow(2).getCell(5);
    expect(cell.numFmt).toBe('mm-dd-yy');
    expect((cell.value as Date).toISOString()).toBe('2024-01-02T12:00:00.000Z');
  });

  it('a sheet of no rows is a valid file with its header', async () => {
    const path = join(dir, 'empty.xlsx');
    await writeSheet(path, 'Empty', []);
    const file = await readFile(path);
    const workbook = new Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(1);
    const book = XLSX.read(file);
    expect(XLSX.utils.sheet_to_json(book.Sheets.Empty, { header: 1 })).toEqual([COLUMNS.map((c) => c.header)]);
  });

  it('the zip asks for the next piece only as fast as the output takes the compressed data', async () => {
    // Incompressible pieces into a slow output with a small buffer: whatever was produced and not yet
    // written stays within a few pieces plus the streams' buffers.
    const PIECE = 64 * 1024;
    const PIECES = 200;
    let produced = 0;
    let consumed = 0;
    let mostAhead = 0;
    const received: Buffer[] = [];
    const sent: Buffer[] = [];
    const slow = new Writable({
      highWaterMark: PIECE,
      write(chunk: Buffer, _encoding, done) {
        received.push(chunk);
        consumed += chunk.length;
        setTimeout(done, 1);
      },
    });
    const pieces = (function* () {
      for (let i = 0; i < PIECES; i++) {
        mostAhead = Math.max(mostAhead, produced - consumed);
        produced += PIECE;
        sent.push(randomBytes(PIECE));
        yield sent[i];
      }
    })();
    const zip = new ZipWriter(slow);
    await zip.addEntry('data.bin', pieces);
    await zip.finish();
    expect(consumed).toBeGreaterThan(PIECES * PIECE);
    expect(mostAhead).toBeLessThan(16 * PIECE);
    // The central directory (found from the end record) gives the entry's sizes; its data inflates whole.
    const whole = Buffer.concat(received);
    expect(whole.readUInt32LE(0)).toBe(0x04034b50);
    const directory = whole.readUInt32LE(whole.length - 22 + 16);
    expect(whole.readUInt32LE(directory)).toBe(0x02014b50);
    const [compressed, size] = [whole.readUInt32LE(directory + 20), whole.readUInt32LE(directory + 24)];
    expect(size).toBe(PIECES * PIECE);
    const data = 30 + 'data.bin'.length;
    expect(inflateRawSync(whole.subarray(data, data + compressed)).equals(Buffer.concat(sent))).toBe(true);
  });

  it('a failing output fails the entry being written, and nothing is left unhandled', async () => {
    let taken = 0;
    const failing = new Writable({
      write(chunk: Buffer, _encoding, done) {
        taken += chunk.length;
        done(taken > 256 * 1024 ? new Error('disk full') : null);
      },
    });
    const pieces = (function* () {
      for (let i = 0; i < 100; i++) yield randomBytes(64 * 1024);
    })();
    const zip = new ZipWriter(failing);
    await expect(zip.addEntry('data.bin', pieces)).rejects.toThrow('disk full');
    await zip.abort();
    expect(taken).toBeLessThan(2 * 1024 * 1024);
  });
});
