import { API_PATHS, API_PREFIX, ERROR_CODES, IDEMPOTENCY_KEY_HEADER, REFRESH_COOKIE, type RefreshAnswer } from '@console/contracts';
import { withQuery, type QueryValue } from './build-query';
import { HttpError } from './errors';
import type { SessionStore } from './session-store';

export interface RequestOptions {
  body?: unknown;
  params?: Record<string, QueryValue | readonly QueryValue[]>;
  /** Send the access token and refresh it on token_not_valid (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** 'blob': the answer is a file (an export), handed over as a Blob instead of parsed. */
  as?: 'json' | 'blob';
  /** Names the user action this request carries out: the API answers the same key with the same engine command. */
  idempotencyKey?: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Refreshes the tokens; concurrent callers share one call. False (and logged out) when it fails. */
  refreshTokens(): Promise<boolean>;
}

export interface ApiClientConfig {
  store: SessionStore;
  fetch?: typeof fetch;
  prefix?: string;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one HTTP client: Bearer access token; a 401 with token_not_valid refreshes the tokens once and
 * retries the request; concurrent requests share one refresh; a failed refresh logs the user out.
 */
export function createApiClient({ store, fetch: fetchImpl, prefix = API_PREFIX }: ApiClientConfig): ApiClient {
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let refreshing: Promise<boolean> | null = null;

  async function send<T>(method: HttpMethod, path: string, options: RequestOptions, token: string | null): Promise<T> {
    // Cookie mode: the API keeps the refresh token in an httpOnly cookie and leaves it out of answers.
    const headers: Record<string, string> = { Accept: 'application/json', [REFRESH_COOKIE.header]: '1' };
    // A form (file uploads) goes as multipart: fetch writes its Content-Type with the boundary.
    const form = options.body instanceof FormData;
    if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
    const response = await doFetch(prefix + withQuery(path, options.params), {
      method,
      headers,
      body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
    if (response.ok && options.as === 'blob') return (await response.blob()) as T;
    const body = await readBody(response);
    if (!response.ok) throw new HttpError(response.status, body);
    return body as T;
  }

  function refreshTokens(): Promise<boolean> {
    if (refreshing) return refreshing;
    refreshing = (async () => {
      if (!store.getState().hasSession) {
        store.loggedOut();
        return false;
      }
      try {
        // The cookie is shared by every tab and each refresh token is single-use: tabs take turns.
        const answer = await oneTabAtATime(() => send<RefreshAnswer>('POST', API_PATHS.tokenRefresh, { body: {} }, null));
        store.refreshed(answer);
        return true;
      } catch {
        store.loggedOut();
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const auth = options.auth ?? true;
    const token = auth ? store.getState().accessToken : null;
    try {
      return await send<T>(method, path, options, token);
    } catch (error) {
      const tokenRejected =
        auth && error instanceof HttpError && error.status === 401 && error.code === ERROR_CODES.tokenNotValid;
      if (!tokenRejected) throw error;
      // Another request may already have refreshed the token this one was sent with.
      const current = store.getState().accessToken;
      const fresh = current && current !== token ? true : await refreshTokens();
      if (!fresh) throw error;
      return send<T>(method, path, options, store.getState().accessToken);
    }
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
    refreshTokens,
  };
}

/** Runs `work` under a lock shared by this origin's tabs (Web Locks), or directly where there are none. */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request('console-token-refresh', work) : work();
}
