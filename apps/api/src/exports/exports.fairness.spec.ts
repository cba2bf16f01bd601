import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES, type Perm } from '@console/contracts';
import { LiveEvents } from '../live/live-events';
import { EXPORTS_QUEUE } from '../queues/queue-producers.module';
import { fullAccessToken, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { exportClient, startExportsWorld, watchPublished, type ExportsWorld } from '../test/exports-world';
import type { TestContext } from '../test/harness';
import { ExportsProcessor } from './exports.processor';


/**
 * Several users' exports on one worker: one at a time (EXPORT_CONCURRENCY=1), three per user at most. One
 * lane (EXPORT_SMALL_ROWS=0): the order between users' exports of the same lane is what is watched here
 * (exports.lanes.spec.ts has the small lane).
 */
describe('exports shared between users', () => {
  let world: ExportsWorld;
  let ctx: TestContext;
  let worker: INestApplicationContext;
  let queue: Queue;
  let exportDir: string;
  let alice: string;
  let bob: string;
  /** The worker's task events in the order it published them: `STARTED <id>`, `SUCCESS <id>`. */
  const runEvents: string[] = [];

  beforeAll(async () => {
    world = await startExportsWorld('exports-fair', {
      env: { EXPORT_CONCURRENCY: '1', EXPORT_MAX_PER_USER: '3', EXPORT_BATCH_SIZE: '50', EXPORT_SMALL_ROWS: '0' },
      signals: 600,
      // A folder that exists with a looser mode, as a mounted volume may: the store narrows it.
      folderMode: 0o755,
    });
    ({ ctx, worker } = world);
    exportDir = world.exportDir!;
    queue = ctx.app.get<Queue>(EXPORTS_QUEUE);
    watchPublished(worker.get(LiveEvents), (change) => {
      const status = (change.row as { task_status?: string } | undefined)?.task_status;
      if (change.resource === 'exports' && (status === 'STARTED' || status === 'SUCCESS')) runEvents.push(`${status} ${change.ids?.[0]}`);
    });
    alice = await fullAccessToken(ctx);
    bob = await fullAccessToken(ctx);
  }, 120_000);
  afterAll(() => world?.close());

  const client = exportClient(() => ctx);
  const start = client.startRequest;
  const state = async (token: string, id: string) => (await client.state(token, id).expect(200)).body;

  it('runs one export at a time, one user\'s backlog does not hold back another\'s export, and the cap answers 429', async () => {
    expect(worker.get(ExportsProcessor).worker.concurrency).toBe(1);
    // Held while the requests arrive, so every task waits in the queue when the worker starts taking them.
    await queue.pause();
    const aliceTasks: string[] = [];
    for (const query of ['?ordering=created_at', '?ordering=-created_at', '?status=finished']) aliceTasks.push((await start(alice, query).expect(200)).body.task_id);
    expect(new Set(aliceTasks).size).toBe(3);
    // Waiting tasks say so, once their job is in the queue (the request waits for that a moment at most).
    await waitUntil(async () => (await state(alice, aliceTasks[2])).task_status === 'QUEUED', 10_000);
    expect(await state(alice, aliceTasks[2])).toEqual({ task_status: 'QUEUED', progress: 0, filename: null, expired: false });

    // The same request again is the same task, even at the cap; another one is refused.
    expect((await start(alice, '?ordering=-created_at').expect(200)).body).toEqual({ task_id: aliceTasks[1] });
    expect((await start(alice, '?status=active').expect(429)).body).toEqual({ detail: EXPORT_MESSAGES.tooMany, code: 'throttled' });
    const [{ n }] = await ctx.db.query(`SELECT count(*)::int AS n FROM export_tasks`);
    expect(n).toBe(3);

    // Bob's small export arrives last.
    const bobTask = (await start(bob, '?created_at_after=2099-01-01').expect(200)).body.task_id as string;
    await waitUntil(async () => (await state(bob, bobTask)).task_status === 'QUEUED', 10_000);

    await queue.resume();
    const [a1, a2, a3] = aliceTasks;
    await waitUntil(() => runEvents.filter((e) => e.startsWith('SUCCESS')).length === 4, 60_000);
    // One run at a time; Bob's export ranks with Alice's first, ahead of her second and third.
    expect(runEvents).toEqual([`STARTED ${a1}`, `SUCCESS ${a1}`, `STARTED ${bobTask}`, `SUCCESS ${bobTask}`, `STARTED ${a2}`, `SUCCESS ${a2}`, `STARTED ${a3}`, `SUCCESS ${a3}`]);
    expect(runEvents.indexOf(`SUCCESS ${bobTask}`)).toBeLessThan(runEvents.indexOf(`SUCCESS ${a3}`));

    // Finished exports free the user's places.
    expect((await state(alice, a3)).task_status).toBe('SUCCESS');
    await start(alice, '?status=active').expect(200);
  });

  it('an identical request is one with the same columns: a group that now sees other columns gets a new task', async () => {
    const limitedPerms = (fields: string[]): Partial<Perm>[] => [
      { section_name: 'signals', status: 'Limited', fields, filtering: true, sorting: true, signals_count: 50 },
      { section_name: 'signals_export', status: 'Full' },
    ];
    const user = await makeUser(ctx.db, { perms: limitedPerms(['created_at', 'pair', 'status']) });
    const token = (await sessionFor(ctx, user.id)).access;
    await queue.pause();
    try {
      const first = (await start(token, '?status=finished').expect(200)).body.task_id as string;
      expect((await start(token, '?status=finished').expect(200)).body.task_id).toBe(first);
      await ctx.db.query(`UPDATE groups SET perms = $1::jsonb WHERE id = $2`, [JSON.stringify(limitedPerms(['created_at', 'pair', 'status', 'direction'])), user.groupId]);
      const second = (await start(token, '?status=finished').expect(200)).body.task_id as string;
      expect(second).not.toBe(first);
    } finally {
      await queue.resume();
    }
  });

  it('writes the files readable by the service\'s user only', async () => {
    const id = (await start(bob, '?status=canceled').expect(200)).body.task_id as string;
    await waitUntil(async () => (await state(bob, id)).task_status === 'SUCCESS', 30_000);
    expect((await stat(join(exportDir, `${id}.xlsx`))).mode & 0o777).toBe(0o600);
    expect((await stat(exportDir)).mode & 0o777).toBe(0o700);
  });

  it('a user whose export ended moves their waiting ones up, ahead of other users\' later exports of the same rank', async () => {
    const unfinished = async () => (await ctx.db.query(`SELECT count(*)::int AS n FROM export_tasks WHERE status NOT IN ('SUCCESS', 'FAILURE')`))[0].n as number;
    await waitUntil(async () => (await unfinished()) === 0, 30_000);
    await queue.pause();
    const aliceTasks: string[] = [];
    for (const query of ['?status=canceled', '?status=active&ordering=created_at', '?status=finished&ordering=created_at']) aliceTasks.push((await start(alice, query).expect(200)).body.task_id);
    const priorities = async () => Promise.all(aliceTasks.map(async (id) => (await queue.getJob(`export-${id}`))?.priority));
    await waitUntil(async () => (await priorities()).every((p) => p !== undefined), 10_000);
    expect(await priorities()).toEqual([1, 2, 3]);

    // Alice's first export is written (here by a direct run; its job then finds it done): the others move up.
    expect(await worker.get(ExportsProcessor).run(aliceTasks[0])).toBe('succeeded');
    expect((await priorities()).slice(1)).toEqual([1, 2]);

    // Bob's two exports come after: each ranks behind Alice's export of the same rank.
    const since = runEvents.length;
    const bobTasks: string[] = [];
    for (const query of ['?status=canceled&ordering=created_at', '?status=active']) bobTasks.push((await start(bob, query).expect(200)).body.task_id);
    await queue.resume();
    await waitUntil(() => runEvents.slice(since).filter((e) => e.startsWith('SUCCESS')).length === 4, 60_000);
    expect(runEvents.slice(since).filter((e) => e.startsWith('STARTED'))).toEqual([`STARTED ${aliceTasks[1]}`, `STARTED ${bobTasks[0]}`, `STARTED ${aliceTasks[2]}`, `STARTED ${bobTasks[1]}`]);
  });
});
