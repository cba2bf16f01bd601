import { describe, expect, it } from 'vitest';
import { FORMATS } from './columns';
import { GROUP_RESOURCE } from './groups';
import { LOG_RESOURCE } from './logs';
import { MM_PROFILE_RESOURCE } from './mm-profiles';
import { defineResource, orderingOf, sortableFields } from './resource';
import { ORDER_RESOURCE } from './order-columns';
import { LOST_POSITION_RESOURCE, POSITION_RESOURCE } from './positions';
import { SIGNAL_RESOURCE } from './signal-columns';
import { ACCOUNT_STATS_RESOURCE, PROFILE_STATS_RESOURCE } from './stats-columns';
import { STRATEGY_PROFILE_RESOURCE } from './strategy-profiles';
import { TICKER_CONFIG_RESOURCE } from './ticker-configs';
import { USER_RESOURCE } from './users';

interface Row {
  id: string;
  created_at: string;
  pair: string;
  size: number;
}

const LIST = defineResource<Row>()({
  name: 'orders',
  section: 'orders',
  columns: [
    { field: 'id', header: 'ID', format: FORMATS.integer, limited: true },
    { field: 'created_at', header: 'Created', format: FORMATS.dateTime, limited: true },
    { field: 'pair', header: 'Pair', format: FORMATS.text, limited: true },
    { field: 'size', header: 'Size', format: FORMATS.money(2), limited: false },
  ],
  query: { filters: { pair__ticker: 'pair' }, orderings: { created_at: 'created_at', amount: 'size' } },
});

describe('resources', () => {
  it('sorts a column by the ordering that reads its field, under its own name first', () => {
    expect(orderingOf(LIST, 'created_at')).toBe('created_at');
    expect(orderingOf(LIST, 'size')).toBe('amount');
    expect(orderingOf(LIST, 'pair')).toBeUndefined();
    expect(sortableFields(LIST)).toEqual(['created_at', 'size']);
  });

  it('offers the signals table exactly the orderings its query declares', () => {
    expect(sortableFields(SIGNAL_RESOURCE)).toEqual(Object.keys(SIGNAL_RESOURCE.query.orderings));
  });

  it('offers the profile and platform tables the sorts their screens have, and no other', () => {
    expect(sortableFields(STRATEGY_PROFILE_RESOURCE)).toEqual(['profile_direction']);
    expect(sortableFields(TICKER_CONFIG_RESOURCE)).toEqual(['created_at', 'updated_at']);
    expect(sortableFields(MM_PROFILE_RESOURCE)).toEqual([]);
    expect(sortableFields(LOG_RESOURCE)).toEqual([]);
    expect(sortableFields(USER_RESOURCE)).toEqual([]);
    expect(sortableFields(GROUP_RESOURCE)).toEqual([]);
  });

  it('offers each trading table a column for every ordering its query declares', () => {
    expect(sortableFields(ORDER_RESOURCE)).toEqual(['created_at']);
    expect(sortableFields(POSITION_RESOURCE).sort()).toEqual(Object.keys(POSITION_RESOURCE.query.orderings).sort());
    expect(sortableFields(LOST_POSITION_RESOURCE)).toEqual([]);
    expect(sortableFields(PROFILE_STATS_RESOURCE).sort()).toEqual(Object.keys(PROFILE_STATS_RESOURCE.query.orderings).sort());
    expect(sortableFields(ACCOUNT_STATS_RESOURCE).sort()).toEqual(Object.keys(ACCOUNT_STATS_RESOURCE.query.orderings).sort());
  });
});
