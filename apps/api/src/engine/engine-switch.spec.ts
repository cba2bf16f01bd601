import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../common/config/config';
import { ENGINE_COMMANDS_QUEUE } from '../queues/queue-producers.module';
import { JOBS } from '../queues/queues';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { makeOrder } from '../test/trading-fixtures';
import { startWorker } from '../test/worker';
import { EngineCommandsProcessor } from './engine-commands.processor';

describe('ENGINE=paper: the worker leaves commands to the engine process', () => {
  let ctx: TestContext;
  let worker: INestApplicationContext;
  let operator: string;
  beforeAll(async () => {
    ctx = await createTestApp({ ENGINE: 'paper', ENGINE_SIMULATED_DELAY_MS: '0', ENGINE_REQUEUE_AFTER_MS: '0' });
    worker = await startWorker(ctx);
    operator = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'orders', status: 'Full' }] })).id)).access;
  });
  afterAll(async () => {
    await worker?.close();
    await ctx?.close();
  });

  it('is the default, and simulated is the only other choice', () => {
    const base = { DATABASE_URL: 'postgres://u@127.0.0.1/db', REDIS_URL: 'redis://127.0.0.1:6379', JWT_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: '0'.repeat(64) };
    expect(loadConfig(base).engine).toBe('paper');
    expect(loadConfig({ ...base, ENGINE: 'simulated' }).engine).toBe('simulated');
    expect(() => loadConfig({ ...base, ENGINE: 'live' })).toThrow('ENGINE must be one of paper, simulated');
  });

  it('a command stays pending for the engine: the processor does not run it and registers no sweeper', async () => {
    const order = await makeOrder(ctx.db);
    const asked = await ctx.http().post(`/api/v2/orders/order/${order.orderId}/cancel/`).set(...auth(operator)).expect(202);
    expect(asked.body).toMatchObject({ status: 'pending', action_state: 'CANCELLING' });

    const queue = ctx.app.get<Queue>(ENGINE_COMMANDS_QUEUE);
    const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed']);
    expect(jobs.filter((job) => job.name === JOBS.runEngineCommand && (job.data as { commandId: string }).commandId === asked.body.id)).toEqual([]);

    const processor = worker.get(EngineCommandsProcessor);
    expect(await processor.run(asked.body.id)).toBe('left-to-engine');
    expect(await processor.sweep()).toBe(0);
    expect(await queue.getJobScheduler(JOBS.requeuePendingEngineCommands)).toBeFalsy();

    const [command] = await ctx.db.query(`SELECT status FROM engine_commands WHERE id = $1`, [asked.body.id]);
    expect(command.status).toBe('pending');
    const [row] = await ctx.db.query(`SELECT status, action_state FROM orders WHERE id = $1`, [order.orderId]);
    expect(row).toEqual({ status: 'PLACED', action_state: 'CANCELLING' });
  });
});
