import { Injectable } from '@nestjs/common';
import type { DepositTransactionType } from '@console/contracts';
import { type Db, firstRow, queryRows } from '../common/database/sql';

export interface DepositSettings {
  is_auto_change_mm_depo_enabled: boolean;
  /** numeric(5, 2) as text. */
  auto_change_mm_depo_percent: string;
}

/**
 * The MM deposit: the sum of every MM profile's all_signals_quota (per account, the deposit its
 * transactions record), the deposit transactions, and the one re-invest setting.
 */
@Injectable()
export class MmDepositsRepository {
  /**
   * Multiplies every MM profile's all_signals_quota by `factor` (decimal text) and records, per account
   * whose deposit moved, a transaction of `type` with the percent; one statement, so every profile moves
   * or none. Answers how many accounts moved.
   */
  async scaleQuotas(db: Db, change: { factor: string; type: DepositTransactionType; percent: string; requestedBy: number | null }): Promise<number> {
    const rows = await queryRows(
      db,
      `WITH before AS (SELECT exchange_account_id, sum(all_signals_quota) AS deposit FROM mm_profiles GROUP BY 1),
            scaled AS (UPDATE mm_profiles SET all_signals_quota = round(all_signals_quota * $1::numeric, 8), updated_at = now()
                       RETURNING exchange_account_id, all_signals_quota),
            after AS (SELECT exchange_account_id, sum(all_signals_quota) AS deposit FROM scaled GROUP BY 1)
       INSERT INTO deposit_transactions (exchange_account_id, type, amount, percent, deposit_before, deposit_after, requested_by)
       SELECT b.exchange_account_id, $2, abs(a.deposit - b.deposit), $3::numeric, b.deposit, a.deposit, $4
         FROM before b JOIN after a USING (exchange_account_id)
        WHERE a.deposit <> b.deposit
       RETURNING id`,
      [change.factor, change.type, change.percent, change.requestedBy],
    );
    return rows.length;
  }

  async settings(db: Db, { lock = false } = {}): Promise<DepositSettings> {
    return (await firstRow<DepositSettings>(
      db,
      `SELECT is_auto_change_mm_depo_enabled, auto_change_mm_depo_percent::text FROM mm_deposit_settings ${lock ? 'FOR UPDATE' : ''}`,
    ))!;
  }

  async saveSettings(db: Db, settings: DepositSettings, userId: number): Promise<void> {
    await db.query(`UPDATE mm_deposit_settings SET is_auto_change_mm_depo_enabled = $1, auto_change_mm_depo_percent = $2, updated_by = $3, updated_at = now()`, [
      settings.is_auto_change_mm_depo_enabled,
      settings.auto_change_mm_depo_percent,
      userId,
    ]);
  }

  /** The deposit-info chips, as decimal text (docs/decisions/ticker-configs-and-mm-profiles.md defines each). */
  async info(db: Db): Promise<{ ideo_r_long: string; ideo_r_short: string; mm_asset_sum: string; mm_deposit: string }> {
    const exposure = (direction: string) =>
      `(SELECT coalesce(sum(mm.all_signals_quota * mm.max_factor_amount), 0) FROM mm_profiles mm
         WHERE EXISTS (SELECT 1 FROM strategy_profiles sp WHERE sp.mm_profile_id = mm.id AND sp.status = 'active' AND sp.profile_direction = '${direction}'))::text`;
    return (await firstRow(
      db,
      `SELECT ${exposure('long')} AS ideo_r_long, ${exposure('short')} AS ideo_r_short,
              (SELECT coalesce(sum(latest.asset_sum), 0) FROM exchange_accounts ea
                 CROSS JOIN LATERAL (SELECT am.asset_sum FROM account_metrics am WHERE am.exchange_account_id = ea.id ORDER BY am.at DESC LIMIT 1) latest)::text AS mm_asset_sum,
              (SELECT coalesce(sum(all_signals_quota), 0) FROM mm_profiles)::text AS mm_deposit`,
    ))!;
  }

  /**
   * The accounts' asset sum at their latest minute and at their latest minute a day before that: what
   * the daily re-invest compares. Null when there are no metrics a day old yet.
   */
  async assetSumsOverADay(db: Db): Promise<{ now: string; day_before: string } | null> {
    const row = await firstRow<{ now: string | null; day_before: string | null }>(
      db,
      `SELECT sum(latest.asset_sum)::text AS now, sum(earlier.asset_sum)::text AS day_before
         FROM exchange_accounts ea
         JOIN LATERAL (SELECT am.at, am.asset_sum FROM account_metrics am WHERE am.exchange_account_id = ea.id ORDER BY am.at DESC LIMIT 1) latest ON true
         JOIN LATERAL (SELECT am.asset_sum FROM account_metrics am WHERE am.exchange_account_id = ea.id AND am.at <= latest.at - interval '1 day' ORDER BY am.at DESC LIMIT 1) earlier ON true`,
    );
    return row?.now && row.day_before ? { now: row.now, day_before: row.day_before } : null;
  }
}
