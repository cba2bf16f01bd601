/** Local servers that alerts are delivered to in tests: an HTTP receiver (webhooks, Discord) and an SMTP server. */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { waitUntil } from './fake-telegram';

export interface ReceivedPost {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpReceiver {
  url: string;
  /** Requests answered 2xx. */
  received: ReceivedPost[];
  /** Requests of any outcome. */
  attempts: number;
  /** The statuses the next requests get, in order; then 204. */
  respondWith(...statuses: number[]): void;
  /** Keeps the next requests open without an answer, as if the sender died mid-send. */
  hold(): void;
  release(): void;
  waitFor(predicate: (received: ReceivedPost[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startHttpReceiver(): Promise<HttpReceiver> {
  const statuses: number[] = [];
  let holding = false;
  const held: ServerResponse[] = [];
  const received: ReceivedPost[] = [];
  const receiver = { attempts: 0 } as HttpReceiver;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      receiver.attempts += 1;
      if (holding) return void held.push(res);
      const status = statuses.shift() ?? 204;
      if (status < 300) received.push({ path: req.url ?? '', headers: req.headers, body });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}`,
    received,
    respondWith: (...next: number[]) => void statuses.push(...next),
    hold: () => void (holding = true),
    release: () => {
      holding = false;
      for (const res of held.splice(0)) res.destroy();
    },
    waitFor: (predicate: (r: ReceivedPost[]) => boolean, timeoutMs = 15_000) => waitUntil(() => predicate(received), timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

export interface ReceivedMail {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

export interface SmtpReceiver {
  port: number;
  received: ReceivedMail[];
  waitFor(predicate: (received: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A plain SMTP server (no TLS) that takes any mail after a login with `user` / `password`. */
export async function startSmtpReceiver(credentials: { user: string; password: string }): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    waitFor: (predicate, timeoutMs = 15_000) => waitUntil(() => predicate(received), timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
