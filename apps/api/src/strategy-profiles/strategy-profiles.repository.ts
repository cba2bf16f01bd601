import { Injectable } from '@nestjs/common';
import type { Direction, StrategyProfile, StrategyProfileStatus, StrategySettings, Timeframe } from '@console/contracts';
import { type Db, firstRow, queryRows } from '../common/database/sql';
import { STRATEGY_PROFILE_COLUMNS, STRATEGY_PROFILE_FROM } from './strategy-profiles.list';

/** What a new draft copies from its template. */
export interface TemplateSource {
  profile_direction: Direction;
  timeframe: Timeframe | null;
  settings: Record<string, unknown>;
}

/** Every statement on `strategy_profiles` outside its list declarations. */
@Injectable()
export class StrategyProfilesRepository {
  async find(db: Db, id: number, { lock = false } = {}): Promise<StrategyProfile | undefined> {
    // Locked first, then read by a statement of its own: read after any wait for the lock, the joined
    // rows (pairs, profiles, names) are the latest committed, not the first statement's snapshot.
    if (lock) await db.query(`SELECT 1 FROM strategy_profiles WHERE id = $1 FOR UPDATE`, [id]);
    return firstRow(db, `SELECT ${STRATEGY_PROFILE_COLUMNS} FROM ${STRATEGY_PROFILE_FROM} WHERE sp.id = $1`, [id]);
  }

  /** What a draft made from this profile keeps of it: its links and direction (a backtest's promote into a new draft). */
  async draftLinks(db: Db, id: number): Promise<{ mm_profile_id: number | null; ticker_config_id: number | null } & Omit<TemplateSource, 'settings'> | undefined> {
    return firstRow(db, `SELECT mm_profile_id, ticker_config_id, profile_direction, timeframe FROM strategy_profiles WHERE id = $1`, [id]);
  }

  async template(db: Db, id: number): Promise<TemplateSource | undefined> {
    return firstRow(db, `SELECT profile_direction, timeframe, settings FROM strategy_profiles WHERE id = $1`, [id]);
  }

  /** The account an MM profile trades on (a strategy profile trades there too), or undefined when there is no such MM profile. */
  async mmProfileAccount(db: Db, mmProfileId: number): Promise<number | undefined> {
    return (await firstRow<{ account: number }>(db, `SELECT exchange_account_id AS account FROM mm_profiles WHERE id = $1`, [mmProfileId]))?.account;
  }

  async tickerConfigExists(db: Db, id: number): Promise<boolean> {
    return (await firstRow(db, `SELECT 1 FROM ticker_configs WHERE id = $1`, [id])) !== undefined;
  }

  async insert(
    db: Db,
    draft: { title: string; templateId: number | null; mmProfileId: number | null; accountId: number | null; tickerConfigId: number | null } & TemplateSource,
  ): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      db,
      `INSERT INTO strategy_profiles (title, status, profile_direction, timeframe, template_id, mm_profile_id, exchange_account_id, ticker_config_id, settings)
       VALUES ($1, 'draft', $2, $3, $4, $5, $6, $7, $8::jsonb) RETURNING id`,
      [draft.title, draft.profile_direction, draft.timeframe, draft.templateId, draft.mmProfileId, draft.accountId, draft.tickerConfigId, JSON.stringify(draft.settings)],
    );
    return row.id;
  }

  async update(db: Db, id: number, change: { title: string; mmProfileId: number | null; accountId: number | null; tickerConfigId: number | null }): Promise<void> {
    await db.query(
      `UPDATE strategy_profiles SET title = $2, mm_profile_id = $3, exchange_account_id = $4, ticker_config_id = $5, updated_at = now() WHERE id = $1`,
      [id, change.title, change.mmProfileId, change.accountId, change.tickerConfigId],
    );
  }

  async settings(db: Db, id: number): Promise<StrategySettings | undefined> {
    return firstRow(db, `SELECT settings_schema_type AS schema_type, settings FROM strategy_profiles WHERE id = $1`, [id]);
  }

  /** The document whole; the direction and time frame its signal settings name go to their columns. */
  async saveSettings(db: Db, id: number, settings: Record<string, unknown>, derived: { direction?: Direction; timeframe?: Timeframe }): Promise<void> {
    await db.query(
      `UPDATE strategy_profiles SET settings = $2::jsonb, profile_direction = coalesce($3, profile_direction), timeframe = coalesce($4, timeframe), updated_at = now() WHERE id = $1`,
      [id, JSON.stringify(settings), derived.direction ?? null, derived.timeframe ?? null],
    );
  }

  async setStatus(db: Db, id: number, status: StrategyProfileStatus): Promise<void> {
    await db.query(`UPDATE strategy_profiles SET status = $2, updated_at = now() WHERE id = $1`, [id, status]);
  }

  async setShown(db: Db, id: number, isShow: boolean): Promise<void> {
    await db.query(`UPDATE strategy_profiles SET is_show = $2, updated_at = now() WHERE id = $1`, [id, isShow]);
  }
}
