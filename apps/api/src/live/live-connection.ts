import { LIVE_CONTROL_EVENTS, LIVE_LIMITS, type LiveControlData, type LiveEvent, type Perm } from '@console/contracts';
import { compareEventIds } from './live-change';
import type { LiveAudience } from './live-visibility';

/** How long an ended stream may take to hand its last bytes to a slow client before its socket is cut. */
const END_GRACE_MS = 5_000;

/** The response a stream writes to, as the HTTP layer hands it over (sse-sink.ts). */
export interface LiveSink {
  /** False when the bytes had to wait in memory (the client reads slower than the stream writes). */
  write(chunk: string): boolean;
  /** Bytes written but not yet taken by the client's socket. */
  pendingBytes(): number;
  end(): void;
  destroy(): void;
  /** Called once, when the client went away or the response was ended or cut. */
  onClose(listener: () => void): void;
}

/** Who a stream belongs to: its session, user and group as last checked. */
export interface LiveSession extends LiveAudience {
  familyId: string;
  groupId: number | null;
}

function control(name: keyof typeof LIVE_CONTROL_EVENTS, data: LiveControlData | Record<string, never>, id?: string): string {
  return `event: ${LIVE_CONTROL_EVENTS[name]}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

/**
 * One open stream in SSE format. It never holds more than LIVE_LIMITS.pendingBytesMax for a client
 * that does not read: past that it sends nothing more, ends with a `refetch` and is cut if even that
 * does not leave within END_GRACE_MS.
 */
export class LiveConnection {
  /** The id of the newest change this stream has passed (sent or not for its audience): nothing older goes out. */
  position: string;
  /** The id the client last received, which its reconnect will resume from. */
  private sentId: string;
  private closed = false;
  private graceTimer: NodeJS.Timeout | undefined;
  private held: [changeId: string, event: LiveEvent | null][] | null = null;
  /** The newest change that did not fit while held. */
  private heldPast: string | null = null;

  constructor(
    public session: LiveSession,
    private readonly sink: LiveSink,
    start: string,
    private readonly onGone: (connection: LiveConnection) => void,
  ) {
    this.position = start;
    this.sentId = start;
    sink.onClose(() => this.gone());
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /**
   * A change as the stream's reader dispatches it: sent at once, or kept while the stream is still
   * replaying what it missed (`hold` … `release`), so the client gets every change once and in order.
   */
  pass(changeId: string, event: LiveEvent | null): void {
    if (!this.held) return this.send(changeId, event);
    if (this.held.length < LIVE_LIMITS.replayMax) this.held.push([changeId, event]);
    else this.heldPast = changeId;
  }

  hold(): void {
    this.held = [];
  }

  /** Sends what came in while the stream replayed; when too much did, the client refetches instead. */
  release(): void {
    const held = this.held ?? [];
    this.held = null;
    if (this.heldPast) {
      if (compareEventIds(this.heldPast, this.position) > 0) this.position = this.heldPast;
      this.heldPast = null;
      this.refetch('missed');
      return;
    }
    for (const [changeId, event] of held) this.send(changeId, event);
  }

  /** Sends one event of a change past `position` (null: this audience gets nothing of it). */
  send(changeId: string, event: LiveEvent | null): void {
    if (this.closed || compareEventIds(changeId, this.position) <= 0) return;
    this.position = changeId;
    if (!event) return;
    this.sentId = changeId;
    this.write(`id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`);
  }

  ready(): void {
    this.sentId = this.position;
    this.write(control('ready', {}, this.position));
  }

  /** Every piece of data is to be fetched again; the stream goes on from `position`. */
  refetch(reason: LiveControlData['reason']): void {
    this.sentId = this.position;
    this.write(control('refetch', { reason }, this.position));
  }

  /** The heartbeat; when changes for others moved this stream on, a `ready` moves the client's resume point too. */
  heartbeat(): void {
    if (compareEventIds(this.position, this.sentId) > 0) this.ready();
    else this.write(': heartbeat\n\n');
  }

  /** Ends the stream, with a last control event for the client when there is one. */
  close(last?: { name: 'refetch' | 'reconnect' | 'closed'; reason: LiveControlData['reason'] }): void {
    if (this.closed) return;
    this.closed = true;
    this.onGone(this);
    if (last) this.sink.write(control(last.name, { reason: last.reason }, this.position));
    this.sink.end();
    this.graceTimer = setTimeout(() => this.sink.destroy(), END_GRACE_MS);
    this.graceTimer.unref();
  }

  /** Whether the group this stream was opened under is still the user's, unchanged. */
  sameAccess(groupId: number | null, perms: readonly Perm[]): boolean {
    return this.session.groupId === groupId && JSON.stringify(this.session.perms) === JSON.stringify(perms);
  }

  private write(chunk: string): void {
    if (this.closed) return;
    if (!this.sink.write(chunk) && this.sink.pendingBytes() > LIVE_LIMITS.pendingBytesMax) this.close({ name: 'refetch', reason: 'overflow' });
  }

  private gone(): void {
    clearTimeout(this.graceTimer);
    if (this.closed) return;
    this.closed = true;
    this.onGone(this);
  }
}
