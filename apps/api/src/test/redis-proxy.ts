/**
 * A TCP proxy in front of the test Redis that a test can cut and restore, to see the app through a
 * Redis outage without stopping the Redis that other test files share.
 */
import { createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface RedisProxy {
  /** A redis:// URL that goes through the proxy. */
  url: string;
  /** Drops every connection and refuses new ones, as a stopped Redis does. */
  cut(): Promise<void>;
  /** Takes connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startRedisProxy(redisUrl: string): Promise<RedisProxy> {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = async () => {
    if (server) return;
    server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => server!.once('error', reject).listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  const stop = async () => {
    const closing = server ? new Promise<void>((resolve) => server!.close(() => resolve())) : Promise.resolve();
    for (const s of sockets) s.destroy();
    await closing;
    server = undefined;
  };

  await listen();
  const url = new URL(redisUrl);
  url.port = String(port);
  url.hostname = '127.0.0.1';
  return { url: url.toString().replace(/\/$/, ''), cut: stop, restore: listen, close: stop };
}
