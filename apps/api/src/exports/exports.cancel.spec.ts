import type { Queue } from 'bullmq';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES, EXPORT_PATHS } from '@console/contracts';
import { LiveEvents } from '../live/live-events';
import { EXPORTS_QUEUE } from '../queues/queue-producers.module';
import { fullAccessToken, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { exportClient, startExportsWorld, watchPublished, type ExportsWorld } from '../test/exports-world';
import type { TestContext } from '../test/harness';
import { EXPORT_STORE, type ExportStore } from './export-store';
import { ExportsProcessor } from './exports.processor';

const CANCELLED = { task_status: 'CANCELLED', filename: null, expired: false };

/** The requester cancels an export that waits or runs: it stops, leaves no file and frees its place. */
describe('cancelling an export', () => {
  let world: ExportsWorld;
  let ctx: TestContext;
  let processor: ExportsProcessor;
  let queue: Queue;
  let exportDir: string;
  let owner: string;
  let other: string;
  /** The API's task events: `<status> <id>`. */
  const published: string[] = [];

  beforeAll(async () => {
    // One lane: every job is on the main queue these tests hold (exports.lanes.spec.ts cancels in the small one).
    world = await startExportsWorld('exports-cancel', {
      env: { EXPORT_BATCH_SIZE: '7', EXPORT_MAX_PER_USER: '2', ENQUEUE_TIMEOUT_MS: '300', EXPORT_SMALL_ROWS: '0' },
      signals: 120,
    });
    ({ ctx } = world);
    exportDir = world.exportDir!;
    queue = ctx.app.get<Queue>(EXPORTS_QUEUE);
    processor = world.worker.get(ExportsProcessor);
    watchPublished(ctx.app.get(LiveEvents), (change) => {
      if (change.resource === 'exports') published.push(`${(change.row as { task_status: string }).task_status} ${change.ids?.[0]}`);
    });
    owner = await fullAccessToken(ctx);
    other = await fullAccessToken(ctx);
  }, 120_000);
  afterAll(() => world?.close());
  // The tests run the tasks themselves (processor.run), or leave them waiting.
  beforeEach(async () => {
    await queue.pause();
    await ctx.db.query(`UPDATE export_tasks SET status = 'CANCELLED', finished_at = now() WHERE status IN ('PENDING', 'QUEUED', 'STARTED', 'PROGRESS')`);
  });

  const { startRequest, state, cancel, download } = exportClient(() => ctx);
  const queued = async (token: string, query: string) => {
    const id = (await startRequest(token, query).expect(200)).body.task_id as string;
    await waitUntil(async () => (await state(token, id)).body.task_status === 'QUEUED', 10_000);
    return id;
  };
  const job = (id: string) => queue.getJob(`export-${id}`);
  const filesOf = async (id: string) => (await readdir(exportDir)).filter((name) => name.includes(id));

  it('a queued task: its job leaves the queue, it says CANCELLED, its place is free and an identical request makes a new task', async () => {
    const first = await queued(owner, '?status=finished');
    const second = await queued(owner, '?status=active');
    expect(await job(first)).toBeDefined();
    expect((await job(second))?.priority).toBe(2);
    // At the cap (2): a third export is refused.
    await startRequest(owner, '?status=canceled').expect(429);

    const answer = (await cancel(owner, first).expect(200)).body;
    expect(answer).toEqual({ ...CANCELLED, progress: 0 });
    expect(await job(first)).toBeUndefined();
    // The user's next export moves up into the cancelled one's rank.
    expect((await job(second))?.priority).toBe(1);
    expect((await state(owner, first).expect(200)).body).toEqual({ ...CANCELLED, progress: 0 });
    expect(JSON.parse((await download(owner, first).expect(404)).body.toString())).toEqual({ detail: EXPORT_MESSAGES.cancelled });
    const [row] = await ctx.db.query(`SELECT status, finished_at IS NOT NULL AS ended FROM export_tasks WHERE id = $1`, [first]);
    expect(row).toEqual({ status: 'CANCELLED', ended: true });
    expect(published).toContain(`CANCELLED ${first}`);

    // The place is free again, and the cancelled task is never the answer to the same request.
    const again = (await startRequest(owner, '?status=finished').expect(200)).body.task_id as string;
    expect(again).not.toBe(first);
    await startRequest(owner, '?status=canceled').expect(429);

    // Cancelling again answers the same state; the sweeper does not queue a cancelled task again.
    expect((await cancel(owner, first).expect(200)).body).toEqual({ ...CANCELLED, progress: 0 });
    await processor.sweep();
    expect(await job(first)).toBeUndefined();
    // A job a worker would still find (a late publish) does nothing.
    expect(await processor.run(first)).toBe('already-done');
    expect(await filesOf(first)).toEqual([]);
  });

  it('a running task stops at its next progress write, deletes its partial file, and is not retried', async () => {
    const id = await queued(owner, '');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let batches = 0;
    const running = processor.run(id, { afterBatch: async () => (++batches === 2 ? held : undefined) });
    await waitUntil(() => batches === 2, 10_000);
    expect((await state(owner, id).expect(200)).body.task_status).toBe('PROGRESS');
    expect((await filesOf(id)).filter((name) => name.endsWith('.part'))).toHaveLength(1);

    const answer = (await cancel(owner, id).expect(200)).body;
    expect(answer).toMatchObject(CANCELLED);
    release();
    expect(await running).toBe('cancelled');
    // It stopped at the next write: no third batch was reported.
    expect(batches).toBe(2);
    expect(await filesOf(id)).toEqual([]);
    const [row] = await ctx.db.query(`SELECT status, file_path, error FROM export_tasks WHERE id = $1`, [id]);
    expect(row).toEqual({ status: 'CANCELLED', file_path: null, error: null });
    expect((await state(owner, id).expect(200)).body).toMatchObject(CANCELLED);
    expect(published.filter((event) => event.endsWith(id)).at(-1)).toBe(`CANCELLED ${id}`);
  });

  it('a task cancelled once its file is in place, before it says SUCCESS, still leaves no file', async () => {
    const id = await queued(owner, '?ordering=created_at');
    const store = world.worker.get<ExportStore>(EXPORT_STORE);
    const begin = store.begin.bind(store);
    // The cancel lands between the file's rename into place and the row's SUCCESS.
    store.begin = async (taskId, runKey) => {
      const upload = await begin(taskId, runKey);
      return {
        ...upload,
        commit: async () => {
          const done = await upload.commit();
          expect(await filesOf(id)).toEqual([`${id}.xlsx`]);
          await cancel(owner, id).expect(200);
          return done;
        },
      };
    };
    try {
      expect(await processor.run(id)).toBe('cancelled');
    } finally {
      store.begin = begin;
    }
    expect(await filesOf(id)).toEqual([]);
    expect((await state(owner, id).expect(200)).body).toMatchObject(CANCELLED);
  });

  it('another user\'s task, or one that does not exist, is not found; nothing changes', async () => {
    const id = await queued(owner, '?status=finished&ordering=created_at');
    expect((await cancel(other, id).expect(404)).body).toEqual({ detail: EXPORT_MESSAGES.taskNotFound });
    await cancel(owner, '00000000-0000-0000-0000-000000000000').expect(404);
    await cancel(owner, 'not-a-task').expect(404);
    // The task belongs to the signals list: another list's cancel call does not find it.
    await exportClient(() => ctx, EXPORT_PATHS.account_stats).cancel(owner, id).expect(404);
    expect((await state(owner, id).expect(200)).body.task_status).toBe('QUEUED');
    expect(await job(id)).toBeDefined();
  });

  it('a finished, expired or failed task cannot be cancelled (400) and keeps its state', async () => {
    const id = await queued(owner, '?status=canceled');
    expect(await processor.run(id)).toBe('succeeded');
    const refusal = { detail: EXPORT_MESSAGES.notCancellable };
    expect((await cancel(owner, id).expect(400)).body).toEqual(refusal);
    expect((await state(owner, id).expect(200)).body.task_status).toBe('SUCCESS');
    await download(owner, id).expect(200);

    await ctx.db.query(`UPDATE export_tasks SET expired_at = now() WHERE id = $1`, [id]);
    expect((await cancel(owner, id).expect(400)).body).toEqual(refusal);

    const failed = await queued(owner, '?status=active&ordering=created_at');
    await ctx.db.query(`UPDATE export_tasks SET status = 'FAILURE', error = 'disk full', finished_at = now() WHERE id = $1`, [failed]);
    expect((await cancel(owner, failed).expect(400)).body).toEqual(refusal);
    expect((await state(owner, failed).expect(200)).body.task_status).toBe('FAILURE');
  });

  it('a group without the list or without the export right cannot cancel', async () => {
    const id = await queued(owner, '?status=finished&ordering=-created_at');
    const blind = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'signals_export', status: 'Full' }] })).id)).access;
    await cancel(blind, id).expect(403);
    const noExport = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'signals', status: 'Full' }] })).id)).access;
    await cancel(noExport, id).expect(403);
    expect((await state(owner, id).expect(200)).body.task_status).toBe('QUEUED');
  });
});
