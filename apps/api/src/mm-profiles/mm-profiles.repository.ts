import { Injectable } from '@nestjs/common';
import type { MmProfileStatus } from '@console/contracts';
import { type Db, firstRow, queryRows } from '../common/database/sql';
import { MM_PROFILE_COLUMNS, MM_PROFILE_FROM } from './mm-profiles.list';

/** A profile as stored: numeric columns as text, references as {id, title}. */
export interface MmProfileRecord {
  id: number;
  title: string;
  profiles: { id: number; title: string }[];
  max_signals_amount: number;
  max_factor_amount: string;
  all_signals_quota: string;
  one_signal_quota: string;
  exchange_account: { id: number; title: string };
  status: MmProfileStatus;
  is_show: boolean;
  created_at: Date;
}

export interface MmProfileWrite {
  title: string;
  max_signals_amount: number;
  /** Decimal text at the column's scale (toDbText). */
  max_factor_amount: string;
  all_signals_quota: string;
  exchange_account_id: number;
}

/** Every statement on `mm_profiles` outside its list declarations. */
@Injectable()
export class MmProfilesRepository {
  async find(db: Db, id: number, { lock = false } = {}): Promise<MmProfileRecord | undefined> {
    // Locked first, then read by a statement of its own: read after any wait for the lock, the joined
    // rows (pairs, profiles, names) are the latest committed, not the first statement's snapshot.
    if (lock) await db.query(`SELECT 1 FROM mm_profiles WHERE id = $1 FOR UPDATE`, [id]);
    return firstRow(db, `SELECT ${MM_PROFILE_COLUMNS} FROM ${MM_PROFILE_FROM} WHERE mm.id = $1`, [id]);
  }

  async insert(db: Db, profile: MmProfileWrite): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      db,
      `INSERT INTO mm_profiles (title, max_signals_amount, max_factor_amount, all_signals_quota, exchange_account_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [profile.title, profile.max_signals_amount, profile.max_factor_amount, profile.all_signals_quota, profile.exchange_account_id],
    );
    return row.id;
  }

  async update(db: Db, id: number, profile: MmProfileWrite): Promise<void> {
    await db.query(
      `UPDATE mm_profiles SET title = $2, max_signals_amount = $3, max_factor_amount = $4, all_signals_quota = $5, exchange_account_id = $6, updated_at = now() WHERE id = $1`,
      [id, profile.title, profile.max_signals_amount, profile.max_factor_amount, profile.all_signals_quota, profile.exchange_account_id],
    );
  }

  async setStatus(db: Db, id: number, status: MmProfileStatus): Promise<void> {
    await db.query(`UPDATE mm_profiles SET status = $2, updated_at = now() WHERE id = $1`, [id, status]);
  }

  async setShown(db: Db, id: number, isShow: boolean): Promise<void> {
    await db.query(`UPDATE mm_profiles SET is_show = $2, updated_at = now() WHERE id = $1`, [id, isShow]);
  }

  async accountExists(db: Db, accountId: number): Promise<boolean> {
    return (await firstRow(db, `SELECT 1 FROM exchange_accounts WHERE id = $1`, [accountId])) !== undefined;
  }
}
