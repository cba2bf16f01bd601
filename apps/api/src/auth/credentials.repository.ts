import { Injectable } from '@nestjs/common';
import { type Db, firstRow, queryRows } from '../common/database/sql';

/**
 * The statements on `users` that signing in needs: the password step, the authenticator enrolment and
 * its codes. Methods take the Db they run on; emails compare without case, as the unique index does.
 */
@Injectable()
export class CredentialsRepository {
  async idByEmail(db: Db, email: string): Promise<number | undefined> {
    return (await firstRow<{ id: number }>(db, `SELECT id FROM users WHERE lower(email) = lower($1)`, [email]))?.id;
  }

  /** What the password step of a sign-in checks. */
  async signInRecord(db: Db, email: string): Promise<{ id: number; password_hash: string; is_active: boolean } | undefined> {
    return firstRow(db, `SELECT id, password_hash, is_active FROM users WHERE lower(email) = lower($1)`, [email]);
  }

  /** The authenticator enrolment: the encrypted secret (once made) and whether a code was ever accepted. */
  async totpEnrolment(db: Db, id: number): Promise<{ email: string; totp_secret_enc: string | null; totp_verified: boolean } | undefined> {
    return firstRow(db, `SELECT email, totp_secret_enc, totp_verified FROM users WHERE id = $1`, [id]);
  }

  /** Keeps the first secret saved should two enrolments race; answers the one that stuck. */
  async saveTotpSecretOnce(db: Db, id: number, secretEnc: string): Promise<string> {
    const [row] = await queryRows<{ totp_secret_enc: string }>(db, `UPDATE users SET totp_secret_enc = COALESCE(totp_secret_enc, $2) WHERE id = $1 RETURNING totp_secret_enc`, [
      id,
      secretEnc,
    ]);
    return row.totp_secret_enc;
  }

  /**
   * Marks an authenticator time step used (and the enrolment verified) only if it is newer than the
   * last one used, so a code cannot be replayed; answers whether it was.
   */
  async claimTotpStep(db: Db, id: number, step: number): Promise<boolean> {
    const claimed = await queryRows(
      db,
      `UPDATE users SET totp_last_step = $2, totp_verified = true WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING 1`,
      [id, step],
    );
    return claimed.length > 0;
  }
}
