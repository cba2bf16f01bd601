import 'reflect-metadata';
import cluster from 'node:cluster';
import { listenInCluster, runApiCluster } from './api-cluster';
import { ConfigError, loadConfig } from './common/config/config';
import { answerClusterScrapes, clusterMetrics, metricsAddress, processMetrics, serveMetrics } from './metrics/metrics-server';

/**
 * The production entry. With API_WORKERS above 1 (the default: one per CPU) this process is the
 * cluster's primary and serves nothing itself; each forked process runs the whole app on the shared port.
 */
async function main(): Promise<void> {
  // Read in the primary too, so a wrong variable stops the start with its message instead of a crash loop.
  const config = loadConfig();
  if (cluster.isPrimary && config.apiWorkers > 1) {
    await runApiCluster(config.apiWorkers, config.port);
    if (config.metricsPort) await startMetrics(serveMetrics(clusterMetrics(), config.metricsPort, config.metricsHost));
    return;
  }
  if (cluster.isWorker && config.metricsPort) answerClusterScrapes();
  // Loaded here, not at the top: the primary serves nothing and would otherwise hold the whole app's code in memory.
  const { createApp } = await import('./bootstrap.js');
  const app = await createApp(config);
  if (cluster.isWorker) await listenInCluster(app, config.port);
  else await app.listen(config.port, '0.0.0.0');
  console.log(JSON.stringify({ level: 'info', pid: process.pid, msg: `API listening on http://localhost:${config.port}` }));
  // In a cluster the primary serves the metrics of every process.
  if (cluster.isPrimary && config.metricsPort) await startMetrics(serveMetrics(processMetrics, config.metricsPort, config.metricsHost));
}

/** A metrics port that cannot be served (taken) is logged; the console itself keeps serving. */
async function startMetrics(serving: ReturnType<typeof serveMetrics>): Promise<void> {
  await serving.then(
    (server) => console.log(JSON.stringify({ level: 'info', pid: process.pid, msg: `metrics on ${metricsAddress(server)}` })),
    (error: Error) => console.log(JSON.stringify({ level: 'error', pid: process.pid, msg: `metrics not served: ${error.message}` })),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
