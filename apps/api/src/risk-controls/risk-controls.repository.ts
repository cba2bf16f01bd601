import { Injectable } from '@nestjs/common';
import type { NamedRef, RiskTriggerProfileRole, RiskTriggerType } from '@console/contracts';
import { type Db, firstRow, queryRows } from '../common/database/sql';
import { RISK_TRIGGER_COLUMNS, RISK_TRIGGER_FROM } from './risk-controls.list';

export interface RiskTriggerRecord {
  id: number;
  trigger_name: string;
  trigger_type: RiskTriggerType;
  trigger_blocker: string;
  trigger_blocker_opp_dir_sp: string | null;
  trigger_blocker_opp_dir_atr: string | null;
  trigger_unblocker: string | null;
  alert: boolean;
  rules: string;
  timer: number;
  position_reduce: string | null;
  x_percent_depo: string | null;
  y_percent_depo: string | null;
  is_active: boolean;
  is_show: boolean;
  group_profiles: number[];
  trigger_blocker_active_profile: number[];
  account: NamedRef | null;
}

/** Column → decimal text (or plain value) of a trigger write. */
export type RiskTriggerWrite = Partial<Record<string, string | number | boolean | null>>;

const WRITABLE = new Set([
  'trigger_name', 'trigger_type', 'exchange_account_id', 'trigger_blocker', 'trigger_unblocker', 'alert', 'rules', 'timer',
  'position_reduce', 'x_percent_depo', 'y_percent_depo', 'is_active', 'is_show',
]);

function columnsOf(write: RiskTriggerWrite): [string, unknown][] {
  const entries = Object.entries(write).filter(([, v]) => v !== undefined);
  for (const [column] of entries) if (!WRITABLE.has(column)) throw new Error(`risk_triggers.${column} is not writable`);
  return entries;
}

/** Every statement on `risk_triggers` and `risk_trigger_profiles` outside the list declaration. */
@Injectable()
export class RiskControlsRepository {
  async find(db: Db, id: number, { lock = false } = {}): Promise<RiskTriggerRecord | undefined> {
    if (lock) await db.query(`SELECT 1 FROM risk_triggers WHERE id = $1 FOR UPDATE`, [id]);
    return firstRow(db, `SELECT ${RISK_TRIGGER_COLUMNS} FROM ${RISK_TRIGGER_FROM} WHERE rt.id = $1`, [id]);
  }

  async insert(db: Db, write: RiskTriggerWrite): Promise<number> {
    const entries = columnsOf(write);
    const [row] = await queryRows<{ id: number }>(
      db,
      `INSERT INTO risk_triggers (${entries.map(([c]) => c).join(', ')}) VALUES (${entries.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      entries.map(([, v]) => v),
    );
    return row.id;
  }

  async update(db: Db, id: number, write: RiskTriggerWrite): Promise<void> {
    const entries = columnsOf(write);
    if (!entries.length) return;
    await db.query(`UPDATE risk_triggers SET ${entries.map(([c], i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`, [
      id,
      ...entries.map(([, v]) => v),
    ]);
  }

  /** Replaces the trigger's profiles of one role. */
  async setProfiles(db: Db, id: number, role: RiskTriggerProfileRole, profileIds: readonly number[]): Promise<void> {
    await db.query(`DELETE FROM risk_trigger_profiles WHERE risk_trigger_id = $1 AND role = $2`, [id, role]);
    if (profileIds.length) {
      await db.query(`INSERT INTO risk_trigger_profiles (risk_trigger_id, role, profile_id) SELECT $1, $2, unnest($3::int[]) ON CONFLICT DO NOTHING`, [id, role, profileIds]);
    }
  }

  async countExistingProfiles(db: Db, ids: readonly number[]): Promise<number> {
    const [row] = await queryRows<{ n: number }>(db, `SELECT count(*)::int AS n FROM strategy_profiles WHERE id = ANY($1::int[])`, [[...new Set(ids)]]);
    return row.n;
  }

  async accountExists(db: Db, id: number): Promise<boolean> {
    return (await firstRow(db, `SELECT 1 FROM exchange_accounts WHERE id = $1`, [id])) !== undefined;
  }

  /** The group multi-select's options: every strategy profile but drafts, by title. */
}
