import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { ConfigError, loadConfig } from './common/config/config';
import { metricsAddress, processMetrics, serveMetrics } from './metrics/metrics-server';
import { WorkerModule } from './worker/worker.module';

/** A stopping worker exits by then even when BullMQ's close waits on a connection that an outage left behind. */
const SHUTDOWN_DEADLINE_MS = 15_000;

/** The BullMQ worker process: separate from the API so either scales on its own. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => setTimeout(() => process.exit(0), SHUTDOWN_DEADLINE_MS).unref());
  }
  await app.init();
  if (config.workerMetricsPort) {
    // A taken port is logged; the jobs matter more than their metrics.
    await serveMetrics(processMetrics, config.workerMetricsPort, config.metricsHost).then(
      (server) => console.log(JSON.stringify({ level: 'info', service: 'worker', pid: process.pid, msg: `metrics on ${metricsAddress(server)}` })),
      (error: Error) => console.log(JSON.stringify({ level: 'error', service: 'worker', pid: process.pid, msg: `metrics not served: ${error.message}` })),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
