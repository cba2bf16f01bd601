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
 * Notifications, in order, each with its Telegram message as a pending outbox row when `telegram`: the
 * worker's Telegram sweeper queues pending rows (the engine only announces changes on Redis), so a
 * message leaves within one sweep. Their kind lets users route them to their own channels: the worker's
 * alert sweep fans out notifications not yet fanned out. History's alerts get neither (marked fanned
 * out at once): their moments are past. Answers their ids.
 */
export async function writeAlerts(db: Db, alerts: readonly { title: string; text: string; at: string }[], telegram: boolean): Promise<string[]> {
  if (!alerts.length) return [];
  const { rows } = await db.query<{ id: string; title: string; text_body: string }>(
    `INSERT INTO notifications (title, text_body, created_at, kind, fanned_out_at)
     SELECT a.title, a.text, a.at, 'risk_trigger_fired', CASE WHEN $2 THEN NULL ELSE now() END
       FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (title text, text text, at timestamptz)) WITH ORDINALITY AS a(title, text, at, n) ORDER BY a.n
     RETURNING id::text, title, text_body`,
    [JSON.stringify(alerts), telegram],
  );
  if (!telegram) return rows.map((r) => r.id);
  await db.query(
    `INSERT INTO telegram_outbox (notification_id, bot, text) SELECT r.id, 'main', r.title || E'\n\n' || r.text_body FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, title text, text_body text) ORDER BY r.id`,
    [JSON.stringify(rows)],
  );
  return rows.map((r) => r.id);
}
