/**
 * A streaming zip writer on node:zlib: each entry is deflated as it comes, its CRC and sizes follow its data
 * (a data descriptor), and the central directory is written at the end; only that directory (a few small
 * records per entry) is held in memory. Every write waits for the compressor and the output to take it, so a
 * producer runs exactly as fast as the file is written. Sizes or offsets past 4 GiB get Zip64 records.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { constants, crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';

const MAX32 = 0xffffffff;
/** Data descriptor follows the data (bit 3); names are UTF-8 (bit 11). */
const FLAGS = 0x0008 | 0x0800;
const DEFLATE = 8;
/** Deflate's input is handed over in pieces of about this size: fewer, larger writes cost less. */
const CHUNK = 64 * 1024;

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly time: number;
  private readonly date: number;
  private failure: Error | null = null;

  constructor(
    private readonly out: Writable,
    private readonly level: number = constants.Z_BEST_SPEED,
    now: Date = new Date(),
  ) {
    this.time = (now.getHours() << 11) | (now.getMinutes() << 5) | (now.getSeconds() >> 1);
    this.date = ((Math.max(now.getFullYear(), 1980) - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate();
    // Kept for the next write to throw: an output error with no listener would end the process.
    out.on('error', (error) => (this.failure ??= error));
  }

  /** A whole entry from text or bytes. */
  async addFile(name: string, content: string | Buffer): Promise<void> {
    await this.addEntry(name, [content]);
  }

  /**
   * An entry from the pieces `source` yields (text is UTF-8), deflated as they come; the next piece is asked
   * for only once the compressor and the output have taken the previous ones.
   */
  async addEntry(name: string, source: Iterable<string | Buffer> | AsyncIterable<string | Buffer>): Promise<void> {
    const entry: Entry = { name: Buffer.from(name, 'utf8'), offset: this.offset, crc: 0, compressed: 0, size: 0 };
    await this.write(localHeader(entry.name, this.time, this.date));
    const deflate = createDeflateRaw({ level: this.level, chunkSize: CHUNK });
    const drained = this.pump(deflate, entry);
    // Awaited below; until then a failed copy must not count as an unhandled rejection.
    drained.catch(() => undefined);
    try {
      let pending: string[] = [];
      let pendingLength = 0;
      for await (const piece of source) {
        if (typeof piece === 'string') {
          // Short texts are joined before deflate sees them: one stream write per text would cost more than the text.
          pending.push(piece);
          pendingLength += piece.length;
          if (pendingLength < CHUNK) continue;
          await this.feed(deflate, drained, entry, Buffer.from(pending.join(''), 'utf8'));
          pending = [];
          pendingLength = 0;
        } else {
          if (pending.length) await this.feed(deflate, drained, entry, Buffer.from(pending.join(''), 'utf8'));
          pending = [];
          pendingLength = 0;
          await this.feed(deflate, drained, entry, piece);
        }
      }
      if (pending.length) await this.feed(deflate, drained, entry, Buffer.from(pending.join(''), 'utf8'));
      deflate.end();
      await drained;
    } catch (error) {
      deflate.destroy();
      await drained.catch(() => undefined);
      throw error;
    }
    await this.write(dataDescriptor(entry));
    this.entries.push(entry);
  }

  /** The central directory and its end records; the output is ended and its close awaited. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) await this.write(centralHeader(entry, this.time, this.date));
    const size = this.offset - start;
    const zip64 = this.entries.length >= 0xffff || start >= MAX32 || size >= MAX32;
    if (zip64) {
      const end64 = this.offset;
      await this.write(zip64End(this.entries.length, size, start));
      await this.write(zip64Locator(end64));
    }
    await this.write(endOfDirectory(this.entries.length, size, start));
    this.out.end();
    // Resolves once the file is closed (a file stream emits close); rejects on its error.
    await finished(this.out);
    if (this.failure) throw this.failure;
  }

  /** Stops writing after a failure: the output is destroyed (the caller removes the file). */
  async abort(): Promise<void> {
    this.out.destroy();
    await finished(this.out).catch(() => undefined);
  }

  /** Hands data to the compressor; waits while it is full (or until the copy to the output fails). */
  private async feed(deflate: DeflateRaw, drained: Promise<void>, entry: Entry, data: Buffer): Promise<void> {
    entry.crc = crc32(data, entry.crc);
    entry.size += data.length;
    if (!deflate.write(data)) await Promise.race([once(deflate, 'drain'), drained]);
  }

  /** Copies the deflated bytes to the output as they come, pausing the compressor while the output is full. */
  private async pump(deflate: DeflateRaw, entry: Entry): Promise<void> {
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      entry.compressed += chunk.length;
      await this.write(chunk);
    }
  }

  private async write(data: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    this.offset += data.length;
    // `once` rejects when the stream errors while waiting.
    if (!this.out.write(data)) await once(this.out, 'drain');
  }
}

function localHeader(name: Buffer, time: number, date: number): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(DEFLATE, 8);
  b.writeUInt16LE(time, 10);
  b.writeUInt16LE(date, 12);
  // CRC and sizes are 0 here: the data descriptor after the data carries them.
  b.writeUInt16LE(name.length, 26);
  return Buffer.concat([b, name]);
}

function isZip64(entry: Entry): boolean {
  return entry.size >= MAX32 || entry.compressed >= MAX32 || entry.offset >= MAX32;
}

function dataDescriptor(entry: Entry): Buffer {
  const wide = entry.size >= MAX32 || entry.compressed >= MAX32;
  const b = Buffer.alloc(wide ? 24 : 16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(entry.crc, 4);
  if (wide) {
    b.writeBigUInt64LE(BigInt(entry.compressed), 8);
    b.writeBigUInt64LE(BigInt(entry.size), 16);
  } else {
    b.writeUInt32LE(entry.compressed, 8);
    b.writeUInt32LE(entry.size, 12);
  }
  return b;
}

function centralHeader(entry: Entry, time: number, date: number): Buffer {
  const wide = isZip64(entry);
  // Zip64 extra field: the 64-bit values whose 32-bit fields hold 0xFFFFFFFF, in this order.
  const extra = wide ? Buffer.alloc(4 + 24) : Buffer.alloc(0);
  if (wide) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(entry.size), 4);
    extra.writeBigUInt64LE(BigInt(entry.compressed), 12);
    extra.writeBigUInt64LE(BigInt(entry.offset), 20);
  }
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(wide ? 45 : 20, 4);
  b.writeUInt16LE(wide ? 45 : 20, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(DEFLATE, 10);
  b.writeUInt16LE(time, 12);
  b.writeUInt16LE(date, 14);
  b.writeUInt32LE(entry.crc, 16);
  b.writeUInt32LE(wide ? MAX32 : entry.compressed, 20);
  b.writeUInt32LE(wide ? MAX32 : entry.size, 24);
  b.writeUInt16LE(entry.name.length, 28);
  b.writeUInt16LE(extra.length, 30);
  b.writeUInt32LE(wide ? MAX32 : entry.offset, 42);
  return Buffer.concat([b, entry.name, extra]);
}

function zip64End(count: number, size: number, start: number): Buffer {
  const b = Buffer.alloc(56);
  b.writeUInt32LE(0x06064b50, 0);
  b.writeBigUInt64LE(44n, 4);
  b.writeUInt16LE(45, 12);
  b.writeUInt16LE(45, 14);
  b.writeBigUInt64LE(BigInt(count), 24);
  b.writeBigUInt64LE(BigInt(count), 32);
  b.writeBigUInt64LE(BigInt(size), 40);
  b.writeBigUInt64LE(BigInt(start), 48);
  return b;
}

function zip64Locator(end64: number): Buffer {
  const b = Buffer.alloc(20);
  b.writeUInt32LE(0x07064b50, 0);
  b.writeBigUInt64LE(BigInt(end64), 8);
  b.writeUInt32LE(1, 16);
  return b;
}

function endOfDirectory(count: number, size: number, start: number): Buffer {
  const b = Buffer.alloc(22);
  b.writeUInt32LE(0x06054b50, 0);
  b.writeUInt16LE(Math.min(count, 0xffff), 8);
  b.writeUInt16LE(Math.min(count, 0xffff), 10);
  b.writeUInt32LE(Math.min(size, MAX32), 12);
  b.writeUInt32LE(Math.min(start, MAX32), 16);
  return b;
}
