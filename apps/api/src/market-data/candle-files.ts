/**
 * The CSV texts of an uploaded file, one stream at a time: a `.csv` as it is, a `.zip` (Binance's kline
 * archives) entry by entry through yauzl, which reads the archive's directory and inflates each entry as
 * a stream; nothing is held whole in memory.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import * as yauzl from 'yauzl';
import { MARKET_DATA_MESSAGES } from '@console/contracts';

/** A file's refusal: the message names the file (and the line, for a bad row). */
export class CandleFileError extends Error {}

export interface CandleText {
  /** The CSV's name: the file's, or `archive.zip/entry.csv`. */
  name: string;
  /** Its size in bytes, for progress. */
  bytes: number;
  open(): Promise<Readable>;
}

const isCsv = (name: string) => name.toLowerCase().endsWith('.csv');

/** The CSV texts of the file at `path`, named `name` by its uploader (the extension decides). */
export async function candleTextsOf(path: string, name: string): Promise<{ texts: CandleText[]; close: () => void }> {
  if (!name.toLowerCase().endsWith('.zip')) {
    const { size } = await stat(path);
    return { texts: [{ name, bytes: size, open: async () => createReadStream(path) }], close: () => undefined };
  }
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  } catch (error) {
    throw new CandleFileError(MARKET_DATA_MESSAGES.zipUnreadable(name, (error as Error).message));
  }
  const entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
    const found: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      if (isCsv(entry.fileName) && !entry.fileName.endsWith('/')) found.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(found));
    zip.on('error', (error: Error) => reject(new CandleFileError(MARKET_DATA_MESSAGES.zipUnreadable(name, error.message))));
    zip.readEntry();
  }).catch((error: unknown) => {
    zip.close();
    throw error;
  });
  if (!entries.length) {
    zip.close();
    throw new CandleFileError(MARKET_DATA_MESSAGES.zipEmpty(name));
  }
  // Archives list their entries in any order; the rows of each must rise, and the months go in name order.
  entries.sort((a, b) => a.fileName.localeCompare(b.fileName));
  return {
    texts: entries.map((entry) => ({
      name: `${name}/${entry.fileName}`,
      bytes: entry.uncompressedSize,
      open: () => zip.openReadStreamPromise(entry),
    })),
    close: () => zip.close(),
  };
}
