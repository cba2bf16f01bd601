/** Runs the real worker (every processor, real BullMQ) against a test app's database and Redis prefix. */
import type { INestApplicationContext, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AppConfig } from '../common/config/config';
import { WorkerModule } from '../worker/worker.module';
import type { TestContext } from './harness';

/**
 * `logger`: where the worker's log lines go (none by default), for a test that reads them. `config`:
 * settings of this worker's own over the app's (a worker restarted with another PUBLIC_URL).
 */
export async function startWorker(ctx: TestContext, opts: { logger?: LoggerService; config?: Partial<AppConfig> } = {}): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot({ ...ctx.config, ...opts.config }), { logger: opts.logger ?? false });
  await worker.init();
  return worker;
}
