import { Injectable } from '@nestjs/common';
import { API_TOKEN_LIMITS, type ApiTokenPerm, type Perm } from '@console/contracts';
import { affectedRows, type Db, firstRow, queryRows } from '../common/database/sql';

/** A token as its owner's list reads it. */
export interface ApiTokenRow {
  id: number;
  name: string;
  prefix: string;
  perms: ApiTokenPerm[];
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date;
}

/** What a request made with a token reads: the token, live, and its active user with the group as it is now. */
export interface ApiTokenHolderRow {
  token_id: number;
  token_name: string;
  token_perms: ApiTokenPerm[];
  /** last_used_at is older than the interval at which it is written again. */
  use_stale: boolean;
  user_id: number;
  email: string;
  group_id: number | null;
  group_name: string | null;
  group_perms: Perm[] | null;
}

const COLUMNS = `id, name, prefix, perms, created_at, last_used_at, expires_at`;

/** `api_tokens`: a token is live while not revoked nor expired, and its user active. */
@Injectable()
export class ApiTokensRepository {
  async insert(db: Db, token: { userId: number; name: string; prefix: string; hash: string; perms: ApiTokenPerm[]; expiresAt: Date }): Promise<ApiTokenRow> {
    const row = await firstRow<ApiTokenRow>(
      db,
      `INSERT INTO api_tokens (user_id, name, prefix, token_hash, perms, expires_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING ${COLUMNS}`,
      [token.userId, token.name, token.prefix, token.hash, JSON.stringify(token.perms), token.expiresAt],
    );
    return row!;
  }

  /** The user's live tokens, newest first. */
  async listOf(db: Db, userId: number): Promise<ApiTokenRow[]> {
    return queryRows<ApiTokenRow>(db, `SELECT ${COLUMNS} FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY created_at DESC, id DESC`, [userId]);
  }

  /** How many live tokens the user holds, its rows locked so two creations cannot both pass the limit. */
  async countLiveLocked(db: Db, userId: number): Promise<number> {
    await db.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    const row = await firstRow<{ n: number }>(db, `SELECT count(*)::int AS n FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()`, [userId]);
    return row?.n ?? 0;
  }

  /** Revokes one of the user's live tokens; its name, or undefined when it is not one. */
  async revoke(db: Db, userId: number, id: number): Promise<{ name: string; prefix: string } | undefined> {
    return firstRow(db, `UPDATE api_tokens SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING name, prefix`, [id, userId]);
  }

  async holderOf(db: Db, hash: string): Promise<ApiTokenHolderRow | undefined> {
    return firstRow<ApiTokenHolderRow>(
      db,
      `SELECT t.id AS token_id, t.name AS token_name, t.perms AS token_perms,
              (t.last_used_at IS NULL OR t.last_used_at < now() - make_interval(secs => $2)) AS use_stale,
              u.id AS user_id, u.email, u.group_id, g.name AS group_name, g.perms AS group_perms
         FROM api_tokens t
         JOIN users u ON u.id = t.user_id
         LEFT JOIN groups g ON g.id = u.group_id
        WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now() AND u.is_active`,
      [hash, API_TOKEN_LIMITS.lastUsedEverySeconds],
    );
  }

  /** Drops the tokens revoked or expired longer ago than they are kept; how many. */
  async purgeSpent(db: Db): Promise<number> {
    return affectedRows(
      db,
      `DELETE FROM api_tokens WHERE least(coalesce(revoked_at, 'infinity'), expires_at) < now() - make_interval(days => $1)`,
      [API_TOKEN_LIMITS.keepSpentDays],
    );
  }

  /** Writes the use unless another request wrote it within the interval (so at most once a minute). */
  async touch(db: Db, id: number): Promise<void> {
    await affectedRows(
      db,
      `UPDATE api_tokens SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $2))`,
      [id, API_TOKEN_LIMITS.lastUsedEverySeconds],
    );
  }
}
