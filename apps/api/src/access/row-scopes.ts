/**
 * Row scopes: which rows of a list a group may see at all, declared beside `@Section` (option `rows`)
 * rather than coded in services. The guard turns the scope into SQL conditions for the signed-in
 * group; `@ScopedRows()` hands them to the service, and the list-query layer ANDs them into every query
 * of the list (page, count, export).
 */
import { signalRowLimits, type Perm, type ResourceName, type SectionName } from '@console/contracts';
import { queryRows, type Db } from '../common/database/sql';

export interface RowScope {
  /** The section whose perm limits the rows; a route allowed through another section's right (an action) sees every row. */
  section: SectionName;
  /** SQL conditions over the list's FROM for this group's perm of the route's section (none: every row). */
  where(perm: Perm): string[];
}

/** Signals at Limited: finished only when the group says so, and only its newest signals_count. */
export const SIGNAL_ROWS: RowScope = {
  section: 'signals',
  where(perm) {
    const { onlyFinished, newest } = signalRowLimits(perm);
    const finished = `signals.status = 'finished'`;
    const conditions = onlyFinished ? [finished] : [];
    if (newest !== null) {
      // The window of the newest signals the group may see; the list's filters then apply inside it.
      conditions.push(
        `signals.id IN (SELECT newest.id FROM signals newest ${onlyFinished ? `WHERE newest.status = 'finished'` : ''}
           ORDER BY newest.created_at DESC, newest.id DESC LIMIT ${Math.trunc(newest)})`,
      );
    }
    return conditions;
  },
};

/** The resources whose rows a row scope limits, with the table its conditions are written over. */
export const SCOPED_RESOURCES: readonly { resource: ResourceName; scope: RowScope; table: string }[] = [{ resource: 'signals', scope: SIGNAL_ROWS, table: 'signals' }];

/** The row scope of a section for a perm: its resource, table and conditions, or null when it sees every row. */
export function rowScopeOf(section: SectionName, perm: Perm): { resource: ResourceName; table: string; conditions: string[] } | null {
  const scoped = SCOPED_RESOURCES.find(({ scope }) => scope.section === section);
  const conditions = scoped?.scope.where(perm) ?? [];
  return scoped && conditions.length ? { resource: scoped.resource, table: scoped.table, conditions } : null;
}

/** Of these ids of `table`, the ones a row scope's conditions (written over `table`) let through. */
export async function idsWithinScope(db: Db, table: string, ids: readonly string[], conditions: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const where = conditions.map((condition) => `(${condition})`).join(' AND ');
  const rows = await queryRows<{ id: string }>(db, `SELECT ${table}.id::text AS id FROM ${table} WHERE ${table}.id = ANY($1::bigint[]) AND ${where}`, [ids]);
  return rows.map((row) => row.id);
}
