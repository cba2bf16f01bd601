export type QueryValue = string | number | boolean | null | undefined;

/**
 * The filter query builder: drops empty strings, null and undefined, URL-encodes the
 * rest. Returns the query without its leading '?', or '' when nothing is left.
 */
export function buildQuery(params: Record<string, QueryValue | readonly QueryValue[]>): string {
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(params)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values as QueryValue[]) {
      if (value === '' || value === null || value === undefined) continue;
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}

export function withQuery(path: string, params?: Record<string, QueryValue | readonly QueryValue[]>): string {
  const query = params ? buildQuery(params) : '';
  return query ? `${path}?${query}` : path;
}
