import cluster from 'node:cluster';
import { createServer } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { withServiceMallocTunable, withServiceNodeFlags } from './node-flags';

/** A process that dies this soon after it started is crashing on start: it is forked again only after a pause. */
const QUICK_DEATH_MS = 5_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;

/** What an HTTP process tells the primary once it accepts connections. */
const LISTENING = 'api-process-listening';

function log(level: 'info' | 'warn' | 'error', msg: string): void {
  console.log(JSON.stringify({ level, service: 'api-cluster', pid: process.pid, msg }));
}

/**
 * In an HTTP process of the cluster: listens on a socket of its own on the shared port (SO_REUSEPORT), so
 * the kernel spreads new connections over the processes. Node's default has the primary accept every
 * connection and hand it on; one handed to a process as it died was neither served nor closed, and its
 * client hung until its own timeout. Now a dying process takes only its own accept queue with it: those
 * connections are reset, the others go to the live processes.
 */
export async function listenInCluster(app: INestApplication, port: number): Promise<void> {
  // Nest hands its first argument to Node's server.listen, which takes an options object.
  await app.listen({ port, host: '0.0.0.0', reusePort: true, exclusive: true } as unknown as number);
  process.send?.(LISTENING);
}

/**
 * Whether nothing listens on `port`: checked with a plain socket before forking, because sockets with
 * SO_REUSEPORT share a port with each other, so an API left running on it would otherwise share its
 * connections with this one instead of stopping the start.
 */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '0.0.0.0', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * The primary of the API's cluster: forks `count` HTTP processes that share the port (each listens for
 * itself, listenInCluster) and forks a new one whenever one dies. Processes that keep dying right
 * after starting are forked again with a growing delay, so a broken start does not spin the CPU. Until
 * one process has listened, a death is a failed start (port taken, database unreachable): the primary
 * stops the others and exits with that code, as the single process did, for the supervisor to see.
 * Each process runs with the service's V8 heap flags and malloc setting (node-flags.ts) unless the operator set them.
 * SIGTERM or SIGINT stops every process (each closes its app through Nest's shutdown hooks) and then the primary.
 */
export async function runApiCluster(count: number, port: number): Promise<void> {
  if (!(await portIsFree(port))) {
    log('error', `port ${port} is already in use`);
    process.exit(1);
  }
  let stopping = false;
  let served = false;
  let exitCode = 0;
  let delay = FIRST_RESTART_DELAY_MS;
  const startedAt = new Map<number, number>();

  const fork = () => {
    const worker = cluster.fork({ GLIBC_TUNABLES: withServiceMallocTunable() });
    startedAt.set(worker.id, Date.now());
  };

  cluster.on('message', (_worker, message) => {
    if (message === LISTENING) served = true;
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
