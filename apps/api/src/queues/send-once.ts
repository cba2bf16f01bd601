/**
 * The statements of an outbox whose rows are sent to someone outside (a Telegram message, an email, a
 * webhook): each attempt writes its key (job id and attempt number) on the row before the request leaves,
 * so a job that BullMQ runs again after its worker died finds its own key and does not send twice. A
 * failed attempt only counts on a row still pending: a run that took over after another stalled may have
 * settled it already; a send that went through is recorded as sent whatever happened meanwhile.
 *
 * The table has `id`, `status` ('pending', 'sent', 'failed', 'skipped'), `send_key`, `send_started_at`,
 * `attempts`, `last_error` and `sent_at`.
 */
import { type Db, queryRows } from '../common/database/sql';

export interface SendOnceOutbox {
  /** Writes the attempt's key before the request leaves; false when another run has the row or it is settled. */
  claimSend(db: Db, id: string, key: string): Promise<boolean>;
  markSent(db: Db, id: string): Promise<void>;
  markSkipped(db: Db, id: string, reason: string): Promise<void>;
  /** Counts a failed attempt; the row stays pending for a retry unless `final`. */
  recordFailedAttempt(db: Db, id: string, error: string, final: boolean): Promise<void>;
}

export function sendOnceOutbox(table: string): SendOnceOutbox {
  return {
    async claimSend(db, id, key) {
      const claimed = await queryRows(
        db,
        `UPDATE ${table} SET send_key = $2, send_started_at = now() WHERE id = $1 AND status = 'pending' AND send_key IS DISTINCT FROM $2 RETURNING 1`,
        [id, key],
      );
      return claimed.length > 0;
    },
    async markSent(db, id) {
      await db.query(`UPDATE ${table} SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1`, [id]);
    },
    async markSkipped(db, id, reason) {
      await db.query(`UPDATE ${table} SET status = 'skipped', last_error = $2 WHERE id = $1`, [id, reason]);
    },
    async recordFailedAttempt(db, id, error, final) {
      await db.query(`UPDATE ${table} SET attempts = attempts + 1, last_error = $2, status = $3 WHERE id = $1 AND status = 'pending'`, [id, error, final ? 'failed' : 'pending']);
    },
  };
}
