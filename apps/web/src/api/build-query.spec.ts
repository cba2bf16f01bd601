import { describe, expect, it } from 'vitest';
import { buildQuery, withQuery } from './build-query';

describe('buildQuery', () => {
  it('drops empty strings, null and undefined but keeps 0 and false', () => {
    expect(buildQuery({ page: 1, pair: '', profile: null, type: undefined, signal_id: 0, show_missed: false })).toBe(
      'page=1&signal_id=0&show_missed=false',
    );
  });

  it('URL-encodes keys and values', () => {
    expect(buildQuery({ search: 'BTC/USDT & more', 'a b': 'ü' })).toBe('search=BTC%2FUSDT%20%26%20more&a%20b=%C3%BC');
  });

  it('repeats a key for list values', () => {
    expect(buildQuery({ status: ['open', '', 'closed'] })).toBe('status=open&status=closed');
  });

  it('adds the query to a path only when something is left', () => {
    expect(withQuery('/logs/', { page: 2, type: '' })).toBe('/logs/?page=2');
    expect(withQuery('/logs/', { type: '' })).toBe('/logs/');
  });
});
