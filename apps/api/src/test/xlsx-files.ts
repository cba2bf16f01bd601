/** What the export tests share: reading an answered xlsx back, and a task made without a request. */
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

/** A signals export task of no user, at Full, waiting for a run; answers its id. */
export async function insertSignalsTask(db: { query: (sql: string, params: unknown[]) => Promise<{ id: string }[]> }): Promise<string> {
  const [{ id }] = await db.query(
    `INSERT INTO export_tasks (kind, filters, list_perm, filename, requested_by, created_at) VALUES ('signals', '{}', $1, 'Signals report.xlsx', NULL, now()) RETURNING id::text`,
    [JSON.stringify({ section_name: 'signals', status: 'Full' })],
  );
  return id;
}
