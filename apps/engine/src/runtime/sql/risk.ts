/** Risk triggers as the engine reads them, when they fired, and the alerts it leaves for the Telegram sender. */
import type { RiskTriggerRow } from '../../risk/triggers';
import type { Db } from '../db';

export async function readTriggers(db: Db): Promise<RiskTriggerRow[]> {
  const { rows } = await db.query<RiskTriggerRow>(
    `SELECT t.id, t.trigger_name, t.trigger_type, t.exchange_account_id, t.trigger_blocker::float8 AS trigger_blocker,
            t.trigger_blocker_opp_dir_sp::float8 AS trigger_blocker_opp_dir_sp, t.trigger_blocker_opp_dir_atr::float8 AS trigger_blocker_opp_dir_atr,
            t.trigger_unblocker::float8 AS trigger_unblocker, t.alert, t.timer, t.position_reduce::float8 AS position_reduce,
            t.x_percent_depo::float8 AS x_percent_depo, t.y_percent_depo::float8 AS y_percent_depo, t.is_active,
            coalesce((SELECT array_agg(r.profile_id ORDER BY r.profile_id) FROM risk_trigger_profiles r WHERE r.risk_trigger_id = t.id AND r.role = 'group'), '{}') AS group_profiles,
            coalesce((SELECT array_agg(r.profile_id ORDER BY r.profile_id) FROM risk_trigger_profiles r WHERE r.risk_trigger_id = t.id AND r.role = 'blocker_active'), '{}') AS blocker_active_profiles
       FROM risk_triggers t ORDER BY t.id`,
  );
  return rows;
}

export async function writeTriggeredAt(db: Db, triggerId: number, at: string): Promise<void> {
  await db.query(`UPDATE risk_triggers SET triggered_at = $2 WHERE id = $1`, [triggerId, at]);
}

/**
 * A notification, and its Telegram message as a pending outbox row: the worker's Telegram sweeper
 * queues pending rows (the engine only announces changes on Redis), so the message leaves within one sweep.
 */
export async function writeAlert(db: Db, title: string, text: string, at: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`INSERT INTO notifications (title, text_body, created_at) VALUES ($1, $2, $3) RETURNING id::text`, [title, text, at]);
  await db.query(`INSERT INTO telegram_outbox (notification_id, bot, text) VALUES ($1, 'main', $2)`, [rows[0].id, `${title}\n\n${text}`]);
  return rows[0].id;
}
