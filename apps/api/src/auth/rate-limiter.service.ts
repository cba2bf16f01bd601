import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { TooManyAttemptsError } from '../common/errors/api-errors';
import { REDIS } from '../common/redis/redis.module';

export interface FailureLimit {
  /** What is counted, e.g. `login:acct:ann@example.com`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/** Limits on guessing: 5 failures per account per 15 minutes, 20 per client address per minute. */
export const SIGN_IN_LIMITS = {
  perAccount: { max: 5, windowSeconds: 15 * 60 },
  perAddress: { max: 20, windowSeconds: 60 },
} as const;

/**
 * Failure counters in fixed windows, in Redis so that every API instance shares them. Losing them
 * (Redis restart) only resets the windows, which is acceptable for a rate limit.
 */
@Injectable()
export class RateLimiterService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Throws 429 when any limit is already used up. */
  async assertAllowed(limits: FailureLimit[]): Promise<void> {
    const counts = await this.redis.mget(...limits.map((l) => this.redisKey(l.key)));
    for (let i = 0; i < limits.length; i++) {
      if (Number(counts[i] ?? 0) >= limits[i].max) {
        const ttl = await this.redis.ttl(this.redisKey(limits[i].key));
        throw new TooManyAttemptsError(Math.max(ttl, 1));
      }
    }
  }

  async recordFailure(limits: FailureLimit[]): Promise<void> {
    const multi = this.redis.multi();
    for (const l of limits) {
      multi.incr(this.redisKey(l.key));
      multi.expire(this.redisKey(l.key), l.windowSeconds, 'NX');
    }
    await multi.exec();
  }

  async reset(keys: string[]): Promise<void> {
    if (keys.length) await this.redis.del(...keys.map((k) => this.redisKey(k)));
  }

  private redisKey(key: string): string {
    return `${this.config.redisPrefix}:ratelimit:${key}`;
  }
}

export function signInLimits(email: string, address: string): FailureLimit[] {
  return [
    { key: `login:acct:${email.trim().toLowerCase()}`, ...SIGN_IN_LIMITS.perAccount },
    { key: `login:addr:${address}`, ...SIGN_IN_LIMITS.perAddress },
  ];
}

export function totpLimits(userId: number, address: string): FailureLimit[] {
  return [
    { key: `totp:user:${userId}`, ...SIGN_IN_LIMITS.perAccount },
    { key: `totp:addr:${address}`, ...SIGN_IN_LIMITS.perAddress },
  ];
}
