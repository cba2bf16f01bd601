import { Injectable } from '@nestjs/common';
import { type Db, firstRow, queryRows } from '../common/database/sql';
import type { TradingPair } from '@console/contracts';

/** Every statement on `pairs` outside its list declarations, and what the sync's catalog reads of the accounts. */
@Injectable()
export class PairsRepository {
  /** Each exchange and market the accounts use (which instrument lists a sync reads). */
  async accountMarkets(db: Db): Promise<{ exchange: string; market: string }[]> {
    return queryRows(db, `SELECT DISTINCT exchange, market FROM exchange_accounts ORDER BY 1, 2`, []);
  }

  /** Adds the tickers not stored yet; answers the ones added. */
  async addMissing(db: Db, tickers: string[]): Promise<{ id: number; ticker: string }[]> {
    return queryRows(db, `INSERT INTO pairs (ticker) SELECT unnest($1::text[]) ORDER BY 1 ON CONFLICT (ticker) DO NOTHING RETURNING id, ticker`, [tickers]);
  }

  /** How many pairs are stored, and how many of them the exchange no longer lists. */
  async totals(db: Db, listed: string[]): Promise<{ count: number; not_listed: number }> {
    const [row] = await queryRows<{ count: number; not_listed: number }>(
      db,
      `SELECT count(*)::int AS count, count(*) FILTER (WHERE NOT (ticker = ANY($1::text[])))::int AS not_listed FROM pairs`,
      [listed],
    );
    return row;
  }

  async findForUpdate(db: Db, id: number): Promise<TradingPair | undefined> {
    return firstRow(db, `SELECT id, ticker, is_active FROM pairs WHERE id = $1 FOR UPDATE`, [id]);
  }

  async setActive(db: Db, id: number, isActive: boolean): Promise<TradingPair> {
    const [row] = await queryRows<TradingPair>(db, `UPDATE pairs SET is_active = $2, updated_at = now() WHERE id = $1 RETURNING id, ticker, is_active`, [id, isActive]);
    return row;
  }

  /** Demo data: the tickers stored, and exactly `active` of them on. */
  async seed(db: Db, tickers: readonly string[], active: readonly string[]): Promise<void> {
    await db.query(`INSERT INTO pairs (ticker) SELECT unnest($1::text[]) ON CONFLICT (ticker) DO NOTHING`, [tickers]);
    await db.query(`UPDATE pairs SET is_active = true WHERE ticker = ANY($1::text[])`, [active]);
  }
}
