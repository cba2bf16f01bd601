/**
 * What a list lets a Limited group do with its query string. Each list declares every filter, ordering
 * and option lookup it takes, and the field each one reads; the API's guard refuses, and the SPA hides,
 * what a group may not use. A hidden column is neither filtered, sorted nor looked up on.
 */
import { isFieldAllowed, type Perm } from './perms';

export interface ListQueryAccess {
  /** Filter param → the field it filters on. */
  filters?: Readonly<Record<string, string>>;
  /** Ordering key (`?ordering=key`, `-key`, comma-separated) → the field it sorts on. */
  orderings?: Readonly<Record<string, string>>;
  /**
   * A filter-option lookup (`for_filters`): `param` picks the filter, each of its values → the field whose
   * options are listed; `narrowing` params (search, id) only narrow that lookup.
   */
  options?: { param: string; fields: Readonly<Record<string, string>>; narrowing?: readonly string[] };
}

/**
 * Params every list takes at every level. `cursor` comes only inside the API's own next/previous links:
 * it continues from the last row seen (keyset) so that following them stays fast however deep.
 */
const PAGING_PARAMS: readonly string[] = ['page', 'page_size', 'cursor'];
export const CURSOR_MAX_LENGTH = 512;
const ORDERING_PARAM = 'ordering';

/** Why a Limited query is refused: a key of the message catalogue (OWN_MESSAGES). */
type LimitedQueryRefusal = 'filteringNotAllowed' | 'sortingNotAllowed' | 'fieldNotAllowed';

/** Whether the group may filter this list by `param` (a declared filter on a field it sees). */
export function mayFilterBy(perm: Perm, access: ListQueryAccess, param: string): boolean {
  const filters = access.filters ?? {};
  return Object.hasOwn(filters, param) && filterRefusal(perm, filters[param]) === null;
}

/** Whether the group may sort this list by `key` (with or without a leading '-'). */
export function mayOrderBy(perm: Perm, access: ListQueryAccess, key: string): boolean {
  return Object.hasOwn(access.orderings ?? {}, key.trim().replace(/^-/, '')) && orderingRefusal(perm, access, key) === null;
}

/**
 * At Limited: the first reason to refuse a query, or null. Filtering and sorting must be switched on for
 * the group, each filter, ordering or lookup must be declared and read a field among the group's, and a
 * param the list does not declare is refused (so a filter added without a declaration stays closed).
 * Other levels are never refused here; empty values count as absent.
 */
export function limitedQueryRefusal(perm: Perm, access: ListQueryAccess, query: Readonly<Record<string, unknown>>): LimitedQueryRefusal | null {
  if (perm.status !== 'Limited') return null;
  for (const [param, value] of Object.entries(query)) {
    if (!isPresent(value) || PAGING_PARAMS.includes(param)) continue;
    const refusal = paramRefusal(perm, access, param, value);
    if (refusal) return refusal;
  }
  return null;
}

function paramRefusal(perm: Perm, access: ListQueryAccess, param: string, value: unknown): LimitedQueryRefusal | null {
  if (access.filters && Object.hasOwn(access.filters, param)) return filterRefusal(perm, access.filters[param]);
  if (param === ORDERING_PARAM) {
    for (const key of String(value).split(',')) {
      const refusal = orderingRefusal(perm, access, key);
      if (refusal) return refusal;
    }
    return null;
  }
  const options = access.options;
  if (options && param === options.param) {
    const fields = options.fields;
    return filterRefusal(perm, Object.hasOwn(fields, String(value)) ? fields[String(value)] : undefined);
  }
  if (options?.narrowing?.includes(param)) return null;
  return 'fieldNotAllowed';
}

function filterRefusal(perm: Perm, field: string | undefined): LimitedQueryRefusal | null {
  if (perm.status === 'NP') return 'fieldNotAllowed';
  if (perm.status !== 'Limited') return null;
  if (!perm.filtering) return 'filteringNotAllowed';
  return field !== undefined && isFieldAllowed(perm, field) ? null : 'fieldNotAllowed';
}

function orderingRefusal(perm: Perm, access: ListQueryAccess, key: string): LimitedQueryRefusal | null {
  if (perm.status === 'NP') return 'fieldNotAllowed';
  if (perm.status !== 'Limited') return null;
  if (!perm.sorting) return 'sortingNotAllowed';
  const name = key.trim().replace(/^-/, '');
  const orderings = access.orderings ?? {};
  const field = Object.hasOwn(orderings, name) ? orderings[name] : undefined;
  return field !== undefined && isFieldAllowed(perm, field) ? null : 'fieldNotAllowed';
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}
