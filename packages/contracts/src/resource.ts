/**
 * One declaration per list: the row type it answers, its section, its columns in the screen's order
 * (header, format, whether a Limited group sees it) and the query it takes (each filter and ordering
 * with the field it reads). Everything else derives from it: the API's list declaration checks its
 * filters and orderings against `query`, the guard refuses at Limited what `query` does not open, the
 * SPA's table takes its headers, order, formats and sortable columns from it, and the xlsx sheet writes
 * the same columns. A column, filter or ordering that names a field the row does not have, or a
 * `limited` flag that disagrees with the section's Limited fields, does not compile.
 */
import type { CheckedColumn, ColumnSet } from './columns';
import type { ListQueryAccess } from './list-query';
import type { SectionName } from './sections';

/**
 * The resources by their wire name: what the live stream's events name and what the SPA's query keys
 * start with, so an event of a resource refreshes exactly that resource's screens.
 */
export const RESOURCE_NAMES = [
  'signals',
  'orders',
  'positions',
  'lost-positions',
  'strategy-profiles',
  'mm-profiles',
  'ticker-configs',
  'risk-controls',
  'profiles-stats',
  'account-stats',
  'months-stats',
  'charts',
  'logs',
  'notifications',
  'users',
  'groups',
  'sessions',
  'api-tokens',
  'alert-channels',
  'exchange-accounts',
  'pairs',
  'bot-status',
  'tg-bot-settings',
  'smtp-settings',
  'investor-reports',
  'exports',
  'engine-commands',
  'market-data',
  'backtests',
] as const;
export type ResourceName = (typeof RESOURCE_NAMES)[number];

/** A list's query access whose filters and orderings read fields of its row (or a Limited-only field such as an action gate). */
export interface RowQueryAccess<Row> extends ListQueryAccess {
  filters?: Readonly<Record<string, keyof Row & string>>;
  orderings?: Readonly<Record<string, keyof Row & string>>;
}

export interface Resource<Row, Q extends ListQueryAccess = ListQueryAccess> extends ColumnSet<Row> {
  name: ResourceName;
  query: Q;
}

/**
 * Declares a list resource. Curried so the row type is given and the rest inferred:
 * `defineResource<SignalRow>()({ name: 'signals', section: 'signals', columns: [...], query: {...} })`.
 */
export function defineResource<Row>() {
  return <S extends SectionName, const Q extends RowQueryAccess<Row>>(declaration: {
    name: ResourceName;
    section: S;
    columns: readonly CheckedColumn<Row, S>[];
    query: Q;
  }): Resource<Row, Q> => ({
    name: declaration.name,
    section: declaration.section,
    columns: declaration.columns,
    query: declaration.query,
  });
}

/** The ordering key that sorts a resource by this field (the key's own name first), or undefined. */
export function orderingOf<Row>(resource: Resource<Row>, field: string): string | undefined {
  const orderings: Readonly<Record<string, string>> = resource.query.orderings ?? {};
  if (orderings[field] === field) return field;
  return Object.keys(orderings).find((key) => orderings[key] === field);
}

/** The columns a resource can be sorted by, as the screen offers them. */
export function sortableFields<Row>(resource: Resource<Row>): string[] {
  return resource.columns.map((c) => c.field).filter((field) => orderingOf(resource, field) !== undefined);
}
