import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  API_TOKEN_FORBIDDEN_SECTIONS, API_TOKEN_LIMITS, API_TOKEN_MESSAGES, API_TOKEN_PREFIX, apiTokenLevelsWithin, apiTokenPerms, completePerms, defaultApiTokenPerms,
  permOf, SECTION_DISPLAY_NAMES, type ApiToken, type ApiTokenList, type ApiTokenPerm, type CreatedApiToken,
} from '@console/contracts';
import type { ApiTokenCheck } from '../access/access.ports';
import type { Principal } from '../access/principal';
import { apiTokenLimits, RateLimiterService } from '../auth/rate-limiter.service';
import { randomToken, sha256 } from '../common/crypto/secrets';
import { FieldValidationError, NotFoundDetail, TokenNotValidError } from '../common/errors/api-errors';
import { AuditService } from '../logs/audit.service';
import { ApiTokensRepository, type ApiTokenRow } from './api-tokens.repository';
import type { CreateApiTokenDto } from './api-tokens.dto';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Personal API tokens: made, listed and revoked by a signed-in session; resolved on every request that
 * presents one, to the lower of the token's levels and its user's group's as they are at that request.
 */
@Injectable()
export class ApiTokensService implements ApiTokenCheck {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tokens: ApiTokensRepository,
    private readonly limiter: RateLimiterService,
    private readonly audit: AuditService,
  ) {}

  async list(principal: Principal): Promise<ApiTokenList> {
    return { results: (await this.tokens.listOf(this.dataSource, principal.userId)).map(answerOf) };
  }

  async create(principal: Principal, input: CreateApiTokenDto): Promise<CreatedApiToken> {
    const expiresAt = validExpiry(input.expires_at);
    const perms = input.perms === undefined ? defaultApiTokenPerms(principal) : validPerms(principal, input.perms);
    // The secret is 32 random bytes: hashing it once with SHA-256 is enough (docs/decisions/api-tokens.md).
    const token = API_TOKEN_PREFIX + randomToken(API_TOKEN_LIMITS.secretBytes);
    const row = await this.dataSource.transaction(async (m) => {
      if ((await this.tokens.countLiveLocked(m, principal.userId)) >= API_TOKEN_LIMITS.perUser) throw FieldValidationError.of('name', API_TOKEN_MESSAGES.tooMany);
      const created = await this.tokens.insert(m, { userId: principal.userId, name: input.name, prefix: token.slice(0, API_TOKEN_LIMITS.shownChars), hash: sha256(token), perms, expiresAt });
      await this.audit.write({ type: 'user', event_type: 'api_token_created', user_id: principal.userId, log_data: { name: created.name, prefix: created.prefix, expires_at: created.expires_at.toISOString(), perms } }, m);
      return created;
    });
    return { ...answerOf(row), token };
  }

  async revoke(principal: Principal, id: number): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const revoked = await this.tokens.revoke(m, principal.userId, id);
      if (!revoked) throw new NotFoundDetail();
      await this.audit.write({ type: 'user', event_type: 'api_token_revoked', user_id: principal.userId, log_data: { name: revoked.name, prefix: revoked.prefix } }, m);
    });
  }

  /** The guard's check: a live token of an active user, within its rate limit; anything else is the 401 (or 429). */
  async resolveApiToken(token: string, ip: string, userAgent: string): Promise<Principal> {
    const row = await this.tokens.holderOf(this.dataSource, sha256(token));
    if (!row) throw new TokenNotValidError();
    await this.limiter.take(apiTokenLimits(row.token_id), API_TOKEN_MESSAGES.tooManyRequests);
    if (row.use_stale) await this.tokens.touch(this.dataSource, row.token_id);
    const { perms, readOnlySections } = apiTokenPerms({ perms: completePerms({ perms: row.group_perms ?? [] }) }, row.token_perms);
    return {
      userId: row.user_id,
      email: row.email,
      // A token belongs to no session: routes that need one (sessions, stream tickets) refuse tokens.
      familyId: '',
      secondFactorPassed: true,
      groupId: row.group_id,
      groupName: row.group_name,
      perms,
      ip,
      userAgent,
      apiToken: { id: row.token_id, name: row.token_name, readOnlySections },
    };
  }
}

function answerOf(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    perms: row.perms,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    expires_at: row.expires_at.toISOString(),
  };
}

function validExpiry(value: string): Date {
  const expiresAt = new Date(value);
  const now = Date.now();
  if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now) throw FieldValidationError.of('expires_at', API_TOKEN_MESSAGES.expiryInvalid);
  if (expiresAt.getTime() > now + API_TOKEN_LIMITS.maxExpiryDays * DAY_MS) throw FieldValidationError.of('expires_at', API_TOKEN_MESSAGES.expiryTooFar);
  return expiresAt;
}

/** Each section once, each level within what the user's group gives there (apiTokenLevelsWithin); NP entries are dropped. */
function validPerms(principal: Principal, perms: readonly ApiTokenPerm[]): ApiTokenPerm[] {
  const seen = new Set<string>();
  for (const { section_name, status } of perms) {
    if (seen.has(section_name)) throw FieldValidationError.of('perms', API_TOKEN_MESSAGES.sectionListedTwice);
    seen.add(section_name);
    if (status === 'NP') continue;
    const name = SECTION_DISPLAY_NAMES[section_name];
    if (API_TOKEN_FORBIDDEN_SECTIONS.includes(section_name)) throw FieldValidationError.of('perms', API_TOKEN_MESSAGES.forbiddenSection(name));
    const group = permOf(principal, section_name).status;
    if (!apiTokenLevelsWithin(section_name, group).includes(status)) throw FieldValidationError.of('perms', API_TOKEN_MESSAGES.levelAboveGroup(name, status, group));
  }
  return perms.filter((p) => p.status !== 'NP').map(({ section_name, status }) => ({ section_name, status }));
}
