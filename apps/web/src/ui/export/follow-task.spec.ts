import { EXPORT_POLL_INTERVAL_MS, type LiveEvent } from '@console/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveHub } from '../../live/live-hub';
import { followTask } from './use-export-task';

const exportEvent = (ids: string[]): LiveEvent => ({ id: '1-0', resource: 'exports', action: 'updated', ids, section: 'signals' });

describe('an export following its task on the live stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('while live: no timer, the task is read again when an event names it (or the stream had a gap)', async () => {
    const hub = new LiveHub();
    hub.emit({ kind: 'status', status: 'live' });
    const follow = followTask(hub, new AbortController().signal);
    follow.track('task-1');
    let woke = 0;
    void follow.next().then(() => woke++);
    await vi.advanceTimersByTimeAsync(10 * EXPORT_POLL_INTERVAL_MS);
    expect(woke).toBe(0);
    hub.emit({ kind: 'change', event: exportEvent(['task-2']) });
    hub.emit({ kind: 'change', event: { ...exportEvent(['task-1']), resource: 'signals' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(woke).toBe(0);
    hub.emit({ kind: 'change', event: exportEvent(['task-1']) });
    await vi.advanceTimersByTimeAsync(0);
    expect(woke).toBe(1);
    void follow.next().then(() => woke++);
    hub.emit({ kind: 'refetch' });
    await vi.advanceTimersByTimeAsync(0);
    expect(woke).toBe(2);
    follow.stop();
  });

  it('keeps an event that came before the task id was known, and falls back to the timer once the stream drops', async () => {
    const hub = new LiveHub();
    hub.emit({ kind: 'status', status: 'live' });
    const follow = followTask(hub, new AbortController().signal);
    hub.emit({ kind: 'change', event: exportEvent(['task-1']) });
    follow.track('task-1');
    let woke = 0;
    void follow.next().then(() => woke++);
    await vi.advanceTimersByTimeAsync(0);
    expect(woke).toBe(1);

    void follow.next().then(() => woke++);
    hub.emit({ kind: 'status', status: 'reconnecting' });
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS - 1);
    expect(woke).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(woke).toBe(2);
    follow.stop();
  });

  it('ends its wait when the page is left', async () => {
    const hub = new LiveHub();
    const controller = new AbortController();
    const follow = followTask(hub, controller.signal);
    const waiting = follow.next();
    controller.abort(new Error('left'));
    await expect(waiting).rejects.toThrow('left');
  });
});
