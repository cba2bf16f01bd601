/** Runs the real worker (every processor, real BullMQ) against a test app's database and Redis prefix. */
import type { INestApplicationContext, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { WorkerModule } from '../worker/worker.module';
import type { TestContext } from './harness';

/** `logger`: where the worker's log lines go (none by default), for a test that reads them. */
export async function startWorker(ctx: TestContext, opts: { logger?: LoggerService } = {}): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(ctx.config), { logger: opts.logger ?? false });
  await worker.init();
  return worker;
}
