import { Injectable } from '@nestjs/common';
import { affectedRows, type Db, queryRows } from '../common/database/sql';

/**
 * `captcha_proofs`: passes (a solved bot-check, redeemable by one sign-in) and solutions already
 * accepted (so one cannot be replayed). Rows are stored by hash and expire; maintenance purges them.
 */
@Injectable()
export class CaptchaProofsRepository {
  async addPass(db: Db, proofHash: string, ttlSeconds: number): Promise<void> {
    await db.query(`INSERT INTO captcha_proofs (proof_hash, kind, expires_at) VALUES ($1, 'pass', now() + make_interval(secs => $2))`, [proofHash, ttlSeconds]);
  }

  /** Spends an unexpired pass; false when there is none (unknown, used or expired). */
  async redeemPass(db: Db, proofHash: string): Promise<boolean> {
    const rows = await queryRows(
      db,
      `UPDATE captcha_proofs SET used_at = now() WHERE proof_hash = $1 AND kind = 'pass' AND used_at IS NULL AND expires_at > now() RETURNING 1`,
      [proofHash],
    );
    return rows.length === 1;
  }

  async purgeExpired(db: Db): Promise<number> {
    return affectedRows(db, `DELETE FROM captcha_proofs WHERE expires_at < now()`);
  }

  /** Remembers a solution; false when it was accepted before. */
  async acceptSolutionOnce(db: Db, proofHash: string, ttlSeconds: number): Promise<boolean> {
    const rows = await queryRows(
      db,
      `INSERT INTO captcha_proofs (proof_hash, kind, expires_at) VALUES ($1, 'solution', now() + make_interval(secs => $2)) ON CONFLICT (proof_hash) DO NOTHING RETURNING 1`,
      [proofHash, ttlSeconds],
    );
    return rows.length === 1;
  }
}
