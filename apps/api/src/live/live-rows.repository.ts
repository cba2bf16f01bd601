import { Injectable } from '@nestjs/common';
import { type Db, queryRows } from '../common/database/sql';

/** The row-scope look-ups of the live streams. */
@Injectable()
export class LiveRowsRepository {
  /** Of these ids of `table`, the ones its row scope's conditions (written over `table`) let through. */
  async visibleIds(db: Db, table: string, ids: readonly string[], conditions: readonly string[]): Promise<string[]> {
    if (!ids.length) return [];
    const where = conditions.map((condition) => `(${condition})`).join(' AND ');
    const rows = await queryRows<{ id: string }>(db, `SELECT ${table}.id::text AS id FROM ${table} WHERE ${table}.id = ANY($1::bigint[]) AND ${where}`, [ids]);
    return rows.map((row) => row.id);
  }
}
