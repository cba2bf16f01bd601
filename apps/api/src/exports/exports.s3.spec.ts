/**
 * Exports with EXPORT_STORE=s3 against an S3-compatible server the test starts: the worker streams the file
 * into the bucket, the requester (only) downloads the same bytes through the API, expiry deletes the object,
 * and a failed run leaves none.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES } from '@console/contracts';
import { fullAccessToken } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { exportClient, startExportsWorld, type ExportsWorld } from '../test/exports-world';
import type { TestContext } from '../test/harness';
import { startS3, type TestS3 } from '../test/s3-server';
import { S3ExportStore } from './s3-export-store';
import { ExportsProcessor } from './exports.processor';
import { insertSignalsTask, readSheet } from '../test/xlsx-files';


describe('xlsx exports in an S3-compatible bucket', () => {
  let s3: TestS3;
  let world: ExportsWorld;
  let ctx: TestContext;
  let processor: ExportsProcessor;
  let admin: string;
  let other: string;

  beforeAll(async () => {
    s3 = await startS3();
    world = await startExportsWorld('exports-s3', {
      env: { ...s3.env, EXPORT_BATCH_SIZE: '7', EXPORT_SWEEP_MS: '200', EXPORT_REQUEUE_AFTER_MS: '300', EXPORT_STALE_AFTER_MS: '800', ENQUEUE_TIMEOUT_MS: '300' },
      signals: 60,
      localStore: false,
    });
    ({ ctx } = world);
    processor = world.worker.get(ExportsProcessor);
    admin = await fullAccessToken(ctx);
    other = await fullAccessToken(ctx);
  }, 120_000);
  afterAll(async () => {
    await world?.close();
    await s3?.close();
  });

  const { start, state, download, finished } = exportClient(() => ctx);
  const objectBytes = async (key: string) => Buffer.from(await (await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))).Body!.transformToByteArray());

  it('the worker writes the file to the bucket, the requester alone downloads its bytes, and expiry deletes the object', async () => {
    const id = await start(admin);
    await finished(admin, id);
    const [task] = await ctx.db.query(`SELECT file_path, row_count, run_key::text FROM export_tasks WHERE id = $1`, [id]);
    // One object, the run's own.
    expect(task.file_path).toBe(`exports/${id}/${task.run_key}.xlsx`);
    expect(await s3.keys(`exports/${id}/`)).toEqual([task.file_path]);

    const file = await download(admin, id).expect(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const body = file.body as Buffer;
    expect(body.equals(await objectBytes(task.file_path))).toBe(true);
    expect(Number(file.headers['content-length'])).toBe(body.length);
    const [header, ...rows] = await readSheet(body);
    expect(header.slice(0, 3)).toEqual(['ID', 'Created', 'Profile']);
    expect(rows).toHaveLength(task.row_count);
    const [{ n }] = await ctx.db.query(`SELECT count(*)::int AS n FROM signals WHERE status <> 'missed'`);
    expect(rows).toHaveLength(n);

    expect((await state(other, id).expect(404)).body).toEqual({ detail: EXPORT_MESSAGES.taskNotFound });
    expect((await download(other, id).expect(404)).body.toString()).toContain(EXPORT_MESSAGES.taskNotFound);

    await ctx.db.query(`UPDATE export_tasks SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await processor.purge()).expired).toBeGreaterThanOrEqual(1);
    expect(await s3.keys(`exports/${id}/`)).toEqual([]);
    expect((await state(admin, id).expect(200)).body).toEqual({ task_status: 'SUCCESS', progress: 100, filename: null, expired: true });
    expect(JSON.parse((await download(admin, id).expect(410)).body.toString())).toEqual({ detail: EXPORT_MESSAGES.expired });
  });

  it('a run that fails in the middle of its file leaves no object', async () => {
    const id = await insertSignalsTask(ctx.db);
    let batches = 0;
    const failing = processor.run(id, {
      afterBatch: async () => {
        if (++batches === 2) throw new Error('the database went away');
      },
    });
    await expect(failing).rejects.toThrow('the database went away');
    expect(await s3.keys(`exports/${id}/`)).toEqual([]);
    const [task] = await ctx.db.query(`SELECT status, file_path FROM export_tasks WHERE id = $1`, [id]);
    expect(task).toEqual({ status: 'FAILURE', file_path: null });
  });

  it('a run frozen in the middle of its file is taken over; only the new run\'s object is left', async () => {
    const id = await insertSignalsTask(ctx.db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let batches = 0;
    const frozen = processor.run(id, { afterBatch: async () => (++batches === 2 ? held : undefined) });
    await waitUntil(() => batches === 2, 10_000);
    // The sweeper finds the stale run and queues the task again; another run writes the whole file.
    await waitUntil(async () => (await ctx.db.query(`SELECT status FROM export_tasks WHERE id = $1`, [id]))[0].status === 'SUCCESS', 20_000);
    release();
    expect(await frozen).toBe('superseded');
    const [task] = await ctx.db.query(`SELECT file_path, runs FROM export_tasks WHERE id = $1`, [id]);
    expect(task.runs).toBe(2);
    expect(await s3.keys(`exports/${id}/`)).toEqual([task.file_path]);
    expect(await processor.run(id)).toBe('already-done');
    expect(await s3.keys(`exports/${id}/`)).toEqual([task.file_path]);
  });

  it('streams a file larger than one part as a multipart upload; one stopped midway leaves no object', async () => {
    const store = new S3ExportStore({ ...ctx.config.exportS3 });
    // Random bytes do not compress: three parts of 5 MiB.
    const data = randomBytes(12 * 1024 * 1024);
    const write = async (out: NodeJS.WritableStream, upTo: number) => {
      for (let at = 0; at < upTo; at += 64 * 1024) if (!out.write(data.subarray(at, Math.min(at + 64 * 1024, upTo)))) await once(out, 'drain');
    };

    const taskId = randomUUID();
    const whole = await store.begin(taskId, randomUUID());
    await write(whole.out, data.length);
    whole.out.end();
    const { location, bytes } = await whole.commit();
    expect(bytes).toBe(data.length);
    const opened = await store.open(location);
    expect(opened?.size).toBe(data.length);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    await store.remove(location);
    expect(await store.open(location)).toBeNull();

    const stopped = await store.begin(taskId, randomUUID());
    await write(stopped.out, 7 * 1024 * 1024);
    stopped.out.destroy(new Error('stopped'));
    await stopped.discard();
    expect(await s3.keys(`exports/${taskId}/`)).toEqual([]);
  });
});
