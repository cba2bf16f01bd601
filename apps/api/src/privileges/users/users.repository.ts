import { Injectable } from '@nestjs/common';
import type { Perm } from '@console/contracts';
import { type Db, firstRow, queryRows } from '../../common/database/sql';

/** A user as the management screens show it: no password hash, no authenticator secret. */
export interface UserRecord {
  id: number;
  email: string;
  is_active: boolean;
  group_id: number | null;
  group_name: string | null;
}

const SELECT_USER = `SELECT u.id, u.email, u.is_active, u.group_id, g.name AS group_name FROM users u LEFT JOIN groups g ON g.id = u.group_id`;

/**
 * Every statement on `users` for accounts and their management, outside the users list declaration and
 * the sign-in statements (auth/credentials.repository.ts).
 * Methods take the Db they run on, so the caller's transaction covers them. Emails compare without
 * case, as the unique index on lower(email) does.
 */
@Injectable()
export class UsersRepository {
  async find(db: Db, id: number, { lock = false } = {}): Promise<UserRecord | undefined> {
    return firstRow<UserRecord>(db, `${SELECT_USER} WHERE u.id = $1 ${lock ? 'FOR UPDATE OF u' : ''}`, [id]);
  }

  async count(db: Db): Promise<number> {
    return (await firstRow<{ n: number }>(db, `SELECT count(*)::int AS n FROM users`))!.n;
  }

  /** Whether another user (not `exceptId`) has this email. */
  async emailTaken(db: Db, email: string, exceptId = 0): Promise<boolean> {
    return (await firstRow(db, `SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2`, [email, exceptId])) !== undefined;
  }

  async credentials(db: Db, id: number, { lock = false } = {}): Promise<{ email: string; password_hash: string } | undefined> {
    return firstRow(db, `SELECT email, password_hash FROM users WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
  }

  /**
   * The perms of an active user's group as they are now ([] without a group), or undefined when the
   * user is gone or deactivated.
   */
  async activePerms(db: Db, id: number): Promise<Perm[] | undefined> {
    const row = await firstRow<{ perms: Perm[] | null }>(db, `SELECT g.perms FROM users u LEFT JOIN groups g ON g.id = u.group_id WHERE u.id = $1 AND u.is_active`, [id]);
    return row && (row.perms ?? []);
  }

  async insert(db: Db, user: { email: string; passwordHash: string; groupId: number }): Promise<number> {
    const [row] = await queryRows<{ id: number }>(db, `INSERT INTO users (email, password_hash, group_id) VALUES ($1, $2, $3) RETURNING id`, [
      user.email,
      user.passwordHash,
      user.groupId,
    ]);
    return row.id;
  }

  /** Adds the user unless one with that email exists; answers whether it was added. */
  async insertIfAbsent(db: Db, user: { email: string; passwordHash: string; groupId: number }): Promise<boolean> {
    const added = await queryRows(db, `INSERT INTO users (email, password_hash, group_id) VALUES ($1, $2, $3) ON CONFLICT (lower(email)) DO NOTHING RETURNING id`, [
      user.email,
      user.passwordHash,
      user.groupId,
    ]);
    return added.length > 0;
  }

  async setGroup(db: Db, id: number, groupId: number): Promise<void> {
    await db.query(`UPDATE users SET group_id = $2, updated_at = now() WHERE id = $1`, [id, groupId]);
  }

  /** Deactivates the user and unlinks their Telegram chat (a linked chat acts as its user). */
  async deactivate(db: Db, id: number): Promise<void> {
    await db.query(`UPDATE users SET is_active = false, updated_at = now() WHERE id = $1`, [id]);
    await db.query(`DELETE FROM telegram_links WHERE user_id = $1`, [id]);
  }

  /** A new email and, when given, a new password hash. */
  async updateAccount(db: Db, id: number, change: { email: string; passwordHash: string | null }): Promise<void> {
    await db.query(`UPDATE users SET email = $2, password_hash = COALESCE($3, password_hash), updated_at = now() WHERE id = $1`, [id, change.email, change.passwordHash]);
  }

  /** Active again, in the given group, with a new password and no authenticator enrolment. */
  async resetAccess(db: Db, id: number, change: { passwordHash: string; groupId: number }): Promise<void> {
    await db.query(
      `UPDATE users SET password_hash = $2, is_active = true, group_id = $3, totp_secret_enc = NULL, totp_verified = false,
              totp_last_step = NULL, updated_at = now() WHERE id = $1`,
      [id, change.passwordHash, change.groupId],
    );
  }
}
