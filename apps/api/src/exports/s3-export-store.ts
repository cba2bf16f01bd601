/** The export store in an S3-compatible bucket (several hosts); loaded only when EXPORT_STORE is s3. */
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { ExportFile, ExportStore, ExportUpload } from './export-store';

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
