import { Injectable } from '@nestjs/common';
import { type Perm, SESSION_LIMITS } from '@console/contracts';
import { affectedRows, type Db, firstRow, queryRows } from '../common/database/sql';

export type RevokeReason = 'logout' | 'reuse' | 'password_changed' | 'deactivated' | 'second_factor' | 'admin_reset' | 'ended_by_user' | 'ended_by_admin';

/** The longest client address kept (an IPv6 address with a zone fits). */
const ADDRESS_MAX = 64;

/** What the session check reads for each request: the live family, its active user and the group. */
export interface SessionRow {
  id: number;
  email: string;
  group_id: number | null;
  group_name: string | null;
  perms: Perm[] | null;
  second_factor_passed: boolean;
  /** The family's last activity is older than the interval at which it is written again. */
  activity_stale: boolean;
}

/** Where and how a family signed in. */
export interface SignInClient {
  ip: string;
  userAgent: string;
}

/** A live, verified family as the sessions list reads it (user_agent parsed by the caller). */
export interface LiveSessionRow {
  id: string;
  address: string;
  user_agent: string;
  signed_in_at: Date;
  last_active_at: Date;
}

/** The rows of live sessions: a family not revoked whose user is active, with the user's group. */
const LIVE_SESSIONS = `token_families f
         JOIN users u ON u.id = f.user_id
         LEFT JOIN groups g ON g.id = u.group_id
        WHERE f.revoked_at IS NULL AND u.is_active`;

/**
 * `token_families` (a sign-in and every token refreshed from it) and `refresh_tokens` (opaque,
 * single-use, stored as hashes). A family is live until revoked; its user must still be active.
 */
@Injectable()
export class SessionsRepository {
  async addFamily(db: Db, family: { id: string; userId: number; secondFactorPassed: boolean; client: SignInClient }): Promise<void> {
    await db.query(`INSERT INTO token_families (id, user_id, second_factor_passed, address, user_agent) VALUES ($1, $2, $3, $4, $5)`, [
      family.id,
      family.userId,
      family.secondFactorPassed,
      family.client.ip.slice(0, ADDRESS_MAX),
      family.client.userAgent.slice(0, SESSION_LIMITS.userAgentMax),
    ]);
  }

  async addRefreshToken(db: Db, tokenHash: string, familyId: string, ttlSeconds: number): Promise<void> {
    await db.query(`INSERT INTO refresh_tokens (token_hash, family_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [tokenHash, familyId, ttlSeconds]);
  }

  /** Spends an unused refresh token; undefined when it is unknown or spent already. */
  async spendRefreshToken(db: Db, tokenHash: string): Promise<{ family_id: string; expires_at: Date } | undefined> {
    return firstRow(db, `UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING family_id, expires_at`, [tokenHash]);
  }

  /** The family if it is live and its user active. */
  async liveFamily(db: Db, familyId: string): Promise<{ user_id: number; second_factor_passed: boolean } | undefined> {
    return firstRow(
      db,
      `SELECT f.user_id, f.second_factor_passed FROM token_families f JOIN users u ON u.id = f.user_id WHERE f.id = $1 AND f.revoked_at IS NULL AND u.is_active`,
      [familyId],
    );
  }

  /** The family (and its user) a refresh token belongs to, spent or not. */
  async familyOfToken(db: Db, tokenHash: string): Promise<{ family_id: string; user_id: number } | undefined> {
    return firstRow(db, `SELECT r.family_id, f.user_id FROM refresh_tokens r JOIN token_families f ON f.id = r.family_id WHERE r.token_hash = $1`, [tokenHash]);
  }

  /**
   * The session check, in one round trip: the access token's family must be live and its user active;
   * the user's group and perms come with it, so a logout, a password change, a deactivation or a group
   * change applies on the next request.
   */
  async sessionOf(db: Db, familyId: string, userId: number): Promise<SessionRow | undefined> {
    return firstRow(
      db,
      `SELECT u.id, u.email, u.group_id, g.name AS group_name, g.perms, f.second_factor_passed,
              f.last_active_at < now() - make_interval(secs => ${SESSION_LIMITS.lastActiveEverySeconds}) AS activity_stale
         FROM ${LIVE_SESSIONS} AND f.id = $1 AND u.id = $2`,
      [familyId, userId],
    );
  }

  /** `sessionOf` for many families at once (the live streams' periodic check): the live ones among them. */
  async sessionsOf(db: Db, familyIds: readonly string[]): Promise<{ family_id: string; user_id: number; group_id: number | null; perms: Perm[] | null }[]> {
    if (!familyIds.length) return [];
    return queryRows(db, `SELECT f.id::text AS family_id, u.id AS user_id, u.group_id, g.perms FROM ${LIVE_SESSIONS} AND f.id = ANY($1::uuid[])`, [familyIds]);
  }

  /**
   * Marks the family active now, unless another request of it did so within the interval: called only
   * when the session check saw the mark stale, so a session writes at most once a minute.
   */
  async touch(db: Db, familyId: string): Promise<void> {
    await db.query(
      `UPDATE token_families SET last_active_at = now() WHERE id = $1 AND last_active_at < now() - make_interval(secs => ${SESSION_LIMITS.lastActiveEverySeconds})`,
      [familyId],
    );
  }

  /**
   * A user's live sessions in one statement: verified families not revoked whose refresh token is still
   * unspent and unexpired (a family past its refresh lifetime can no longer go on). Undefined when the
   * user does not exist; a LEFT JOIN answers the user even without sessions.
   */
  async liveSessionsOf(db: Db, userId: number): Promise<LiveSessionRow[] | undefined> {
    const rows = await queryRows<{ user_id: number } & { [K in keyof LiveSessionRow]: LiveSessionRow[K] | null }>(
      db,
      `SELECT u.id AS user_id, f.id, f.address, f.user_agent, f.created_at AS signed_in_at, f.last_active_at
         FROM users u
         LEFT JOIN token_families f
           ON f.user_id = u.id AND f.revoked_at IS NULL AND f.second_factor_passed
          AND EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = f.id AND r.used_at IS NULL AND r.expires_at > now())
        WHERE u.id = $1
        ORDER BY f.last_active_at DESC NULLS LAST, f.created_at DESC`,
      [userId],
    );
    if (!rows.length) return undefined;
    return rows.filter((row): row is typeof row & LiveSessionRow => row.id !== null);
  }

  /** Revokes one live family of the user; false when it is not theirs, unknown or ended already. */
  async revokeUserFamily(db: Db, userId: number, familyId: string, reason: RevokeReason): Promise<boolean> {
    const ended = await affectedRows(db, `UPDATE token_families SET revoked_at = now(), revoked_reason = $3 WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`, [
      familyId,
      userId,
      reason,
    ]);
    return ended > 0;
  }

  /** Revokes a live family; answers its user, or undefined when it was revoked already. */
  async revokeFamily(db: Db, familyId: string, reason: RevokeReason): Promise<number | undefined> {
    const row = await firstRow<{ user_id: number }>(db, `UPDATE token_families SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING user_id`, [
      familyId,
      reason,
    ]);
    return row?.user_id;
  }

  /**
   * Ends every session of a user, but one (the caller's own, when it changed its password). Every caller
   * (deactivation, password change, the CLI's admin reset) goes through here.
   */
  async revokeUserSessions(db: Db, userId: number, reason: RevokeReason, exceptFamilyId?: string): Promise<number> {
    return affectedRows(
      db,
      `UPDATE token_families SET revoked_at = now(), revoked_reason = $2
        WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)`,
      [userId, reason, exceptFamilyId ?? null],
    );
  }

  /** Drops refresh tokens expired a day ago and families revoked a week ago or left without tokens. */
  async purgeExpired(db: Db): Promise<{ tokens: number; families: number }> {
    const tokens = await affectedRows(db, `DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'`);
    const families = await affectedRows(
      db,
      `DELETE FROM token_families f WHERE (revoked_at IS NOT NULL AND revoked_at < now() - interval '7 days')
         OR NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = f.id)`,
    );
    return { tokens, families };
  }
}
