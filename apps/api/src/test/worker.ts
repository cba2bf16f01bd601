/** Runs the real worker (every processor, real BullMQ) against a test app's database and Redis prefix. */
import type { INestApplicationContext, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { ENGINE_COMMANDS_QUEUE } from '../queues/queue-producers.module';
import { WorkerModule } from '../worker/worker.module';
import type { TestContext } from './harness';

/** `logger`: where the worker's log lines go (none by default), for a test that reads them. */
export async function startWorker(ctx: TestContext, opts: { logger?: LoggerService } = {}): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(ctx.config), { logger: opts.logger ?? false });
  await worker.init();
  return worker;
}

/**
 * Runs `body` with the engine's queue paused, so the commands it writes stay pending meanwhile: a test of
 * what happens while a command is pending (a double click, a second request) must not race the engine.
 */
export async function withEngineHeld<T>(ctx: TestContext, body: () => Promise<T>): Promise<T> {
  const queue = ctx.app.get<Queue>(ENGINE_COMMANDS_QUEUE);
  await queue.pause();
  try {
    return await body();
  } finally {
    await queue.resume();
  }
}
