import 'reflect-metadata';
import cluster from 'node:cluster';
import { runApiCluster } from './api-cluster';
import { createApp } from './bootstrap';
import { ConfigError, loadConfig } from './common/config/config';

/**
 * The production entry. With API_WORKERS above 1 (the default: one per CPU) this process is the
 * cluster's primary and serves nothing itself; each forked process runs the whole app on the shared port.
 */
async function main(): Promise<void> {
  // Read in the primary too, so a wrong variable stops the start with its message instead of a crash loop.
  const config = loadConfig();
  if (cluster.isPrimary && config.apiWorkers > 1) {
    runApiCluster(config.apiWorkers);
    return;
  }
  const app = await createApp(config);
  await app.listen(config.port, '0.0.0.0');
  console.log(JSON.stringify({ level: 'info', pid: process.pid, msg: `API listening on http://localhost:${config.port}` }));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
