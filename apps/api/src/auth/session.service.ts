import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createSecretKey, KeyObject, randomUUID } from 'node:crypto';
import * as jwt from 'jsonwebtoken';
import { DataSource, EntityManager } from 'typeorm';
import { completePerms, INPUT_LIMITS, parseWholeNumber, RefreshAnswer, TokenPair } from '@console/contracts';
import type { SessionCheck, SessionStanding } from '../access/access.ports';
import type { Principal } from '../access/principal';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { randomToken, sha256 } from '../common/crypto/secrets';
import { TokenNotValidError } from '../common/errors/api-errors';
import { AuditService } from '../logs/audit.service';
import { RevokeReason, SessionsRepository, type SignInClient } from './sessions.repository';

/** A family started outside a request (tests, tools): no address nor browser to show. */
const NO_CLIENT: SignInClient = { ip: '', userAgent: '' };

interface AccessClaims {
  sub: string;
  fam: string;
  sf: boolean;
  typ: 'access';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The claims of a verified access token, or null when they are not what `issue` writes. A token can
 * carry the right signature and still malformed claims (a leaked key, an older format): those are an
 * invalid token (401), never a value for the database to choke on.
 */
function accessClaimsOf(payload: unknown): (AccessClaims & { userId: number }) | null {
  if (payload === null || typeof payload !== 'object') return null;
  const { sub, fam, sf, typ } = payload as Record<string, unknown>;
  if (typ !== 'access' || typeof sub !== 'string' || typeof fam !== 'string' || !UUID.test(fam)) return null;
  const userId = parseWholeNumber(sub, INPUT_LIMITS.idMax);
  if (userId === null || String(userId) !== sub) return null;
  return { sub, fam, sf: sf === true, typ, userId };
}

/**
 * Sessions as token families. Access tokens are short-lived JWTs naming their family; refresh tokens
 * are opaque, single-use, stored as hashes and rotated on every refresh. Presenting a spent refresh
 * token revokes the whole family. Every request re-reads the family and the user, so a logout,
 * revocation, deactivation or group change applies on the next request.
 */
@Injectable()
export class SessionService implements SessionCheck {
  /**
   * The HS256 key, made once: given the secret as a string, jsonwebtoken builds a key object from it on
   * every sign and verify (first trying it as a public key), which cost a seventh of each request.
   */
  private readonly signingKey: KeyObject;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionsRepository,
    private readonly audit: AuditService,
  ) {
    this.signingKey = createSecretKey(Buffer.from(config.jwtSecret));
  }

  /**
   * A family and its first refresh token, committed together: the worker's purge deletes families
   * without a token, and would take one caught between its two inserts (a session lost at birth).
   */
  async startFamily(userId: number, secondFactorPassed: boolean, manager?: EntityManager, client: SignInClient = NO_CLIENT): Promise<TokenPair> {
    if (!manager) return this.dataSource.transaction((m) => this.startFamily(userId, secondFactorPassed, m, client));
    const familyId = randomUUID();
    await this.sessions.addFamily(manager, { id: familyId, userId, secondFactorPassed, client });
    return this.issue(manager, userId, familyId, secondFactorPassed);
  }

  /** Exchanges a refresh token for a new pair; a spent one revokes its family. */
  async rotate(refreshToken: string): Promise<RefreshAnswer> {
    const hash = sha256(refreshToken);
    const answer = await this.dataSource.transaction(async (manager): Promise<RefreshAnswer | 'unclaimed' | 'invalid'> => {
      const claimed = await this.sessions.spendRefreshToken(manager, hash);
      if (!claimed) return 'unclaimed';
      const { family_id: familyId, expires_at: expiresAt } = claimed;
      if (expiresAt.getTime() <= Date.now()) return 'invalid';
      const family = await this.sessions.liveFamily(manager, familyId);
      if (!family) return 'invalid';
      const pair = await this.issue(manager, family.user_id, familyId, family.second_factor_passed);
      return { ...pair, is_sec_factor_passed: family.second_factor_passed };
    });
    if (typeof answer === 'object') return answer;
    if (answer === 'unclaimed') {
      // Either unknown, or already spent: a spent token in someone's hands means the family is compromised.
      const spent = await this.sessions.familyOfToken(this.dataSource, hash);
      if (spent) await this.revokeFamilyWith(this.dataSource.manager, spent.family_id, 'reuse');
    }
    throw new TokenNotValidError();
  }

  /** Revokes the family of a refresh token (used or not); returns its user, or null for an unknown token. */
  async revokeByRefreshToken(refreshToken: string, reason: RevokeReason): Promise<{ userId: number; familyId: string } | null> {
    const family = await this.sessions.familyOfToken(this.dataSource, sha256(refreshToken));
    if (!family) return null;
    await this.revokeFamilyWith(this.dataSource.manager, family.family_id, reason);
    return { userId: family.user_id, familyId: family.family_id };
  }

  async revokeFamily(familyId: string, reason: RevokeReason, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await this.revokeFamilyWith(manager, familyId, reason);
  }

  async resolveAccessToken(token: string, ip: string, userAgent: string): Promise<Principal> {
    let payload: unknown;
    try {
      payload = jwt.verify(token, this.signingKey, { algorithms: ['HS256'] });
    } catch {
      throw new TokenNotValidError();
    }
    const claims = accessClaimsOf(payload);
    if (!claims) throw new TokenNotValidError();
    return this.resolveSession(claims.fam, claims.userId, ip, userAgent);
  }

  async resolveSession(familyId: string, userId: number, ip: string, userAgent: string): Promise<Principal> {
    const row = await this.sessions.sessionOf(this.dataSource, familyId, userId);
    if (!row) throw new TokenNotValidError();
    if (row.activity_stale) await this.sessions.touch(this.dataSource, familyId);
    return {
      userId: row.id,
      email: row.email,
      familyId,
      secondFactorPassed: row.second_factor_passed,
      groupId: row.group_id,
      groupName: row.group_name,
      perms: completePerms({ perms: row.perms ?? [] }),
      ip,
      userAgent,
    };
  }

  async standingOf(familyIds: readonly string[]): Promise<SessionStanding[]> {
    const rows = await this.sessions.sessionsOf(this.dataSource, familyIds);
    return rows.map((row) => ({ familyId: row.family_id, userId: row.user_id, groupId: row.group_id, perms: completePerms({ perms: row.perms ?? [] }) }));
  }

  private async issue(manager: EntityManager, userId: number, familyId: string, secondFactorPassed: boolean): Promise<TokenPair> {
    const refresh = randomToken();
    await this.sessions.addRefreshToken(manager, sha256(refresh), familyId, this.config.refreshTokenTtlSeconds);
    const claims: AccessClaims = { sub: String(userId), fam: familyId, sf: secondFactorPassed, typ: 'access' };
    const access = jwt.sign(claims, this.signingKey, { algorithm: 'HS256', expiresIn: this.config.accessTokenTtlSeconds, jwtid: randomUUID() });
    return { refresh, access };
  }

  private async revokeFamilyWith(manager: EntityManager, familyId: string, reason: RevokeReason): Promise<void> {
    const userId = await this.sessions.revokeFamily(manager, familyId, reason);
    if (userId !== undefined && reason === 'reuse') {
      await this.audit.write({ type: 'user', event_type: 'refresh_token_reuse', user_id: userId, log_data: { family_id: familyId } }, manager);
    }
  }
}
