/**
 * Streams a list into an xlsx file: keyset batches from the list-query layer, each row committed to
 * exceljs's streaming writer as soon as it is added, and the next batch read only once the file stream
 * has drained, so memory stays flat whatever the number of rows.
 */
import { once } from 'node:events';
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
  const workbook = new excelStream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
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
      // Backpressure: let the zip stream catch up before the next batch is read.
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
