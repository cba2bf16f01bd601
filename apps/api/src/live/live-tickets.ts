import { Inject, Injectable, Module } from '@nestjs/common';
import Redis from 'ioredis';
import { LIVE_LIMITS, type LiveTicketAnswer } from '@console/contracts';
import { TICKET_CHECK, type TicketCheck } from '../access/access.ports';
import type { Principal } from '../access/principal';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { randomToken } from '../common/crypto/secrets';
import { REDIS } from '../common/redis/redis.module';
import { liveTicketKey } from './live-change';
import { LiveSlots } from './live-slots';

/** A ticket as randomToken writes it (32 random bytes, base64url); anything else is not looked up. */
const TICKET_FORMAT = /^[A-Za-z0-9_-]{43}$/;

interface TicketHolder {
  userId: number;
  familyId: string;
}

/**
 * One-use tickets that open the live stream: issued to a signed-in session for LIVE_LIMITS.ticketTtlSeconds,
 * redeemed (read and deleted in one GETDEL) by the access guard when the stream is opened with one.
 */
@Injectable()
export class LiveTickets implements TicketCheck {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly slots: LiveSlots,
  ) {}

  async issue(principal: Principal): Promise<LiveTicketAnswer> {
    await this.slots.takeTicket(principal.userId);
    const ticket = randomToken();
    const holder: TicketHolder = { userId: principal.userId, familyId: principal.familyId };
    await this.redis.set(liveTicketKey(this.config.redisPrefix, ticket), JSON.stringify(holder), 'EX', LIVE_LIMITS.ticketTtlSeconds);
    return { ticket, expires_in: LIVE_LIMITS.ticketTtlSeconds };
  }

  async redeem(ticket: string): Promise<TicketHolder | null> {
    if (!TICKET_FORMAT.test(ticket)) return null;
    const stored = await this.redis.getdel(liveTicketKey(this.config.redisPrefix, ticket));
    if (!stored) return null;
    const holder: unknown = JSON.parse(stored);
    if (typeof holder !== 'object' || holder === null || !('userId' in holder) || !('familyId' in holder)) return null;
    return typeof holder.userId === 'number' && typeof holder.familyId === 'string' ? { userId: holder.userId, familyId: holder.familyId } : null;
  }
}

/** The tickets, and the access guard's ticket check (AccessModule.forRoot receives this module). */
@Module({
  providers: [LiveSlots, LiveTickets, { provide: TICKET_CHECK, useExisting: LiveTickets }],
  exports: [LiveSlots, LiveTickets, TICKET_CHECK],
})
export class LiveTicketsModule {}
