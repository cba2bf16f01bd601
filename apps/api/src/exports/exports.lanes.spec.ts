import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Perm } from '@console/contracts';
import { EXPORTS_QUEUE, SMALL_EXPORTS_QUEUE } from '../queues/queue-producers.module';
import { fullAccessToken, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { exportClient, startExportsWorld, type ExportsWorld } from '../test/exports-world';
import type { TestContext } from '../test/harness';
import { ExportsProcessor, SmallExportsProcessor } from './exports.processor';

/** EXPORT_SMALL_ROWS here: an export of at most this many rows runs in the small lane. */
const SMALL_ROWS = 40;

/** Small exports on one worker whose one main-lane slot (EXPORT_CONCURRENCY=1) a big export holds. */
describe('small exports in a lane of their own', () => {
  let world: ExportsWorld;
  let ctx: TestContext;
  let mainLane: ExportsProcessor;
  let mainQueue: Queue;
  let smallQueue: Queue;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    world = await startExportsWorld('exports-lanes', {
      env: { EXPORT_CONCURRENCY: '1', EXPORT_SMALL_ROWS: String(SMALL_ROWS), EXPORT_BATCH_SIZE: '10', EXPORT_MAX_PER_USER: '3' },
      signals: 200,
    });
    ({ ctx } = world);
    mainQueue = ctx.app.get<Queue>(EXPORTS_QUEUE);
    smallQueue = ctx.app.get<Queue>(SMALL_EXPORTS_QUEUE);
    mainLane = world.worker.get(ExportsProcessor);
    alice = await fullAccessToken(ctx);
    bob = await fullAccessToken(ctx);
  }, 120_000);
  afterAll(() => world?.close());

  const { start, startRequest, state, cancel, finished } = exportClient(() => ctx);
  const status = async (token: string, id: string) => (await state(token, id).expect(200)).body.task_status as string;
  const task = async (id: string) => (await ctx.db.query(`SELECT lane, status, row_count FROM export_tasks WHERE id = $1`, [id]))[0] as { lane: string; status: string; row_count: number | null };
  const job = (queue: Queue, id: string) => queue.getJob(`export-${id}`);
  /** A filter of the few newest signals the list shows, and how many rows it matches. */
  const newestFew = async (n: number) => {
    const [{ created_at: after }] = await ctx.db.query(`SELECT created_at FROM signals WHERE status <> 'missed' ORDER BY created_at DESC OFFSET $1 LIMIT 1`, [n - 1]);
    const [{ rows }] = await ctx.db.query(`SELECT count(*)::int AS rows FROM signals WHERE status <> 'missed' AND created_at >= $1`, [after]);
    return { query: `?created_at_after=${encodeURIComponent((after as Date).toISOString())}`, rows: rows as number };
  };
  /** A Limited group that sees only its newest `count` finished signals: an unfiltered export holds that many. */
  const limitedTo = async (count: number) => {
    const perms: Partial<Perm>[] = [
      { section_name: 'signals', status: 'Limited', fields: ['created_at', 'pair', 'status'], filtering: true, sorting: true, signals_count: count, is_only_finished: true },
      { section_name: 'signals_export', status: 'Full' },
    ];
    return (await sessionFor(ctx, (await makeUser(ctx.db, { perms })).id)).access;
  };

  it('a small export finishes while a big export that cannot finish holds the main lane\'s only slot', async () => {
    expect(mainLane.worker.concurrency).toBe(1);
    expect(world.worker.get(SmallExportsProcessor).worker.concurrency).toBe(1);
    const [{ rows: allRows }] = await ctx.db.query(`SELECT count(*)::int AS rows FROM signals WHERE status <> 'missed'`);
    expect(allRows).toBeGreaterThan(SMALL_ROWS);

    // Every main-lane run stops after its first batch until released, as a run over millions of rows would hold its slot.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const run = mainLane.run.bind(mainLane);
    mainLane.run = (taskId, options = {}) => run(taskId, { ...options, afterBatch: () => held });
    try {
      const big = await start(alice);
      await waitUntil(async () => (await status(alice, big)) === 'PROGRESS', 10_000);
      expect(await task(big)).toMatchObject({ lane: 'main', status: 'PROGRESS' });

      // Another user's export of a few rows, and the big export's owner's own: both done meanwhile.
      const few = await newestFew(3);
      const bobs = await start(bob, few.query);
      const alices = await start(alice, `${few.query}&ordering=created_at`);
      await finished(bob, bobs);
      await finished(alice, alices);
      expect(await task(bobs)).toEqual({ lane: 'small', status: 'SUCCESS', row_count: few.rows });
      expect(await task(alices)).toEqual({ lane: 'small', status: 'SUCCESS', row_count: few.rows });
      expect(await task(big)).toMatchObject({ lane: 'main', status: 'PROGRESS' });

      release();
      await finished(alice, big);
      expect(await task(big)).toEqual({ lane: 'main', status: 'SUCCESS', row_count: allRows });
    } finally {
      release();
      mainLane.run = run;
    }
  });

  it('the lane follows the rows the export will hold, a Limited group\'s window included: one past EXPORT_SMALL_ROWS is main', async () => {
    const atLimit = await limitedTo(SMALL_ROWS);
    const pastLimit = await limitedTo(SMALL_ROWS + 1);
    const small = await start(atLimit);
    const big = await start(pastLimit);
    const everything = await start(bob, '?show_missed=true');
    expect((await task(small)).lane).toBe('small');
    expect((await task(big)).lane).toBe('main');
    expect((await task(everything)).lane).toBe('main');
    // The files hold the rows counted for the lane.
    await finished(atLimit, small);
    await finished(pastLimit, big);
    expect((await task(small)).row_count).toBe(SMALL_ROWS);
    expect((await task(big)).row_count).toBe(SMALL_ROWS + 1);
    await finished(bob, everything);
  });

  it('a small task that waits: its job is on the small lane\'s queue, ranked among the user\'s tasks of that lane, and a cancel removes it', async () => {
    await mainQueue.pause();
    await smallQueue.pause();
    try {
      const big = await start(alice, '?ordering=-created_at');
      const few = await newestFew(2);
      const small = await start(alice, few.query);
      await waitUntil(async () => (await status(alice, small)) === 'QUEUED' && (await status(alice, big)) === 'QUEUED', 10_000);
      expect((await task(small)).lane).toBe('small');
      expect(await job(mainQueue, small)).toBeUndefined();
      // First of Alice's small exports: rank 1, though her big one was asked for before.
      expect((await job(smallQueue, small))?.priority).toBe(1);
      expect((await job(mainQueue, big))?.priority).toBe(1);
      // The cap counts both lanes: a third is allowed, a fourth refused.
      const third = await start(alice, `${few.query}&ordering=created_at`);
      await startRequest(alice, '?status=finished').expect(429);

      expect((await cancel(alice, small).expect(200)).body.task_status).toBe('CANCELLED');
      expect(await job(smallQueue, small)).toBeUndefined();
      // Alice's other small export moves up into the cancelled one's rank.
      await waitUntil(async () => (await job(smallQueue, third))?.priority === 1, 5_000);

      // A lost job (Redis flushed) is queued again by the sweeper on its task's lane.
      await smallQueue.remove(`export-${third}`);
      await ctx.db.query(`UPDATE export_tasks SET created_at = created_at - interval '10 minutes' WHERE id = $1`, [third]);
      expect(await mainLane.sweep()).toBeGreaterThanOrEqual(1);
      expect((await job(smallQueue, third))?.priority).toBe(1);
      expect(await job(mainQueue, third)).toBeUndefined();

      await smallQueue.resume();
      await finished(alice, third);
      expect(await status(alice, big)).toBe('QUEUED');
      await mainQueue.resume();
      await finished(alice, big);
    } finally {
      await smallQueue.resume();
      await mainQueue.resume();
    }
  });
});
