import type { Db } from '../common/database/sql';

export type RevokeReason = 'logout' | 'reuse' | 'password_changed' | 'deactivated' | 'second_factor' | 'admin_reset';

/**
 * Ends every session of a user, but one (the caller's own, when it changed its password). The guard's
 * session check reads the family on every request, so the user's access tokens stop on the next one.
 * Every caller (deactivation, password change, the CLI's admin reset) goes through here.
 */
export async function revokeSessions(db: Db, userId: number, reason: RevokeReason, exceptFamilyId?: string): Promise<void> {
  await db.query(
    `UPDATE token_families SET revoked_at = now(), revoked_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [userId, reason, exceptFamilyId ?? null],
  );
}
