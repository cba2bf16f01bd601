import { Injectable } from '@nestjs/common';
import { ALERT_LIMITS, type AlertAction } from '@console/contracts';
import { type Db, affectedRows, firstRow } from '../common/database/sql';

/** A profile's alert settings as the webhook reads them. */
export interface AlertKeyRow {
  profile_id: number;
  secret_hash: string;
  enabled: boolean;
  max_lag_seconds: number;
}

/** What an alert is judged against, read under the lock of the profile's alert settings. */
export interface AlertProfileState {
  title: string;
  status: string;
  bot_enabled: boolean;
}

/** A stored answer to an alert: a repeated alert_id gets it again. */
export interface AlertReceipt {
  status_code: number;
  answer: Record<string, unknown>;
}

/** Every statement on strategy_profile_alerts and alert_receipts. */
@Injectable()
export class AlertsRepository {
  settingsOf(db: Db, profileId: number): Promise<{ profile_key: string; enabled: boolean; max_lag_seconds: number } | undefined> {
    return firstRow(db, `SELECT profile_key, enabled, max_lag_seconds FROM strategy_profile_alerts WHERE profile_id = $1`, [profileId]);
  }

  profile(db: Db, profileId: number): Promise<{ title: string; status: string } | undefined> {
    return firstRow(db, `SELECT title, status FROM strategy_profiles WHERE id = $1`, [profileId]);
  }

  /** The profile's status, locked so alerts and their settings change one at a time. */
  lockProfile(db: Db, profileId: number): Promise<{ title: string; status: string } | undefined> {
    return firstRow(db, `SELECT title, status FROM strategy_profiles WHERE id = $1 FOR UPDATE`, [profileId]);
  }

  /**
   * Alerts on with a new secret; the profile key is made once and kept (the URL given to TradingView
   * stays), the lag limit kept unless a new one is given.
   */
  async enable(db: Db, profileId: number, profileKey: string, secretHash: string, maxLagSeconds: number | undefined): Promise<{ profile_key: string; max_lag_seconds: number }> {
    return (await firstRow<{ profile_key: string; max_lag_seconds: number }>(
      db,
      `INSERT INTO strategy_profile_alerts (profile_id, profile_key, secret_hash, max_lag_seconds) VALUES ($1, $2, $3, coalesce($4::integer, $5))
       ON CONFLICT (profile_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, enabled = true,
         max_lag_seconds = coalesce($4::integer, strategy_profile_alerts.max_lag_seconds), updated_at = now()
       RETURNING profile_key, max_lag_seconds`,
      [profileId, profileKey, secretHash, maxLagSeconds ?? null, ALERT_LIMITS.maxLagDefaultSeconds],
    ))!;
  }

  /** Alerts off; false when they were not on. */
  async disable(db: Db, profileId: number): Promise<boolean> {
    return (await affectedRows(db, `UPDATE strategy_profile_alerts SET enabled = false, updated_at = now() WHERE profile_id = $1 AND enabled`, [profileId])) > 0;
  }

  byKey(db: Db, profileKey: string): Promise<AlertKeyRow | undefined> {
    return firstRow(db, `SELECT profile_id, secret_hash, enabled, max_lag_seconds FROM strategy_profile_alerts WHERE profile_key = $1`, [profileKey]);
  }

  /** Locks the profile's alert settings for the alert's transaction: a profile's alerts are judged one at a time. */
  async lockForAlert(db: Db, profileId: number): Promise<AlertProfileState | undefined> {
    return firstRow(
      db,
      `SELECT sp.title, sp.status, coalesce((SELECT b.status = 'enabled' FROM bot_status b WHERE b.singleton), false) AS bot_enabled
         FROM strategy_profile_alerts a JOIN strategy_profiles sp ON sp.id = a.profile_id
        WHERE a.profile_id = $1 AND a.enabled FOR UPDATE OF a`,
      [profileId],
    );
  }

  /** The pair of the profile's ticker list with this ticker, if it is listed. */
  listedPair(db: Db, profileId: number, ticker: string): Promise<{ id: number; ticker: string } | undefined> {
    return firstRow(
      db,
      `SELECT p.id, p.ticker FROM strategy_profiles sp
         JOIN ticker_config_pairs tcp ON tcp.ticker_config_id = sp.ticker_config_id
         JOIN pairs p ON p.id = tcp.pair_id
        WHERE sp.id = $1 AND upper(p.ticker) = upper($2)`,
      [profileId, ticker],
    );
  }

  /** The answer given to this alert_id within the window, if any. */
  receiptOf(db: Db, profileId: number, alertId: string, windowHours: number): Promise<AlertReceipt | undefined> {
    return firstRow(
      db,
      `SELECT status_code, answer FROM alert_receipts WHERE profile_id = $1 AND alert_id = $2 AND received_at > now() - make_interval(hours => $3)`,
      [profileId, alertId, windowHours],
    );
  }

  /** Stores the answer; an older receipt of the same alert_id (past the window) gives way. */
  async storeReceipt(
    db: Db,
    receipt: { profileId: number; alertId: string | null; action: AlertAction; pair: string | null; statusCode: number; answer: object; commandId: string | null },
  ): Promise<void> {
    if (receipt.alertId !== null) await db.query(`DELETE FROM alert_receipts WHERE profile_id = $1 AND alert_id = $2`, [receipt.profileId, receipt.alertId]);
    await db.query(
      `INSERT INTO alert_receipts (profile_id, alert_id, action, pair, status_code, answer, command_id) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
      [receipt.profileId, receipt.alertId, receipt.action, receipt.pair, receipt.statusCode, JSON.stringify(receipt.answer), receipt.commandId],
    );
  }
}
