import 'reflect-metadata';
import cluster from 'node:cluster';
import { runApiCluster } from './api-cluster';
import { createApp } from './bootstrap';
import { ConfigError, loadConfig } from './common/config/config';
import { clusterMetrics, metricsAddress, processMetrics, serveMetrics } from './metrics/metrics-server';

/**
 * The production entry. With API_WORKERS above 1 (the default: one per CPU) this process is the
 * cluster's primary and serves nothing itself; each forked process runs the whole app on the shared port.
 */
async function main(): Promise<void> {
  // Read in the primary too, so a wrong variable stops the start with its message instead of a crash loop.
  const config = loadConfig();
  if (cluster.isPrimary && config.apiWorkers > 1) {
    runApiCluster(config.apiWorkers);
    if (config.metricsPort) logMetrics(await serveMetrics(clusterMetrics(), config.metricsPort, config.metricsHost));
    return;
  }
  const app = await createApp(config);
  await app.listen(config.port, '0.0.0.0');
  console.log(JSON.stringify({ level: 'info', pid: process.pid, msg: `API listening on http://localhost:${config.port}` }));
  // In a cluster the primary serves the metrics of every process.
  if (cluster.isPrimary && config.metricsPort) logMetrics(await serveMetrics(processMetrics, config.metricsPort, config.metricsHost));
}

function logMetrics(server: Parameters<typeof metricsAddress>[0]): void {
  console.log(JSON.stringify({ level: 'info', pid: process.pid, msg: `metrics on ${metricsAddress(server)}` }));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
