/**
 * Streams a list into an xlsx file: keyset batches from the list-query layer, each row committed to
 * exceljs's streaming writer as soon as it is added, and the next batch read only once the compressor
 * and the file stream have taken what was written, so memory stays flat whatever the number of rows.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createWriteStream } from 'node:fs';
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { stream as excelStream } from 'exceljs';
import type { Perm } from '@console/contracts';
import type { Db } from '../common/database/sql';
import { countList, iterateList } from '../common/list-query/list-query';
import { cellOf, type ExportSource, type ListRow, visibleColumns } from './export-source';

export interface WriteOptions {
  batchSize: number;
  /** Called after every `progressEvery` batches and at the end, with the percent written; may throw to stop. */
  onProgress: (percent: number) => Promise<void>;
  progressEvery: number;
}

/** Writes every row the filters match (within the perm's rows and columns) to `path`; answers how many. */
export async function writeListXlsx(db: Db, source: ExportSource, stored: Record<string, unknown>, perm: Perm, path: string, options: WriteOptions): Promise<number> {
  const filters = source.query ? source.query(stored) : stored;
  const scope = source.rows?.where(perm) ?? [];
  const total = await countList(db, source.list, filters, scope);
  const columns = visibleColumns(source, perm);
  const out = createWriteStream(path);
  const closed = once(out, 'close');
  // Inline strings: a shared-strings table would hold every distinct text in memory until the end.
  // The fastest deflate level (archiver's default too, kept explicit): it costs a little size only.
  const workbook = new excelStream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  memoiseNumFmtStyles(workbook);
  try {
    const sheet = workbook.addWorksheet(source.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c) => ({ header: c.header, key: c.field, width: c.width ?? 16, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let written = 0;
    let batches = 0;
    for await (const batch of iterateList<ListRow, { ordering?: string }>(db, source.list, filters, { batchSize: options.batchSize, scope })) {
      for (const raw of batch) {
        const row = source.toAnswer ? source.toAnswer(raw) : raw;
        sheet.addRow(columns.map((c) => cellOf(c, row))).commit();
      }
      written += batch.length;
      batches += 1;
      // Backpressure: exceljs hands the sheet's XML to the compressor without waiting for it, so wait
      // here until the compressor and the file have taken it before the next batch is read.
      for (const input of compressorInputs(sheet)) if (input.writableNeedDrain) await once(input, 'drain');
      if (out.writableNeedDrain) await once(out, 'drain');
      await yieldToIo();
      if (batches % options.progressEvery === 0) await options.onProgress(Math.min(99, Math.floor((written * 100) / Math.max(total, 1))));
    }
    sheet.commit();
    await workbook.commit();
    await closed;
    return written;
  } catch (error) {
    out.destroy();
    await closed.catch(() => undefined);
    throw error;
  }
}

/**
 * exceljs gives every cell a style object of its own (its row's and column's merged), so its styles table
 * never recognises one it has seen and builds the style's XML again for every cell: a third of the
 * export's time. The data cells here carry a number format at most (the header row also a font), so their
 * style id depends only on that format and the cell's type; this remembers it. Any other style goes the
 * usual way. Internal to exceljs 4 (`workbook.styles.addStyleModel`); absent, nothing changes.
 */
function memoiseNumFmtStyles(workbook: unknown): void {
  type AddStyleModel = (model: Record<string, unknown> | undefined, cellType?: number) => number;
  const styles = (workbook as { styles?: { addStyleModel?: AddStyleModel } }).styles;
  const add = styles?.addStyleModel;
  if (!styles || typeof add !== 'function') return;
  const ids = new Map<string, number>();
  styles.addStyleModel = function (model, cellType) {
    if (!model) return add.call(this, model, cellType);
    let key: string | null = null;
    for (const name in model) {
      if (name !== 'numFmt' || key !== null) return add.call(this, model, cellType);
      key = String(model.numFmt);
    }
    key = `${cellType ?? ''}|${key ?? ''}`;
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = add.call(this, model, cellType)));
    return id;
  };
}

/**
 * The streams the sheet's XML is written into: exceljs's streaming sheet buffers its XML (StreamBuf) and
 * writes it to the zip entry's deflate stream(s) it is piped to, ignoring their backpressure. Internal to
 * exceljs 4 (`stream.pipes`); an empty list (another version) leaves only the file stream's drain.
 */
function compressorInputs(sheet: unknown): Writable[] {
  const pipes = (sheet as { stream?: { pipes?: unknown } }).stream?.pipes;
  return Array.isArray(pipes) ? pipes.filter((p): p is Writable => typeof (p as Writable | null)?.once === 'function') : [];
}
