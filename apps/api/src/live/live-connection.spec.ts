import { describe, expect, it } from 'vitest';
import { LIVE_LIMITS, type LiveEvent } from '@console/contracts';
import { LiveConnection, type LiveSink } from './live-connection';

/** A response that takes everything, or holds it like a client that stopped reading. */
class FakeSink implements LiveSink {
  written: string[] = [];
  pending = 0;
  ended = false;
  destroyed = false;
  private closeListener: (() => void) | null = null;

  constructor(private readonly reading = true) {}

  write(chunk: string): boolean {
    this.written.push(chunk);
    if (this.reading) return true;
    this.pending += Buffer.byteLength(chunk);
    return false;
  }
  pendingBytes(): number {
    return this.pending;
  }
  end(): void {
    this.ended = true;
  }
  destroy(): void {
    this.destroyed = true;
  }
  onClose(listener: () => void): void {
    this.closeListener = listener;
  }
  clientLeft(): void {
    this.closeListener?.();
  }
}

const session = { userId: 1, familyId: 'f', groupId: 1, perms: [] };
const event = (id: string): LiveEvent => ({ id, resource: 'orders', action: 'updated', section: 'orders', ids: ['1'] });

function connection(sink: FakeSink, start = '10-0') {
  const gone: LiveConnection[] = [];
  return { live: new LiveConnection(session, sink, start, (c) => gone.push(c)), gone };
}

describe('one live stream', () => {
  it('writes changes in SSE form once each, never one older than where it stands', () => {
    const sink = new FakeSink();
    const { live } = connection(sink);
    live.pass('9-0', event('9-0'));
    live.pass('11-0', event('11-0'));
    live.pass('11-0', event('11-0'));
    expect(sink.written).toEqual([`id: 11-0\ndata: ${JSON.stringify(event('11-0'))}\n\n`]);
  });

  it('beats with a comment line, or with a ready naming where it stands when changes for others moved it on', () => {
    const sink = new FakeSink();
    const { live } = connection(sink);
    live.heartbeat();
    live.pass('12-0', null);
    live.heartbeat();
    live.heartbeat();
    expect(sink.written).toEqual([': heartbeat\n\n', 'event: ready\nid: 12-0\ndata: {}\n\n', ': heartbeat\n\n']);
  });

  it('keeps what arrives while it replays, and sends it after, in order and without repeats', () => {
    const sink = new FakeSink();
    const { live } = connection(sink, '5-0');
    live.hold();
    live.pass('8-0', event('8-0'));
    live.pass('9-0', event('9-0'));
    live.send('6-0', event('6-0'));
    live.send('8-0', event('8-0'));
    live.release();
    expect(sink.written.map((chunk) => /^id: (\S+)/.exec(chunk)?.[1])).toEqual(['6-0', '8-0', '9-0']);
  });

  it('asks for a refetch instead when more arrived during the replay than it keeps', () => {
    const sink = new FakeSink();
    const { live } = connection(sink, '1-0');
    live.hold();
    for (let i = 2; i <= LIVE_LIMITS.replayMax + 2; i++) live.pass(`${i}-0`, event(`${i}-0`));
    live.release();
    expect(sink.written).toEqual([`event: refetch\nid: ${LIVE_LIMITS.replayMax + 2}-0\ndata: {"reason":"missed"}\n\n`]);
  });

  it('ends with a refetch once a client that does not read has more than the limit waiting, and writes nothing more', () => {
    const sink = new FakeSink(false);
    const { live, gone } = connection(sink);
    let id = 11;
    while (live.isOpen) live.pass(`${id}-0`, { ...event(`${id++}-0`), row: { id: '1', log_data: 'x'.repeat(10_000) } });
    expect(sink.pending).toBeGreaterThan(LIVE_LIMITS.pendingBytesMax);
    expect(sink.pending).toBeLessThan(LIVE_LIMITS.pendingBytesMax + 20_000);
    expect(sink.written.at(-1)).toMatch(/^event: refetch\nid: \d+-0\ndata: {"reason":"overflow"}\n\n$/);
    expect(sink.ended).toBe(true);
    expect(gone).toEqual([live]);
    const count = sink.written.length;
    live.pass(`${id}-0`, event(`${id}-0`));
    live.heartbeat();
    expect(sink.written).toHaveLength(count);
  });

  it('lets go when the client leaves', () => {
    const sink = new FakeSink();
    const { live, gone } = connection(sink);
    sink.clientLeft();
    expect(live.isOpen).toBe(false);
    expect(gone).toEqual([live]);
    live.pass('11-0', event('11-0'));
    expect(sink.written).toEqual([]);
  });
});
