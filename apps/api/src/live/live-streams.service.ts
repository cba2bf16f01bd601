import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIVE_LIMITS } from '@console/contracts';
import { SESSION_CHECK, type SessionCheck } from '../access/access.ports';
import type { Principal } from '../access/principal';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { REDIS } from '../common/redis/redis.module';
import { liveStreamKey, type StoredChange } from '@console/contracts';
import { isEventId } from './live-change';
import { LiveConnection, type LiveSink } from './live-connection';
import { LiveLog } from './live-log';
import { LiveSlots } from './live-slots';
import { eventFor, LiveVisibility } from './live-visibility';
import { liveStreamSources } from '../metrics/metrics';

/** The reader's wait for new entries before it asks again (it is woken at once by an entry). */
const READ_BLOCK_MS = 5_000;
const READ_COUNT = 500;
/** The pause before the reader tries again after Redis or PostgreSQL failed it. */
const RETRY_MS = 1_000;
/** A batch is dispatched under access checked at most this long ago; older, the sessions are checked first. */
const ACCESS_FRESH_MS = 1_000;

/**
 * The open live streams of this API process. One reader per process follows the changes' Redis stream
 * (XREAD BLOCK on a connection of its own) and hands each batch to the local streams, each filtered
 * for its user (live-visibility.ts). Every LIVE_ACCESS_CHECK_MS, and before a batch when the last check
 * is older than a second, one statement checks every stream's session: a revoked session or a
 * deactivated user ends its stream, a changed group ends it with a `refetch`.
 */
@Injectable()
export class LiveStreams implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LiveStreams');
  private readonly connections = new Set<LiveConnection>();
  /** Each open stream's member in the Redis counts of its session and user (live-slots.ts). */
  private readonly members = new Map<LiveConnection, string>();
  private readonly log: LiveLog;
  private readonly reader: Redis;
  private readonly readerLog: LiveLog;
  /** The newest change the reader has taken from Redis. */
  private cursor = '0-0';
  private started!: Promise<void>;
  private stopped = false;
  private following: Promise<void> | null = null;
  private timers: NodeJS.Timeout[] = [];
  private checkedAt = 0;
  private checking: Promise<void> | null = null;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SESSION_CHECK) private readonly sessions: SessionCheck,
    private readonly visibility: LiveVisibility,
    private readonly slots: LiveSlots,
  ) {
    const key = liveStreamKey(config.redisPrefix);
    this.log = new LiveLog(redis, key);
    // XREAD BLOCK holds its connection: the shared one stays free for everything else.
    this.reader = redis.duplicate();
    this.reader.on('error', () => undefined); // the reader's loop logs what failed
    this.readerLog = new LiveLog(this.reader, key);
  }

  /** How many streams this process serves. */
  get size(): number {
    return this.connections.size;
  }

  onApplicationBootstrap(): void {
    liveStreamSources.add(this);
    let begin!: () => void;
    this.started = new Promise<void>((resolve) => (begin = resolve));
    this.following = this.follow(begin);
    this.every(LIVE_LIMITS.heartbeatMs, () => this.connections.forEach((connection) => connection.heartbeat()));
    this.every(this.config.liveAccessCheckMs, () => this.checkAccess());
  }

  async onModuleDestroy(): Promise<void> {
    liveStreamSources.delete(this);
    this.stopped = true;
    this.timers.forEach(clearInterval);
    for (const connection of [...this.connections]) connection.close({ name: 'reconnect', reason: 'shutdown' });
    this.reader.disconnect();
    await this.following;
  }

  /**
   * Serves one stream until it ends. Without `lastEventId` it starts with the changes from now on; with
   * one it first replays what came after it, or sends `refetch` when the stream cannot say (trimmed,
   * unknown, too far behind). Changes that arrive meanwhile wait and follow in order.
   */
  async open(principal: Principal, lastEventId: string | null, sink: LiveSink): Promise<void> {
    await this.started;
    const session = { userId: principal.userId, familyId: principal.familyId, groupId: principal.groupId, perms: principal.perms };
    const upTo = this.cursor;
    const resumeFrom = lastEventId !== null && isEventId(lastEventId) ? lastEventId : null;
    const connection = new LiveConnection(session, sink, resumeFrom ?? upTo, (gone) => this.gone(gone));
    if (this.stopped) return connection.close({ name: 'reconnect', reason: 'shutdown' });
    this.connections.add(connection);
    // Changes that arrive while the stream is counted (and replays) wait, and follow its `ready` in order.
    connection.hold();
    await this.claimSlot(connection);
    if (!connection.isOpen) return;
    if (lastEventId === null) {
      connection.ready();
      return connection.release();
    }

    try {
      const replay = resumeFrom ? await this.log.replay(resumeFrom, upTo) : 'missed';
      if (replay === 'missed') {
        connection.position = upTo;
        connection.refetch('missed');
      } else {
        const scoped = await this.visibility.scopedIds(replay.changes, [session]);
        for (const change of replay.changes) connection.send(change.id, eventFor(change, session, scoped));
      }
    } catch (error) {
      this.logger.warn(`a live stream could not replay from ${lastEventId}: ${(error as Error).message}`);
      connection.position = upTo;
      connection.refetch('missed');
    }
    connection.ready();
    connection.release();
  }

  /**
   * Counts the stream in (Redis, across processes) and closes, with `closed`, the older streams of its
   * session or user past LIVE_LIMITS.streamsPerSession / streamsPerUser: here at once, on another
   * process at its next access check (closeSuperseded). Redis failing here opens the stream uncounted.
   */
  private async claimSlot(connection: LiveConnection): Promise<void> {
    const member = this.slots.memberFor(connection.session);
    this.members.set(connection, member);
    try {
      const evicted = new Set(await this.slots.claim(connection.session, member));
      for (const other of [...this.connections]) if (evicted.has(this.members.get(other) ?? '')) other.close({ name: 'closed', reason: 'superseded' });
      if (!connection.isOpen) await this.slots.release(connection.session, member);
    } catch (error) {
      this.logger.warn(`a live stream could not be counted: ${(error as Error).message}`);
    }
  }

  private gone(connection: LiveConnection): void {
    this.connections.delete(connection);
    const member = this.members.get(connection);
    this.members.delete(connection);
    if (member) void this.slots.release(connection.session, member).catch((error: Error) => this.logger.warn(`a live stream could not be uncounted: ${error.message}`));
  }

  /** Closes the streams of this process that a newer stream opened on another process has superseded. */
  private async closeSuperseded(open: readonly LiveConnection[]): Promise<void> {
    const counted = open.flatMap((connection) => {
      const member = this.members.get(connection);
      return member ? [{ holder: connection.session, member, connection }] : [];
    });
    const closed = await this.slots.closedAmong(counted);
    for (const { member, connection } of counted) if (closed.has(member)) connection.close({ name: 'closed', reason: 'superseded' });
  }

  private every(ms: number, run: () => unknown): void {
    const timer = setInterval(() => void Promise.resolve(run()).catch((error: Error) => this.logger.warn(error.message)), ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** The reader: from the stream's end at start, each batch of new changes to the local streams. */
  private async follow(begin: () => void): Promise<void> {
    let positioned = false;
    let failed = false;
    while (!this.stopped) {
      try {
        if (!positioned) {
          this.cursor = await this.readerLog.lastId();
          positioned = true;
          begin();
        }
        const read = await this.readerLog.readAfter(this.cursor, READ_BLOCK_MS, READ_COUNT);
        // Changes published while Redis or PostgreSQL failed this reader, or trimmed before it read them, are lost to its streams.
        const lost = failed || (read.changes.length > 0 && this.connections.size > 0 && (await this.readerLog.trimmedAfter(this.cursor)));
        if (lost) this.connections.forEach((connection) => connection.refetch('missed'));
        failed = false;
        this.cursor = read.cursor;
        if (read.changes.length) await this.dispatch(read.changes);
      } catch (error) {
        if (this.stopped) break;
        if (!failed) this.logger.warn(`live stream reader: ${(error as Error).message}; retrying`);
        failed = true;
        await sleep(RETRY_MS);
      }
    }
  }

  private async dispatch(changes: StoredChange[]): Promise<void> {
    if (!this.connections.size) return;
    if (performance.now() - this.checkedAt > ACCESS_FRESH_MS) await this.checkAccess();
    const open = [...this.connections];
    const scoped = await this.visibility.scopedIds(changes, open.map((connection) => connection.session));
    for (const connection of open) {
      for (const change of changes) connection.pass(change.id, eventFor(change, connection.session, scoped));
    }
  }

  /** One look-up of every open stream's session: ended ones close, changed groups close with a `refetch`. */
  private checkAccess(): Promise<void> {
    this.checking ??= (async () => {
      const open = [...this.connections];
      if (!open.length) return;
      const standings = await this.sessions.standingOf([...new Set(open.map((connection) => connection.session.familyId))]);
      const byFamily = new Map(standings.map((standing) => [standing.familyId, standing]));
      this.checkedAt = performance.now();
      for (const connection of open) {
        const standing = byFamily.get(connection.session.familyId);
        if (!standing) connection.close();
        else if (!connection.sameAccess(standing.groupId, standing.perms)) connection.close({ name: 'refetch', reason: 'access' });
      }
      await this.closeSuperseded(open.filter((connection) => connection.isOpen)).catch((error: Error) => this.logger.warn(`live stream counts: ${error.message}`));
    })().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }
}
