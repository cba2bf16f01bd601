import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { LIVE_LIMITS, LIVE_MESSAGES } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { TooManyRequestsDetail } from '../common/errors/api-errors';
import { REDIS } from '../common/redis/redis.module';

/** Whose stream a slot is: the session (token family) and its user. */
export interface SlotHolder {
  userId: number;
  familyId: string;
}

/** How long a holder's count outlives its last open stream's check (each check renews it). */
const COUNT_TTL_SECONDS = 24 * 60 * 60;
/** The window of LIVE_LIMITS.ticketsPerMinute. */
const TICKET_WINDOW_SECONDS = 60;
/** How long a closed stream's mark waits for the process that serves it to see it. */
const CLOSED_MARK_TTL_SECONDS = 60 * 60;

/**
 * Opens a slot atomically: the stream joins its session's and its user's sets (scored by one counter, so
 * "oldest" is the order of opening across processes), then the oldest past each cap leave both sets and
 * are marked closed. Answers the members that left. A member is "<familyId> <streamId>", so one taken
 * from the user's set can leave its own session's set as well.
 * KEYS: session set, user set, counter. ARGV: member, per session, per user, session set prefix, count
 * TTL, closed-mark prefix, closed-mark TTL.
 */
const CLAIM = `
local score = redis.call('INCR', KEYS[3])
redis.call('ZADD', KEYS[1], score, ARGV[1])
redis.call('ZADD', KEYS[2], score, ARGV[1])
local evicted = {}
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[2])
if over > 0 then
  for _, m in ipairs(redis.call('ZRANGE', KEYS[1], 0, over - 1)) do
    redis.call('ZREM', KEYS[1], m)
    redis.call('ZREM', KEYS[2], m)
    table.insert(evicted, m)
  end
end
over = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[3])
if over > 0 then
  for _, m in ipairs(redis.call('ZRANGE', KEYS[2], 0, over - 1)) do
    redis.call('ZREM', KEYS[2], m)
    local family = string.match(m, '^(%S+) ')
    if family then redis.call('ZREM', ARGV[4] .. family, m) end
    table.insert(evicted, m)
  end
end
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
for _, m in ipairs(evicted) do redis.call('SET', ARGV[6] .. m, '1', 'EX', ARGV[7]) end
return evicted
`;

/**
 * The live streams' caps, counted in Redis so they hold however many API processes serve one user:
 * LIVE_LIMITS.streamsPerSession and streamsPerUser open streams (a new one past either closes the
 * oldest), and LIVE_LIMITS.ticketsPerMinute tickets per user (a fixed window of one minute).
 */
@Injectable()
export class LiveSlots {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.redisPrefix}:live:streams`;
  }

  /** A new stream's member; unique across processes. */
  memberFor(holder: SlotHolder): string {
    return `${holder.familyId} ${randomBytes(12).toString('hex')}`;
  }

  /** Counts a new stream in; answers the members of the older streams it closes (on any process). */
  async claim(holder: SlotHolder, member: string): Promise<string[]> {
    const evicted = await this.redis.eval(
      CLAIM,
      3,
      this.sessionKey(holder.familyId),
      this.userKey(holder.userId),
      `${this.prefix}:order`,
      member,
      LIVE_LIMITS.streamsPerSession,
      LIVE_LIMITS.streamsPerUser,
      `${this.prefix}:session:`,
      COUNT_TTL_SECONDS,
      `${this.prefix}:closed:`,
      CLOSED_MARK_TTL_SECONDS,
    );
    return evicted as string[];
  }

  /** A stream that ended leaves the counts. */
  async release(holder: SlotHolder, member: string): Promise<void> {
    await this.redis.multi().zrem(this.sessionKey(holder.familyId), member).zrem(this.userKey(holder.userId), member).exec();
  }

  /**
   * Of the streams this process serves, those another process's claim closed; the counts of the rest are
   * renewed. A count lost with Redis closes nothing: only a mark does.
   */
  async closedAmong(open: readonly { holder: SlotHolder; member: string }[]): Promise<Set<string>> {
    if (!open.length) return new Set();
    const marks = await this.redis.mget(open.map(({ member }) => `${this.prefix}:closed:${member}`));
    const renew = this.redis.pipeline();
    for (const key of new Set(open.flatMap(({ holder }) => [this.sessionKey(holder.familyId), this.userKey(holder.userId)]))) renew.expire(key, COUNT_TTL_SECONDS);
    await renew.exec();
    return new Set(open.filter((_, i) => marks[i] !== null).map(({ member }) => member));
  }

  /**
   * Takes one of the user's tickets, or refuses with 429 when the minute that began with the first of
   * them has given out LIVE_LIMITS.ticketsPerMinute already.
   */
  async takeTicket(userId: number): Promise<void> {
    const key = `${this.prefix}:tickets:${userId}`;
    const answers = await this.redis.multi().set(key, 0, 'EX', TICKET_WINDOW_SECONDS, 'NX').incr(key).exec();
    const taken = Number(answers?.[1]?.[1]);
    if (taken > LIVE_LIMITS.ticketsPerMinute) throw new TooManyRequestsDetail(LIVE_MESSAGES.tooManyTickets);
  }

  private sessionKey(familyId: string): string {
    return `${this.prefix}:session:${familyId}`;
  }

  private userKey(userId: number): string {
    return `${this.prefix}:user:${userId}`;
  }
}
