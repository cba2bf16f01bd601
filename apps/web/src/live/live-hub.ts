import type { LiveEvent, LiveStatus } from '@console/contracts';

/** What the stream tells its listeners: a change, a gap (everything to be fetched again), or its new state. */
export type LiveNotice = { kind: 'change'; event: LiveEvent } | { kind: 'refetch' } | { kind: 'status'; status: LiveStatus };

/**
 * The console's one stream as code outside the query cache sees it (a running export waits on it):
 * its state now, and its notices as they come.
 */
export class LiveHub {
  private current: LiveStatus = 'connecting';
  private readonly listeners = new Set<(notice: LiveNotice) => void>();

  get status(): LiveStatus {
    return this.current;
  }

  subscribe(listener: (notice: LiveNotice) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  emit(notice: LiveNotice): void {
    if (notice.kind === 'status') this.current = notice.status;
    for (const listener of [...this.listeners]) listener(notice);
  }
}
