/** A local stand-in for the Telegram Bot API: records sendMessage calls and answers as told. */
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedMessage {
  token: string;
  chat_id: string;
  text: string;
}

export interface FakeTelegram {
  url: string;
  received: ReceivedMessage[];
  /** Requests of any outcome, for counting attempts. */
  attempts: number;
  /** The status the next requests get (200 by default). */
  respondWith(status: number): void;
  /** Keeps the next requests open without an answer (counted in `attempts`), as if the sender died mid-send. */
  hold(): void;
  /** Drops the held requests and answers the next ones again. */
  release(): void;
  waitFor(predicate: (received: ReceivedMessage[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeTelegram(): Promise<FakeTelegram> {
  let status = 200;
  let holding = false;
  const held: import('node:http').ServerResponse[] = [];
  const received: ReceivedMessage[] = [];
  const fake = { attempts: 0 } as FakeTelegram;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      fake.attempts += 1;
      if (holding) return void held.push(res);
      const match = /^\/bot(.+)\/sendMessage$/.exec(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (!match || status !== 200) {
        res.statusCode = match ? status : 404;
        res.end(JSON.stringify({ ok: false, error_code: res.statusCode, description: status === 400 ? 'Bad Request: chat not found' : 'Internal Server Error' }));
        return;
      }
      const payload = JSON.parse(body) as { chat_id: string; text: string };
      received.push({ token: decodeURIComponent(match[1]), chat_id: String(payload.chat_id), text: payload.text });
      res.end(JSON.stringify({ ok: true, result: { message_id: received.length } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    received,
    respondWith: (next: number) => void (status = next),
    hold: () => void (holding = true),
    release: () => {
      holding = false;
      for (const res of held.splice(0)) res.destroy();
    },
    waitFor: (predicate: (r: ReceivedMessage[]) => boolean, timeoutMs = 10_000) => waitUntil(() => predicate(received), timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the condition');
    await new Promise((r) => setTimeout(r, 50));
  }
}
