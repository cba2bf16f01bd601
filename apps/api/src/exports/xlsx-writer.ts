/**
 * Streams a list into an xlsx file: batches of one server-side cursor (list-query layer), each row
 * formatted straight to the worksheet's XML and deflated into the zip as it comes. The next batch is asked
 * of PostgreSQL only once the compressor and the file have taken all but the batch in hand, so memory stays
 * flat whatever the number of rows.
 */
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Perm } from '@console/contracts';
import type { Db } from '../common/database/sql';
import { countList, cursorList } from '../common/list-query/list-query';
import { cellOf, exportSelection, type ExportColumn, type ExportSource, type ListRow, plainCell, visibleColumns } from './export-source';
import { packageParts, rowWriter, SHEET_PATH, SHEET_TAIL, sheetHead, sheetStyles, STYLES_PATH, type SheetColumn } from './xlsx-xml';
import { ZipWriter } from './zip-writer';

export interface WriteOptions {
  batchSize: number;
  /** Called after every `progressEvery` batches and at the end, with the percent written; may throw to stop. */
  onProgress: (percent: number) => Promise<void>;
  progressEvery: number;
  /** Deflate level, 1 (fastest, the default) to 9. */
  level?: number;
  /**
   * Runs a FETCH on `db`'s own connection with rows as arrays (pg's rowMode 'array'): no object per row,
   * cells found by position. Used when the source's rows go to the sheet as read (no `toAnswer`).
   */
  fetchArrays?: (sql: string) => Promise<ArrayRows>;
}

/** A FETCH's answer with rows as arrays, in the order of its fields. */
export interface ArrayRows {
  fields: readonly { name: string }[];
  rows: unknown[][];
}

const DEFAULT_WIDTH = 16;
/** Rows formatted into one piece of the sheet's text (some 40 KB). */
const ROWS_PER_PIECE = 50;

/**
 * Writes every row the filters match (within the perm's rows and columns) to `target` (a file's path, or a
 * stream the writer ends); answers how many.
 * `db` is one connection inside a transaction (the cursor lives in it), e.g. `dataSource.transaction`'s manager.
 */
export async function writeListXlsx(db: Db, source: ExportSource, stored: Record<string, unknown>, perm: Perm, target: string | Writable, options: WriteOptions): Promise<number> {
  const { filters, scope } = exportSelection(source, stored, perm);
  const total = await countList(db, source.list, filters, scope);
  const columns = visibleColumns(source, perm);
  const sheetColumns: SheetColumn[] = columns.map((c) => ({ header: c.header, width: c.width ?? DEFAULT_WIDTH, numFmt: c.numFmt, numeric: c.numeric }));
  const styles = sheetStyles(sheetColumns);
  const zip = new ZipWriter(typeof target === 'string' ? createWriteStream(target) : target, options.level);
  let written = 0;

  const fetchArrays = options.fetchArrays && !source.toAnswer && columns.every((c) => c.cell) ? options.fetchArrays : undefined;
  // Each column's position in an array row, from the first FETCH's fields.
  let positions: number[] | undefined;
  const readBatches = (): AsyncGenerator<ListRow[] | unknown[][]> =>
    fetchArrays
      ? cursorList<unknown[], { ordering?: string }>(db, source.list, filters, {
          batchSize: options.batchSize,
          scope,
          fetch: async (sql) => {
            const result = await fetchArrays(sql);
            positions ??= fieldPositions(result.fields, columns);
            return result.rows;
          },
        })
      : cursorList<ListRow, { ordering?: string }>(db, source.list, filters, { batchSize: options.batchSize, scope });

  async function* sheet(): AsyncGenerator<string> {
    yield sheetHead(sheetColumns, styles);
    const writeRow = rowWriter(sheetColumns, styles);
    const batches = readBatches();
    let batchCount = 0;
    try {
      // One batch read ahead: PostgreSQL makes it while this process formats and compresses the one in hand.
      let next = batches.next();
      for (;;) {
        const batch = await next;
        if (batch.done) break;
        next = batches.next();
        // Left unawaited until the loop comes back to it: a rejection here must not go unhandled meanwhile.
        next.catch(() => undefined);
        // A few rows at a time: their text is deflated and dropped before the young generation fills.
        for (let from = 0; from < batch.value.length; from += ROWS_PER_PIECE) {
          const to = Math.min(from + ROWS_PER_PIECE, batch.value.length);
          yield positions
            ? arrayRowsXml(batch.value as unknown[][], from, to, written + 2, columns, positions, writeRow)
            : rowsXml(batch.value as ListRow[], from, to, written + 2, columns, source.toAnswer, writeRow);
        }
        written += batch.value.length;
        batchCount += 1;
        if (batchCount % options.progressEvery === 0) await options.onProgress(Math.min(99, Math.floor((written * 100) / Math.max(total, 1))));
      }
    } finally {
      await batches.return(undefined);
    }
    yield SHEET_TAIL;
  }

  try {
    for (const [name, xml] of packageParts(source.sheet)) await zip.addFile(name, xml);
    await zip.addFile(STYLES_PATH, styles.xml);
    await zip.addEntry(SHEET_PATH, sheet());
    await zip.finish();
    return written;
  } catch (error) {
    await zip.abort();
    throw error;
  }
}

/** Rows `from` to `to` (exclusive) of a batch as the sheet's XML; the batch's first row is numbered `firstRow`. */
function rowsXml(
  rows: readonly ListRow[],
  from: number,
  to: number,
  firstRow: number,
  columns: readonly ExportColumn[],
  toAnswer: ((row: ListRow) => ListRow) | undefined,
  writeRow: (rowNumber: number, cells: readonly unknown[]) => string,
): string {
  const cells: unknown[] = new Array(columns.length);
  let xml = '';
  for (let r = from; r < to; r++) {
    const row = toAnswer ? toAnswer(rows[r]) : rows[r];
    for (let i = 0; i < columns.length; i++) cells[i] = cellOf(columns[i], row);
    xml += writeRow(firstRow + r, cells);
  }
  return xml;
}

/** Rows `from` to `to` of a batch read as arrays; each column's field is at `positions[i]`. */
function arrayRowsXml(
  rows: readonly unknown[][],
  from: number,
  to: number,
  firstRow: number,
  columns: readonly ExportColumn[],
  positions: readonly number[],
  writeRow: (rowNumber: number, cells: readonly unknown[]) => string,
): string {
  const cells: unknown[] = new Array(columns.length);
  const cellsOf = columns.map((c) => c.cell as (value: unknown) => unknown);
  let xml = '';
  for (let r = from; r < to; r++) {
    const row = rows[r];
    for (let i = 0; i < cellsOf.length; i++) cells[i] = plainCell(cellsOf[i](row[positions[i]]));
    xml += writeRow(firstRow + r, cells);
  }
  return xml;
}

/** Where each column's field sits in the statement's fields; every exported field must be one of them. */
function fieldPositions(fields: readonly { name: string }[], columns: readonly ExportColumn[]): number[] {
  const names = fields.map((f) => f.name);
  return columns.map((c) => {
    const at = names.indexOf(c.field);
    if (at < 0) throw new Error(`export column ${c.field} is not a field of its list's statement`);
    return at;
  });
}
