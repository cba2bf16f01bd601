import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ALERT_LIMITS, API_TOKEN_LIMITS, SIGN_IN_LIMITS, TELEGRAM_CHAT_LIMITS } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { TooManyAttemptsError } from '../common/errors/api-errors';

/** Authenticator codes come after a right password, so the account's own counter stays tight. */
const TOTP_LIMITS = {
  perUser: { max: 5, windowSeconds: 15 * 60 },
  perAddress: SIGN_IN_LIMITS.perAddress,
} as const;

/** One counter of failed attempts. */
type LimitName = 'login:pair' | 'login:acct' | 'login:addr' | 'totp:user' | 'totp:addr' | 'password:user' | 'token:requests' | 'alert:secret' | 'alert:requests' | 'telegram:chat';

const LIMITS: Record<LimitName, { max: number; windowSeconds: number }> = {
  'login:pair': SIGN_IN_LIMITS.perAccountAndAddress,
  'login:acct': SIGN_IN_LIMITS.perAccount,
  'login:addr': SIGN_IN_LIMITS.perAddress,
  'totp:user': TOTP_LIMITS.perUser,
  'totp:addr': TOTP_LIMITS.perAddress,
  // The current password asked for by an account change: only the session's holder can try it.
  'password:user': TOTP_LIMITS.perUser,
  // Every request of a personal API token, not only failures: a script in a loop meets 429.
  'token:requests': API_TOKEN_LIMITS.requests,
  // A profile's wrong alert secrets: past the limit its alerts are refused (the per-profile lockout).
  'alert:secret': ALERT_LIMITS.wrongSecrets,
  // Every alert of a profile that got past its secret.
  'alert:requests': ALERT_LIMITS.requests,
  // Every message and button press of a Telegram chat, linked or not.
  'telegram:chat': { max: TELEGRAM_CHAT_LIMITS.commandsPerWindow, windowSeconds: TELEGRAM_CHAT_LIMITS.windowSeconds },
};

interface LimitedKey {
  limit: LimitName;
  /** Whom the limit counts, e.g. `ann@example.com` or a client address. */
  key: string;
}

/**
 * The library's own script (SET NX EX, INCRBY, PTTL), plus a guard for refunds (negative points): a
 * refund never creates a key nor takes a counter below zero, so a refund that arrives after its window
 * ended cannot give credit in the next window. Every limiter on the shared client must use this same
 * script, since the library defines it there as one named command.
 */
const INCR_TTL_WITH_GUARDED_REFUND = `
local points = tonumber(ARGV[1])
if points < 0 then
  local current = tonumber(redis.call('get', KEYS[1]) or '0')
  if current + points < 0 then return {current, redis.call('pttl', KEYS[1])} end
  return {redis.call('incrby', KEYS[1], points), redis.call('pttl', KEYS[1])}
end
redis.call('set', KEYS[1], 0, 'EX', ARGV[2], 'NX')
local consumed = redis.call('incrby', KEYS[1], points)
local ttl = redis.call('pttl', KEYS[1])
if ttl == -1 then
  redis.call('expire', KEYS[1], ARGV[2])
  ttl = 1000 * ARGV[2]
end
return {consumed, ttl}
`;

/**
 * Failure counters in fixed windows (rate-limiter-flexible on the app's Redis, so every API instance
 * shares them; losing them only resets the windows). An attempt takes its point before the credentials
 * are judged, in one atomic increment per counter, so parallel guesses can never all be judged: the
 * (max+1)-th concurrent request is refused before it reaches the password check. A success gives its
 * point back, so only failures stay counted.
 */
@Injectable()
export class RateLimiterService implements OnModuleDestroy {
  private readonly limiters: Record<LimitName, RateLimiterRedis>;
  /**
   * A connection of its own that fails at once while Redis is away (no offline queue), so sign-in never
   * waits on Redis: each counter then falls back to an in-memory one in this process (the library's
   * insurance limiter) with the same limits, until Redis answers again.
   */
  private readonly redis: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    this.redis.on('error', () => undefined); // reconnects by itself; each refused command is handled below
    const limiter = (name: LimitName) =>
      new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${config.redisPrefix}:ratelimit:${name}`,
        points: LIMITS[name].max,
        duration: LIMITS[name].windowSeconds,
        customIncrTtlLuaScript: INCR_TTL_WITH_GUARDED_REFUND,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points: LIMITS[name].max, duration: LIMITS[name].windowSeconds }),
      });
    this.limiters = Object.fromEntries((Object.keys(LIMITS) as LimitName[]).map((name) => [name, limiter(name)])) as Record<LimitName, RateLimiterRedis>;
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }

  /**
   * Takes one attempt from every counter, in order. When one is used up, the points already taken are
   * given back (a refused request is no failure) and 429 is thrown with the seconds until that window ends.
   */
  async take(keys: LimitedKey[], detail?: string): Promise<void> {
    for (let i = 0; i < keys.length; i++) {
      try {
        await this.limiters[keys[i].limit].consume(keys[i].key);
      } catch (rejection) {
        await this.refund(keys.slice(0, i));
        if (rejection instanceof RateLimiterRes) throw new TooManyAttemptsError(Math.max(Math.ceil(rejection.msBeforeNext / 1000), 1), detail);
        throw rejection;
      }
    }
  }

  /** Gives back the point an attempt took (it succeeded, or it was never judged). */
  async refund(keys: LimitedKey[]): Promise<void> {
    await Promise.all(keys.map((k) => this.limiters[k.limit].reward(k.key)));
  }

  /** Counts an attempt without ever refusing it: the account's failures decide the proof asked, not a 429. */
  async note(keys: LimitedKey[]): Promise<void> {
    await Promise.all(keys.map((k) => this.limiters[k.limit].penalty(k.key)));
  }

  /** The attempts counted so far in the key's window. */
  async count(key: LimitedKey): Promise<number> {
    return (await this.limiters[key.limit].get(key.key))?.consumedPoints ?? 0;
  }

  /** Forgets the counters, e.g. an account's code failures once a code was right. */
  async reset(keys: LimitedKey[]): Promise<void> {
    await Promise.all(keys.map((k) => this.limiters[k.limit].delete(k.key)));
  }
}

/**
 * A password attempt's counters: `refusing` (per account and address, per address) answer 429 when used
 * up; `account` only counts, and past its threshold the sign-in asks for the harder bot-check instead.
 */
export function signInLimits(email: string, address: string): { refusing: LimitedKey[]; account: LimitedKey } {
  const account = email.trim().toLowerCase();
  return {
    refusing: [
      { limit: 'login:pair', key: `${account}|${address}` },
      { limit: 'login:addr', key: address },
    ],
    account: { limit: 'login:acct', key: account },
  };
}

export function totpLimits(userId: number, address: string): LimitedKey[] {
  return [
    { limit: 'totp:user', key: String(userId) },
    { limit: 'totp:addr', key: address },
  ];
}

export function passwordCheckLimits(userId: number, address: string): LimitedKey[] {
  return [
    { limit: 'password:user', key: String(userId) },
    { limit: 'login:addr', key: address },
  ];
}

/** The requests of one personal API token. */
export function apiTokenLimits(tokenId: number): LimitedKey[] {
  return [{ limit: 'token:requests', key: String(tokenId) }];
}

/** The wrong secrets sent for one profile's alerts. */
export function alertSecretLimits(profileId: number): LimitedKey[] {
  return [{ limit: 'alert:secret', key: String(profileId) }];
}

/** The alerts of one profile. */
export function alertRequestLimits(profileId: number): LimitedKey[] {
  return [{ limit: 'alert:requests', key: String(profileId) }];
}
