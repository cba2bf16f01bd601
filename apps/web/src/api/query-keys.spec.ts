import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pickerKeys, queryKeys, resourceKey, RESOURCES } from './query-keys';

/** Every key a factory entry builds, each function called with whatever arguments it takes (absent ones undefined). */
function builtKeys(entry: object): unknown[] {
  return Object.values(entry).map((value: unknown) => (typeof value === 'function' ? Reflect.apply(value, undefined, []) : value));
}

const UNCACHED: readonly string[] = ['exports', 'engine-commands'];

describe('the query key factory', () => {
  it('has one entry per resource the SPA reads (exports and engine commands are followed by the task, not cached), whose `all` is the resource key of its name', () => {
    const names = Object.values(queryKeys).map((entry) => entry.all[0]);
    expect([...names].sort()).toEqual(RESOURCES.filter((name) => !UNCACHED.includes(name)).sort());
    for (const entry of Object.values(queryKeys)) expect(entry.all).toEqual(resourceKey(entry.all[0]));
  });

  it('puts every key of a resource under its `all`, so invalidating `all` reaches all of them', () => {
    for (const entry of Object.values(queryKeys)) {
      for (const key of builtKeys(entry)) {
        expect(Array.isArray(key) && key.slice(0, 1)).toEqual(entry.all);
      }
    }
  });

  it("builds a picker's keys under its resource's options key", () => {
    const options = queryKeys.pairs.options();
    expect(pickerKeys.page(options, 'BTC').slice(0, 2)).toEqual(['pairs', 'options']);
    expect(pickerKeys.named(options, [3]).slice(0, 2)).toEqual(['pairs', 'options']);
  });

  it('invalidates every query of a resource through resourceKey, and none of another resource', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.signals.list({ page: 2 }), 'signals page');
    client.setQueryData(pickerKeys.page(queryKeys.strategyProfiles.options(), ''), 'profile options');
    client.setQueryData(queryKeys.strategyProfiles.detail(7), 'profile 7');
    await client.invalidateQueries({ queryKey: resourceKey('strategy-profiles') });
    const invalid = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey[0]);
    expect(invalid).toEqual(['strategy-profiles', 'strategy-profiles']);
  });
});
