/**
 * Where finished export files live: a local folder (one host, or a volume every host mounts) or an
 * S3-compatible bucket (several hosts). The worker writes a run's file through `begin`; the API reads it
 * with `open`; the purge deletes it with `remove`. A task's `file_path` holds what `commit` answered.
 */
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform, type TransformCallback, type Writable } from 'node:stream';
import type { Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { exportFilePath, exportPartPath, partFileTask } from './export-files';

/** One run's file while it is written. */
export interface ExportUpload {
  /** The zip goes here; it is ended by the writer. */
  readonly out: Writable;
  /** Makes the written file the task's (after the writer has finished); answers its location and size. */
  commit(): Promise<{ location: string; bytes: number | null }>;
  /** Removes what this run wrote that is not the task's file (a failed or superseded run's). */
  discard(): Promise<void>;
}

export interface ExportFile {
  body: Readable;
  size: number;
}

export interface ExportStore {
  begin(taskId: string, runKey: string): Promise<ExportUpload>;
  /** The file at a task's location; null when it is gone (expired a moment ago). */
  open(location: string): Promise<ExportFile | null>;
  remove(location: string): Promise<void>;
  /** Deletes what dead runs left behind, older than `maxAgeMs`; answers how many. */
  sweepStrays(maxAgeMs: number): Promise<number>;
}

export const EXPORT_STORE = Symbol('EXPORT_STORE');

export function exportStoreOf(config: AppConfig): ExportStore {
  return config.exportStore === 's3' ? new S3ExportStore(config.exportS3) : new LocalExportStore(config.exportDir);
}

/** The store EXPORT_STORE names, for the API (downloads) and the worker (writes, purge). */
export const exportStoreProvider: Provider = { provide: EXPORT_STORE, inject: [APP_CONFIG], useFactory: exportStoreOf };

/** Owner only: the folder, and each file (a part file keeps its mode when renamed into place). */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * A folder: each run writes a hidden part file of its own and renames it to the task's name, atomically;
 * so a retried or duplicated run never leaves a partial or second file.
 */
export class LocalExportStore implements ExportStore {
  constructor(private readonly dir: string) {}

  async begin(taskId: string, runKey: string): Promise<ExportUpload> {
    // The files hold trading data for one requester: only the service's user may list or read them.
    await mkdir(this.dir, { recursive: true, mode: DIR_MODE });
    // A folder made before (or by a volume mount) keeps its mode unless set; one we do not own stays as it is.
    await chmod(this.dir, DIR_MODE).catch(() => undefined);
    // Part files of earlier runs (a dead worker's): a run that still writes one finds the task taken.
    const names = await readdir(this.dir);
    await Promise.all(names.filter((name) => partFileTask(name) === taskId).map((name) => rm(join(this.dir, name), { force: true })));
    const part = exportPartPath(this.dir, taskId, runKey);
    const file = exportFilePath(this.dir, taskId);
    return {
      out: createWriteStream(part, { mode: FILE_MODE }),
      commit: async () => {
        await rename(part, file);
        return { location: file, bytes: await stat(file).then((info) => info.size, () => null) };
      },
      // After the rename the file is the task's, whichever run renamed last: it stays.
      discard: () => rm(part, { force: true }),
    };
  }

  async open(location: string): Promise<ExportFile | null> {
    const info = await stat(location).catch(() => null);
    return info ? { body: createReadStream(location), size: info.size } : null;
  }

  remove(location: string): Promise<void> {
    return rm(location, { force: true });
  }

  async sweepStrays(maxAgeMs: number): Promise<number> {
    let removed = 0;
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => partFileTask(n) !== null)) {
      const info = await stat(join(this.dir, name)).catch(() => null);
      if (info && Date.now() - info.mtimeMs > maxAgeMs) {
        await rm(join(this.dir, name), { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Object keys of export files: one per run, so runs of one task never write over each other. */
const PREFIX = 'exports/';
/** Multipart part size (the S3 minimum): at most this times QUEUE_SIZE of a file is in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** Passes bytes through, counting them (the file's size for the metrics). */
class Counter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

/**
 * An S3-compatible bucket. A run streams its zip into a multipart upload of its own key (the writer waits
 * while the parts in flight are full: no temporary file, bounded memory); the upload completes only when
 * the zip has ended, and a failed or abandoned one is aborted, so no object is left. The task's row names
 * the run's key once it has succeeded.
 */
export class S3ExportStore implements ExportStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    });
  }

  /** Closes the client's kept-alive sockets when the API or the worker stops. */
  onModuleDestroy(): void {
    this.client.destroy();
  }

  async begin(taskId: string, runKey: string): Promise<ExportUpload> {
    const key = `${PREFIX}${taskId}/${runKey}.xlsx`;
    const body = new Counter();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: key, Body: body, ContentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    const done = upload.done();
    // A failed upload stops the writer (its next write throws) instead of leaving it waiting for room.
    done.catch((error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))));
    let committed = false;
    return {
      out: body,
      commit: async () => {
        await done;
        committed = true;
        return { location: key, bytes: body.bytes };
      },
      discard: async () => {
        if (!committed) {
          body.destroy();
          await upload.abort().catch(() => undefined);
          await done.catch(() => undefined);
        }
        // The key is this run's alone: whatever reached the bucket goes.
        await this.remove(key);
      },
    };
  }

  async open(location: string): Promise<ExportFile | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: location }));
      if (!(answer.Body instanceof Readable)) throw new Error(`export ${location}: the store answered no stream`);
      return { body: answer.Body, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async remove(location: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: location }));
  }

  /**
   * Objects of runs that finished writing but died before their task said so. Uploads a dead worker left
   * open hold no object; the bucket's lifecycle rule (AbortIncompleteMultipartUpload) frees their parts.
   */
  async sweepStrays(maxAgeMs: number): Promise<number> {
    let removed = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: PREFIX, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        // Every file older than the files' age is past it: a task's own is expired by the purge anyway.
        if (object.Key && object.LastModified && Date.now() - object.LastModified.getTime() > maxAgeMs) {
          await this.remove(object.Key);
          removed += 1;
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return removed;
  }
}
