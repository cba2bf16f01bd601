/** Runs the real worker (every processor, real BullMQ) against a test app's database and Redis prefix. */
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { WorkerModule } from '../worker/worker.module';
import type { TestContext } from './harness';

export async function startWorker(ctx: TestContext): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(ctx.config), { logger: false });
  await worker.init();
  return worker;
}
