/**
 * What the engine process shows operators: Prometheus metrics on a port of its own (default process
 * metrics, its pool, command latency) and one log line per settled command carrying the request id of
 * the HTTP request that asked for it, so one id finds the action in the API's, the worker's and the
 * engine's logs alike.
 */
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { DB_POOL_CONNECTIONS_METRIC, ENGINE_COMMAND_LATENCY_METRIC, poolConnectionsByState, type PoolCounts } from '@console/contracts';

export const engineRegistry = new Registry();
collectDefaultMetrics({ register: engineRegistry });

const commandLatency = new Histogram({ ...ENGINE_COMMAND_LATENCY_METRIC, registers: [engineRegistry] });

const pools = new Set<PoolCounts>();
new Gauge({
  ...DB_POOL_CONNECTIONS_METRIC,
  registers: [engineRegistry],
  collect() {
    for (const [state, count] of poolConnectionsByState(pools)) this.set({ state }, count);
  },
});

export function observePool(pool: PoolCounts): void {
  pools.add(pool);
}

/** A command the engine settled, as its row says after the update. */
export interface SettledCommand {
  id: string;
  kind: string;
  status: 'succeeded' | 'failed' | 'superseded';
  request_id: string | null;
  latency: number;
}

type CommandLog = (line: Record<string, unknown>) => void;
/** No log lines until the process says where they go (the engine's tests stay quiet). */
let commandLog: CommandLog | null = null;

export function logCommandsTo(sink: CommandLog | null): void {
  commandLog = sink;
}

/** Called when a command's row is settled (inside the minute's transaction, which then commits). */
export function commandSettled(command: SettledCommand): void {
  commandLatency.observe({ kind: command.kind, status: command.status }, command.latency);
  commandLog?.({
    level: 'info',
    service: 'engine',
    requestId: command.request_id ?? undefined,
    commandId: command.id,
    kind: command.kind,
    status: command.status,
    latencySeconds: command.latency,
    msg: `command ${command.id} (${command.kind}) ${command.status}`,
  });
}

/** GET /metrics on its own port, bound to `host` (loopback by default); it keeps no stopping process alive. */
export async function serveEngineMetrics(port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    engineRegistry.metrics().then(
      (body) => res.writeHead(200, { 'Content-Type': engineRegistry.contentType }).end(body),
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.unref();
  return server;
}
