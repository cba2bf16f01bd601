/**
 * One typed declaration per list: where its rows come from, the filters and orderings it takes (each on
 * an indexed column), its default order, page size and count policy. The same declaration answers the
 * HTTP list (through `queryListPage`), feeds the xlsx export worker (`cursorList`, one server-side cursor
 * without a request) and is what scripts/bench measures, so none of them keeps a copy of the query.
 *
 * Values arrive already validated by the list's query DTO (class-validator); the declaration says only
 * how a validated value becomes SQL. Which params a Limited group may use is the contracts'
 * ListQueryAccess, checked by the guard before the service runs; `defineList` ties both together so a
 * filter or ordering cannot exist on one side only.
 */
import type { ListQueryAccess } from '@console/contracts';

/** How a filter's value meets its column. */
type FilterOperator =
  /** column = value */
  | 'eq'
  /** column = ANY(value[]) */
  | 'in'
  /** column >= value */
  | 'gte'
  /** column <= value */
  | 'lte'
  /** column ILIKE %value% (escaped) */
  | 'contains'
  /** true → column; false → no condition (a switch that narrows) */
  | 'is_true'
  /** `condition(value, bind)` builds the clause: for a search over several columns */
  | 'custom';

export interface FilterDeclaration {
  /** An SQL expression over the list's FROM, usually a qualified column. */
  column: string;
  op?: FilterOperator;
  /** For `custom`: the clause; `bind` adds a parameter and returns its placeholder. */
  condition?: (value: unknown, bind: (v: unknown) => string) => string | null;
  /** A cast applied to the parameter (`$1::timestamptz`), where the driver's guess would be wrong. */
  cast?: string;
}

export interface OrderTerm {
  column: string;
  descending?: boolean;
  /** The column holds no null: a keyset walk upwards can then use one row comparison (an index range). */
  notNull?: boolean;
}

interface OrderingDeclaration {
  /** The column sorted on; an index must start with it (with the key as tie-breaker) to keep pages fast. */
  column: string;
  notNull?: boolean;
}

/**
 * Count policy. `exact`: small tables (users, groups, pairs). `capped`: big tables count exactly up to
 * `cap` matching rows past the page, then answer the planner's estimate (never less than what is known
 * to exist); a separate exact count is offered where the spec has one (logs/for_count/).
 */
type CountPolicy = { kind: 'exact' } | { kind: 'capped'; cap: number };

export interface ListDeclaration<Q extends object = object> {
  /** For error messages and the bench. */
  name: string;
  /** The FROM clause (a table, or a table with joins). */
  from: string;
  /** The SELECT list of one result row. */
  columns: string;
  /**
   * The unique key column, in the same expression the indexes use (`logs.id`): the final tie-breaker of
   * every order and the deferred join's handle for deep pages.
   */
  key: string;
  /**
   * The key's own table, declared where every join of `from` keeps exactly one row per row of it (a join
   * on a NOT NULL foreign key, or a LEFT JOIN on a unique column), as `from` names it (`signals`, or with
   * its alias, `positions p`). A deep page's walk to its offset then reads this table alone whenever no
   * filter, order or scope names a joined table, so it can walk an index without visiting the rows it
   * skips; so do the list's counts.
   */
  keyTable?: string;
  /**
   * The first page and the pages reached by a link too find their keys before they read their rows (as a
   * deep page does): for a list whose orderings have no index of their own, so a sort over many rows sorts
   * the key table's narrow rows, not the joined, computed ones.
   */
  sortKeysFirst?: boolean;
  filters: { readonly [P in keyof Q]?: FilterDeclaration };
  /** The contracts' access rules of this list's query (what a Limited group may use). */
  access?: ListQueryAccess;
  orderings: Readonly<Record<string, OrderingDeclaration>>;
  /** The order without `?ordering=` (the key is appended as the last tie-breaker when not named). */
  defaultOrder: readonly OrderTerm[];
  defaultPageSize: number;
  count: CountPolicy;
  /** Conditions every query of this list carries (e.g. a list of active rows only). */
  always?: readonly string[];
}

/**
 * A declaration whose filter and ordering names are exactly those of the contracts' access rules, so the
 * guard checks the same params the SQL reads (a compile error otherwise).
 */
export function defineList<Q extends object, A extends ListQueryAccess>(
  access: A,
  list: Omit<ListDeclaration<Q>, 'filters' | 'orderings'> & {
    filters: { readonly [P in keyof NonNullable<A['filters']>]: FilterDeclaration };
    orderings: { readonly [P in keyof NonNullable<A['orderings']>]: OrderingDeclaration };
  },
): ListDeclaration<Q> {
  return { ...list, access } as ListDeclaration<Q>;
}
