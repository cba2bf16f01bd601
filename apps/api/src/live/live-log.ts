import type Redis from 'ioredis';
import { LIVE_LIMITS } from '@console/contracts';
import { decodeChange, type StoredChange } from '@console/contracts';
import { compareEventIds, isEventId } from './live-change';

type Entry = [id: string, fields: string[]];

/** Where a resuming stream starts: the changes it missed, or `missed` when some are gone from the stream. */
export type Replay = { changes: StoredChange[] } | 'missed';

const START = '0-0';

function decodeAll(entries: readonly Entry[]): StoredChange[] {
  return entries.map(([id, fields]) => decodeChange(id, fields)).filter((change): change is StoredChange => change !== null);
}

/** The reads of the changes' Redis stream (`key`): where it ends, a replay, and the blocking read of new entries. */
export class LiveLog {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
  ) {}

  /** The id of the newest entry ever added (0-0 for a stream never written or gone). */
  async lastId(): Promise<string> {
    return (await this.info())['last-generated-id'] ?? START;
  }

  /**
   * The changes after `after` up to `upTo` for a stream resuming from `after`, or `missed` when the
   * stream cannot say: the id is malformed or unknown here, its entry was trimmed away (so were the
   * ones after it, the stream drops its oldest first), or more changes than a replay carries followed.
   */
  async replay(after: string, upTo: string): Promise<Replay> {
    if (!isEventId(after)) return 'missed';
    const last = await this.lastId();
    const order = compareEventIds(after, last);
    if (order > 0) return 'missed';
    if (order < 0 && !(await this.holds(after))) return 'missed';
    if (compareEventIds(after, upTo) >= 0) return { changes: [] };
    const entries = await this.redis.xrange(this.key, `(${after}`, upTo, 'COUNT', LIVE_LIMITS.replayMax + 1);
    if (entries.length > LIVE_LIMITS.replayMax) return 'missed';
    return { changes: decodeAll(entries) };
  }

  /** Waits up to `blockMs` for entries after `cursor`; answers them (none when the wait ran out) and the new cursor. */
  async readAfter(cursor: string, blockMs: number, count: number): Promise<{ changes: StoredChange[]; cursor: string }> {
    const answer = await this.redis.xread('COUNT', count, 'BLOCK', blockMs, 'STREAMS', this.key, cursor);
    const entries = answer?.[0]?.[1] ?? [];
    return { changes: decodeAll(entries), cursor: entries.length ? entries[entries.length - 1][0] : cursor };
  }

  /** Whether entries after `id` were trimmed away (a reader that fell that far behind missed them). */
  async trimmedAfter(id: string): Promise<boolean> {
    return compareEventIds(await this.maxDeletedId(), id) > 0;
  }

  /** Whether the entry is still in the stream; 0-0 (a stream that was empty) holds while nothing was ever trimmed. */
  private async holds(id: string): Promise<boolean> {
    if (id === START) return (await this.maxDeletedId()) === START;
    return (await this.redis.xrange(this.key, id, id)).length > 0;
  }

  private async maxDeletedId(): Promise<string> {
    return (await this.info())['max-deleted-entry-id'] ?? START;
  }

  /** XINFO STREAM's plain fields; none for a stream that does not exist. */
  private async info(): Promise<Record<string, string>> {
    let raw: unknown;
    try {
      raw = await this.redis.xinfo('STREAM', this.key);
    } catch (error) {
      if (error instanceof Error && /no such key/i.test(error.message)) return {};
      throw error;
    }
    const fields: Record<string, string> = {};
    if (!Array.isArray(raw)) return fields;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const [name, value] = [raw[i], raw[i + 1]];
      if (typeof name === 'string' && typeof value === 'string') fields[name] = value;
    }
    return fields;
  }
}
