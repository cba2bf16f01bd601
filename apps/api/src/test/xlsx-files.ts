/** What the export tests share: reading an answered xlsx back, and a task made without a request. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { Workbook } from 'exceljs';

/** Supertest keeps a binary answer as a Buffer with this parser. */
export function binary(res: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** The first sheet's rows as exceljs reads them, header first. */
export async function readSheet(buffer: Buffer): Promise<unknown[][]> {
  const workbook = new Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A cell as openpyxl reads it (read-xlsx.py): a date as ISO text without a zone, the number format it shows, its font's weight. */
export interface OpenpyxlCell {
  value: string | number | boolean | null;
  type: 'number' | 'string' | 'boolean' | 'date' | 'empty' | 'error' | 'formula';
  format: string;
  bold: boolean;
}

export interface OpenpyxlSheet {
  name: string;
  /** The top left cell of the scrolling part ('A2': the header row is frozen). */
  frozen: string | null;
  rows: OpenpyxlCell[][];
}

export const OPENPYXL_MISSING = 'openpyxl is not installed: install python3-openpyxl (apt-get install -y python3-openpyxl; CI installs it)';
const OPENPYXL_SCRIPT = join(__dirname, 'read-xlsx.py');
/** The script's exit code when openpyxl cannot be imported. */
const NO_OPENPYXL = 3;
// Debian's package is importable from Debian's interpreter only; a python3 earlier on PATH (pyenv) may lack it.
const PYTHONS = ['/usr/bin/python3', 'python3'];

/**
 * The workbook as openpyxl, a reader that is neither ours nor exceljs, opens it: a file's path or its bytes.
 * Fails (never skips) when no python3 can import openpyxl.
 */
export async function readWithOpenpyxl(file: string | Buffer): Promise<OpenpyxlSheet[]> {
  for (const python of PYTHONS) {
    const run = await runPython(python, file);
    if (run === 'missing') continue;
    if (run.code !== 0) throw new Error(`read-xlsx.py exited with ${run.code}: ${run.stderr}`);
    return (JSON.parse(run.stdout) as { sheets: OpenpyxlSheet[] }).sheets;
  }
  throw new Error(OPENPYXL_MISSING);
}

function runPython(python: string, file: string | Buffer): Promise<{ code: number | null; stdout: string; stderr: string } | 'missing'> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, [OPENPYXL_SCRIPT, typeof file === 'string' ? file : '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve('missing') : reject(error)));
    child.on('close', (code) =>
      resolve(code === NO_OPENPYXL ? 'missing' : { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
    // A script that failed early closes its input; the exit code tells why.
    child.stdin.on('error', () => undefined);
    child.stdin.end(typeof file === 'string' ? undefined : file);
  });
}

/** The first sheet as a reader sees it: rows of values (a date as a Date, an empty cell null), each cell's number format. */
export interface ReadSheet {
  /** Header first, every row as wide as the widest. */
  rows: unknown[][];
  /** The number format each cell shows; a cell the file leaves out shows its column's. */
  numFmts: string[][];
  headerBold: boolean;
  /** Rows frozen at the top. */
  frozenRows: number;
}

/** The first sheet as exceljs reads it. */
export async function readSheetExcelJs(buffer: Buffer): Promise<ReadSheet> {
  const workbook = new Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const width = sheet.columnCount;
  const rows: unknown[][] = [];
  const numFmts: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells = Array.from({ length: width }, (_, i) => row.getCell(i + 1));
    rows.push(cells.map((c) => c.value ?? null));
    numFmts.push(cells.map((c) => c.numFmt ?? 'General'));
  }
  const view = sheet.views[0];
  return { rows, numFmts, headerBold: sheet.getRow(1).getCell(1).font?.bold === true, frozenRows: view?.state === 'frozen' ? (view.ySplit ?? 0) : 0 };
}

/** The first sheet as openpyxl reads it, in the same shape. */
export async function readSheetOpenpyxl(file: string | Buffer): Promise<ReadSheet> {
  const [sheet] = await readWithOpenpyxl(file);
  // exceljs reads an empty text as no value; openpyxl (and SheetJS) keep ''. Both show an empty cell.
  const value = (cell: OpenpyxlCell) => (cell.type === 'date' ? new Date(`${String(cell.value)}Z`) : cell.value === '' ? null : cell.value);
  const frozen = /^A(\d+)$/.exec(sheet.frozen ?? '');
  return {
    rows: sheet.rows.map((row) => row.map(value)),
    numFmts: sheet.rows.map((row) => row.map((cell) => cell.format)),
    headerBold: sheet.rows[0]?.[0]?.bold === true,
    frozenRows: frozen ? Number(frozen[1]) - 1 : 0,
  };
}

/** A signals export task of no user, at Full, waiting for a run; answers its id. */
export async function insertSignalsTask(db: { query: (sql: string, params: unknown[]) => Promise<{ id: string }[]> }): Promise<string> {
  const [{ id }] = await db.query(
    `INSERT INTO export_tasks (kind, filters, list_perm, filename, requested_by, created_at) VALUES ('signals', '{}', $1, 'Signals report.xlsx', NULL, now()) RETURNING id::text`,
    [JSON.stringify({ section_name: 'signals', status: 'Full' })],
  );
  return id;
}
