/**
 * Row scopes: which rows of a list a group may see at all, declared beside `@Section` (option `rows`)
 * rather than coded in services. The guard turns the scope into SQL conditions for the signed-in
 * group; `@ScopedRows()` hands them to the service, and the list-query layer ANDs them into every query
 * of the list (page, count, export).
 */
import { signalRowLimits, type Perm, type SectionName } from '@console/contracts';

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
