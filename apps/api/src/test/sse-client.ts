/** A client of the live stream (Server-Sent Events) for tests: opens it with a ticket and reads its events in order. */
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import { expect } from 'vitest';
import { LIVE_PATHS, type LiveEvent, type ResourceName } from '@console/contracts';

const STREAM = `/api/v2${LIVE_PATHS.stream}`;

interface SseMessage {
  event: string;
  id?: string;
  data: string;
}

/** A client of the stream: reads the SSE blocks as they come and hands them out in order. */
export class SseStream {
  private readonly received: SseMessage[] = [];
  private read = 0;
  private wake: (() => void) | null = null;
  private buffer = '';
  body = '';
  readonly ended: Promise<void>;

  constructor(
    private readonly request: ClientRequest,
    readonly response: IncomingMessage,
  ) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      this.body += response.statusCode === 200 ? '' : chunk;
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\n\n')) >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const message: SseMessage = { event: 'message', data: '' };
        const lines = block.split('\n').filter((line) => !line.startsWith(':'));
        if (!lines.length) continue;
        for (const line of lines) {
          const [field, ...rest] = line.split(': ');
          const value = rest.join(': ');
          if (field === 'event') message.event = value;
          else if (field === 'id') message.id = value;
          else if (field === 'data') message.data = value;
        }
        this.received.push(message);
        this.wake?.();
      }
    });
    this.ended = new Promise((resolve) => response.on('close', () => resolve()));
    void this.ended.then(() => this.wake?.());
  }

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  /** The next SSE event (comments are heartbeats, not events). */
  async next(timeoutMs = 10_000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.read >= this.received.length) {
      if (this.response.closed) throw new Error('the stream ended');
      if (Date.now() > deadline) throw new Error('no event in time');
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 100);
      });
    }
    return this.received[this.read++];
  }

  /** The next change, past `ready` events (and past changes of other resources than `only`, when given). */
  async nextChange(only?: readonly ResourceName[], timeoutMs = 10_000): Promise<LiveEvent> {
    for (;;) {
      const message = await this.next(timeoutMs);
      if (message.event === 'ready') continue;
      expect(message.event, `expected a change, got ${message.event} ${message.data}`).toBe('message');
      const event = JSON.parse(message.data) as LiveEvent;
      expect(message.id).toBe(event.id);
      if (!only || only.includes(event.resource)) return event;
    }
  }

  close(): void {
    this.request.destroy();
  }
}

export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);
}

export function openStream(base: string, params: Record<string, string>, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${STREAM}?${new URLSearchParams(params)}`, { headers }, (response) => resolve(new SseStream(request, response)));
    request.on('error', reject);
  });
}

