import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AggregatorRegistry, type RegistryContentType } from 'prom-client';
import { metricsRegistry } from './metrics';

/** What a scrape answers: the exposition text and its content type. */
export type MetricsSource = () => Promise<{ contentType: string; body: string }>;

/** This process's registry. */
export const processMetrics: MetricsSource = async () => ({ contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() });

/**
 * In an HTTP process of the API's cluster: answers the primary's requests for this process's metrics
 * (prom-client listens for them once an AggregatorRegistry exists in the process).
 */
export function answerClusterScrapes(): AggregatorRegistry<RegistryContentType> {
  return new AggregatorRegistry();
}

/** The API cluster's primary: every HTTP process's metrics merged (counters summed, histograms merged). */
export function clusterMetrics(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  return async () => ({ contentType: aggregator.contentType, body: await (await aggregator.clusterMetrics()).toString() });
}

/**
 * Serves GET /metrics on a port of its own, apart from the public app: by default bound to 127.0.0.1,
 * so only the host (or, with METRICS_HOST, the private network Prometheus scrapes on) reaches it. It
 * does not keep a stopping process alive.
 */
export async function serveMetrics(source: MetricsSource, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    source().then(
      ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType }).end(body),
      (error: Error) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`metrics unavailable: ${error.message}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.unref();
  return server;
}

export function metricsAddress(server: Server): string {
  const { address, port } = server.address() as AddressInfo;
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`;
}
