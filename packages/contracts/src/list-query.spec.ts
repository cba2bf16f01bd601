import { describe, expect, it } from 'vitest';
import { limitedQueryRefusal, mayFilterBy, mayOrderBy, type ListQueryAccess } from './list-query';
import { LOG_FILTER_OPTIONS_QUERY, LOG_LIST_QUERY } from './logs';
import { defaultPerm, type Perm } from './perms';

const limited = (p: Partial<Perm> = {}): Perm => ({ ...defaultPerm('logs', 'Limited'), filtering: true, sorting: true, ...p });
const LIST: ListQueryAccess = { filters: { status: 'status', pair: 'pair_id' }, orderings: { id: 'id', pair: 'pair_name' } };

describe('limitedQueryRefusal', () => {
  it('refuses a filter or an ordering on a field the group does not see, and allows it on one it sees', () => {
    const narrow = limited({ fields: ['pair_id'] });
    expect(limitedQueryRefusal(narrow, LIST, { status: 'open' })).toBe('fieldNotAllowed');
    expect(limitedQueryRefusal(narrow, LIST, { pair: '3' })).toBeNull();
    expect(limitedQueryRefusal(narrow, LIST, { ordering: '-pair' })).toBe('fieldNotAllowed');
    expect(limitedQueryRefusal(narrow, LIST, { ordering: '-id' })).toBeNull();
    expect(limitedQueryRefusal(limited({ fields: ['pair_name'] }), LIST, { ordering: 'id,-pair' })).toBeNull();
  });

  it('refuses what the list does not declare: an unknown param, ordering key or lookup', () => {
    const all = limited({ fields: ['status', 'pair_id', 'pair_name'] });
    expect(limitedQueryRefusal(all, LIST, { search: 'x' })).toBe('fieldNotAllowed');
    expect(limitedQueryRefusal(all, LIST, { ordering: 'created_at' })).toBe('fieldNotAllowed');
    expect(limitedQueryRefusal(all, { filters: LIST.filters }, { ordering: 'id' })).toBe('fieldNotAllowed');
    expect(limitedQueryRefusal(all, LOG_FILTER_OPTIONS_QUERY, { field: 'status' })).toBe('fieldNotAllowed');
    expect(limitedQueryRefusal(all, LOG_FILTER_OPTIONS_QUERY, { field: 'toString' })).toBe('fieldNotAllowed');
    expect(limitedQueryRefusal(all, LIST, { page: '2', page_size: '40', status: '' })).toBeNull();
  });

  it('keeps the switches: filtering off refuses filters and lookups, sorting off refuses orderings', () => {
    const off = limited({ fields: ['status', 'pair_id', 'pair_name'], filtering: false, sorting: false });
    expect(limitedQueryRefusal(off, LIST, { pair: '3' })).toBe('filteringNotAllowed');
    expect(limitedQueryRefusal(off, LIST, { ordering: 'id' })).toBe('sortingNotAllowed');
    expect(limitedQueryRefusal(off, LOG_FILTER_OPTIONS_QUERY, { field: 'pair' })).toBe('filteringNotAllowed');
  });

  it('answers the logs lookups by the field each one lists', () => {
    const pairOnly = limited({ fields: ['pair_id'] });
    expect(limitedQueryRefusal(pairOnly, LOG_FILTER_OPTIONS_QUERY, { field: 'pair', id: '1', search: 'BTC' })).toBeNull();
    expect(limitedQueryRefusal(pairOnly, LOG_FILTER_OPTIONS_QUERY, { field: 'profile' })).toBe('fieldNotAllowed');
    expect(limitedQueryRefusal(limited(), LOG_FILTER_OPTIONS_QUERY, { field: 'pair', id: '1' })).toBe('fieldNotAllowed');
    expect(limitedQueryRefusal(pairOnly, LOG_LIST_QUERY, { signal_id: '1' })).toBe('fieldNotAllowed');
  });

  it('never refuses at Full or ReadOnly', () => {
    expect(limitedQueryRefusal(defaultPerm('logs', 'Full'), LIST, { anything: '1', ordering: 'x' })).toBeNull();
    expect(limitedQueryRefusal(defaultPerm('logs', 'ReadOnly'), LIST, { status: 'open' })).toBeNull();
  });
});

describe('mayFilterBy and mayOrderBy (what the SPA offers)', () => {
  it('offer only declared filters and orderings on fields the group sees', () => {
    const narrow = limited({ fields: ['pair_id'] });
    expect(mayFilterBy(narrow, LIST, 'pair')).toBe(true);
    expect(mayFilterBy(narrow, LIST, 'status')).toBe(false);
    expect(mayFilterBy(defaultPerm('logs', 'Full'), LIST, 'nope')).toBe(false);
    expect(mayOrderBy(narrow, LIST, '-id')).toBe(true);
    expect(mayOrderBy(narrow, LIST, 'pair')).toBe(false);
    expect(mayOrderBy(limited({ fields: ['pair_id'], filtering: false }), LIST, 'id')).toBe(true);
    expect(mayFilterBy(limited({ fields: ['pair_id'], filtering: false }), LIST, 'pair')).toBe(false);
  });
});
