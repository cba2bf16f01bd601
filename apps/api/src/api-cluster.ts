import cluster from 'node:cluster';
import { withServiceMallocTunable, withServiceNodeFlags } from './node-flags';

/** A process that dies this soon after it started is crashing on start: it is forked again only after a pause. */
const QUICK_DEATH_MS = 5_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;

function log(level: 'info' | 'warn', msg: string): void {
  console.log(JSON.stringify({ level, service: 'api-cluster', pid: process.pid, msg }));
}

/**
 * The primary of the API's cluster: forks `count` HTTP processes that share the port (the primary hands
 * out connections round-robin) and forks a new one whenever one dies. Processes that keep dying right
 * after starting are forked again with a growing delay, so a broken start does not spin the CPU. Until
 * one process has listened, a death is a failed start (port taken, database unreachable): the primary
 * stops the others and exits with that code, as the single process did, for the supervisor to see.
 * Each process runs with the service's V8 heap flags and malloc setting (node-flags.ts) unless the operator set them.
 * SIGTERM or SIGINT stops every process (each closes its app through Nest's shutdown hooks) and then the primary.
 */
export function runApiCluster(count: number): void {
  let stopping = false;
  let served = false;
  let exitCode = 0;
  let delay = FIRST_RESTART_DELAY_MS;
  const startedAt = new Map<number, number>();

  const fork = () => {
    const worker = cluster.fork({ GLIBC_TUNABLES: withServiceMallocTunable() });
    startedAt.set(worker.id, Date.now());
  };

  cluster.on('listening', () => {
    served = true;
  });

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(exitCode);
      return;
    }
    if (!served) {
      log('warn', `API process ${worker.process.pid} failed to start (${signal ?? `exit ${code}`}); stopping`);
      stop(code || 1);
      return;
    }
    const wait = lived < QUICK_DEATH_MS ? delay : 0;
    delay = lived < QUICK_DEATH_MS ? Math.min(delay * 2, MAX_RESTART_DELAY_MS) : FIRST_RESTART_DELAY_MS;
    log('warn', `API process ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another${wait ? ` in ${wait / 1000} s` : ''}`);
    setTimeout(fork, wait);
  });

  function stop(code = 0): void {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {});
    if (!workers.length) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  }
  process.on('SIGTERM', () => stop());
  process.on('SIGINT', () => stop());

  cluster.setupPrimary({ execArgv: withServiceNodeFlags(process.execArgv) });
  log('info', `starting ${count} API processes`);
  for (let i = 0; i < count; i++) fork();
}
