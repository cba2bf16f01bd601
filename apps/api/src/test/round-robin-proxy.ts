/**
 * A reverse proxy for tests, as the compose file's proxy service does it: each request goes to the next
 * upstream in turn, with the client's address appended to X-Forwarded-For; answers (streams included) are
 * passed on as they come, each marked with the upstream that gave it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The answer header that names the upstream which served the request. */
export const UPSTREAM_HEADER = 'x-test-upstream';

export interface Upstream {
  name: string;
  url: string;
}

export interface RoundRobinProxy {
  url: string;
  /** The upstream of every request so far, in order. */
  served: string[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreams: Upstream[]): Promise<RoundRobinProxy> {
  const served: string[] = [];
  let turn = 0;
  const server = http.createServer((req, res) => {
    const upstream = upstreams[turn++ % upstreams.length];
    served.push(upstream.name);
    const target = new URL(upstream.url);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const onward = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http' },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [UPSTREAM_HEADER]: upstream.name });
        answer.pipe(res);
      },
    );
    onward.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    // A client that leaves (a closed stream) closes the upstream request too.
    res.on('close', () => {
      if (!res.writableFinished) onward.destroy();
    });
    req.pipe(onward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
