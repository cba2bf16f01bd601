import { Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { REDIS } from '../common/redis/redis.module';
import { CHANGE_FIELD, encodeChange, liveStreamKey, type LiveChange } from '@console/contracts';

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
    const key = liveStreamKey(this.config.redisPrefix);
    const pipeline = this.redis.pipeline();
    for (const change of changes) pipeline.xadd(key, 'MAXLEN', '~', this.config.liveStreamMaxLength, '*', CHANGE_FIELD, encodeChange(change));
    const what = changes.map((change) => `${change.action} ${change.resource}`).join(', ');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), this.config.enqueueTimeoutMs)));
    const sent = pipeline.exec().then(
      (results) => {
        const failed = results?.find(([error]) => error);
        if (failed?.[0]) this.logger.warn(`live change not published (${what}): ${failed[0].message}`);
        return 'sent' as const;
      },
      (error: Error) => {
        this.logger.warn(`live change not published (${what}): ${error.message}`);
        return 'failed' as const;
      },
    );
    const outcome = await Promise.race([sent, late]);
    clearTimeout(timer);
    if (outcome === 'late') this.logger.warn(`live change not published within ${this.config.enqueueTimeoutMs} ms (${what})`);
  }
}

/** The producers' side, in the API and the worker alike: `LiveEvents.publish` after a change commits. */
@Global()
@Module({ providers: [LiveEvents], exports: [LiveEvents] })
export class LiveEventsModule {}
