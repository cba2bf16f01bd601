import { Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { REDIS } from '../common/redis/redis.module';
import { appendLiveChanges, liveStreamKey, type LiveChange } from '@console/contracts';

/**
 * How producers (API and worker alike) tell open consoles about a change: after their transaction has
 * committed, `publish` appends it to one Redis stream, trimmed to about LIVE_STREAM_MAX_LENGTH entries;
 * every API process reads that stream and serves its own open streams. It never fails the caller and
 * waits at most ENQUEUE_TIMEOUT_MS: the change itself is already in PostgreSQL, and a console that
 * misses it sees it on its next fetch.
 */
@Injectable()
export class LiveEvents {
  private readonly logger = new Logger('LiveEvents');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async publish(...changes: LiveChange[]): Promise<void> {
    if (!changes.length) return;
    const what = changes.map((change) => `${change.action} ${change.resource}`).join(', ');
    const { outcome, error } = await appendLiveChanges(this.redis, liveStreamKey(this.config.redisPrefix), this.config.liveStreamMaxLength, changes, this.config.enqueueTimeoutMs);
    if (outcome === 'failed') this.logger.warn(`live change not published (${what}): ${error?.message ?? 'Redis refused it'}`);
    if (outcome === 'late') this.logger.warn(`live change not published within ${this.config.enqueueTimeoutMs} ms (${what})`);
  }
}

/** The producers' side, in the API and the worker alike: `LiveEvents.publish` after a change commits. */
@Global()
@Module({ providers: [LiveEvents], exports: [LiveEvents] })
export class LiveEventsModule {}
