import { Injectable } from '@nestjs/common';
import type { CaptchaLevel } from '@console/contracts';
import { affectedRows, type Db, queryRows } from '../common/database/sql';

/** A pass's `kind` by the level of the check it proves. */
const PASS_KIND: Record<CaptchaLevel, string> = { usual: 'pass', harder: 'pass_harder' };

/**
 * `captcha_proofs`: passes (a solved bot-check, redeemable by one sign-in) and solutions already
 * accepted (so one cannot be replayed). Rows are stored by hash and expire; maintenance purges them.
 */
@Injectable()
export class CaptchaProofsRepository {
  async addPass(db: Db, proofHash: string, ttlSeconds: number, level: CaptchaLevel): Promise<void> {
    await db.query(`INSERT INTO captcha_proofs (proof_hash, kind, expires_at) VALUES ($1, $3, now() + make_interval(secs => $2))`, [proofHash, ttlSeconds, PASS_KIND[level]]);
  }

  /**
   * Spends an unexpired pass of at least `level` (a harder pass also does for the usual level); false
   * when there is none (unknown, used, expired, or too easy: then it stays unspent).
   */
  async redeemPass(db: Db, proofHash: string, level: CaptchaLevel): Promise<boolean> {
    const kinds = level === 'harder' ? [PASS_KIND.harder] : Object.values(PASS_KIND);
    const rows = await queryRows(
      db,
      `UPDATE captcha_proofs SET used_at = now() WHERE proof_hash = $1 AND kind = ANY($2::text[]) AND used_at IS NULL AND expires_at > now() RETURNING 1`,
      [proofHash, kinds],
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
