import { describe, expect, it } from 'vitest';
import { ERROR_CODES, REFRESH_COOKIE } from '@console/contracts';
import { fakeFetch } from '../test/fixtures';
import { createApi } from './context';

const expired = [401, { code: ERROR_CODES.tokenNotValid, detail: 'Token expired' }] as [number, unknown];

describe('the HTTP client', () => {
  it('refreshes through the cookie once for concurrent requests, then retries each with the new token', async () => {
    const fetch = fakeFetch((method, path, _body, auth) => {
      if (path === '/users/token-refresh/') return [200, { access: 'fresh', refresh: '', is_sec_factor_passed: true }];
      return auth === 'Bearer fresh' ? [200, { path }] : expired;
    });
    const api = createApi(fetch, null);
    api.store.update({ hasSession: true, accessToken: 'stale', isAuthenticated: true, isVerified: true });

    const answers = await Promise.all([api.client.get('/logs/'), api.client.get('/notifications/')]);
    expect(answers).toEqual([{ path: '/logs/' }, { path: '/notifications/' }]);
    const refreshes = fetch.calls.filter((c) => c.url.endsWith('/users/token-refresh/'));
    expect(refreshes).toHaveLength(1);
    // Cookie mode: the header asks for it, and no refresh token is in the body.
    expect(refreshes[0].headers[REFRESH_COOKIE.header]).toBe('1');
    expect(refreshes[0].body).toEqual({});
    expect(api.store.getState().accessToken).toBe('fresh');
  });

  it('logs out when the refresh fails, and keeps no token in storage at any point', async () => {
    const storage = new Map<string, string>();
    const fakeStorage = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    } as Storage;
    const fetch = fakeFetch((_m, path) => (path === '/users/token-refresh/' ? [401, { code: ERROR_CODES.tokenNotValid, detail: 'no' }] : expired));
    const api = createApi(fetch, fakeStorage);
    api.store.signedIn({ access: 'a-secret-access-token', refresh: '' });
    expect([...storage.values()]).toEqual(['1']);

    await expect(api.client.get('/logs/')).rejects.toMatchObject({ status: 401 });
    expect(api.store.getState()).toMatchObject({ isAuthenticated: false, accessToken: null, hasSession: false });
    expect(storage.size).toBe(0);
  });

  it('retries a request sent with a token another request has since replaced, without refreshing again', async () => {
    const store = { current: null as ReturnType<typeof createApi> | null };
    const fetch = fakeFetch((_m, path, _b, auth) => {
      if (path === '/users/token-refresh/') return [200, { access: 'other', refresh: '', is_sec_factor_passed: true }];
      if (auth === 'Bearer stale') {
        // Another request refreshed while this one was on its way.
        store.current?.store.update({ accessToken: 'fresh' });
        return expired;
      }
      return auth === 'Bearer fresh' ? [200, { ok: true }] : expired;
    });
    const api = (store.current = createApi(fetch, null));
    api.store.update({ hasSession: true, accessToken: 'stale', isAuthenticated: true, isVerified: true });
    await expect(api.client.get('/logs/')).resolves.toEqual({ ok: true });
    expect(fetch.calls.some((c) => c.url.endsWith('/users/token-refresh/'))).toBe(false);
    expect(api.store.getState().accessToken).toBe('fresh');
  });

  it('refreshes at most once per request: a retry refused again ends with the error', async () => {
    const fetch = fakeFetch((_m, path) => (path === '/users/token-refresh/' ? [200, { access: 'fresh', refresh: '', is_sec_factor_passed: true }] : expired));
    const api = createApi(fetch, null);
    api.store.update({ hasSession: true, accessToken: 'stale', isAuthenticated: true, isVerified: true });
    await expect(api.client.get('/logs/')).rejects.toMatchObject({ status: 401 });
    expect(fetch.calls.map((c) => c.url)).toEqual(['/api/v2/logs/', '/api/v2/users/token-refresh/', '/api/v2/logs/']);
  });

  it('refreshes only on token_not_valid, and never for a request sent without auth', async () => {
    const fetch = fakeFetch((_m, path) => {
      if (path === '/users/token-refresh/') return [200, { access: 'fresh', refresh: '', is_sec_factor_passed: true }];
      if (path === '/users/login/') return expired;
      return [401, { code: 'second_factor_required', detail: 'no' }];
    });
    const api = createApi(fetch, null);
    api.store.update({ hasSession: true, accessToken: 'stale', isAuthenticated: true, isVerified: true });
    await expect(api.client.get('/logs/')).rejects.toMatchObject({ status: 401 });
    await expect(api.client.post('/users/login/', {}, { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(fetch.calls.some((c) => c.url.endsWith('/users/token-refresh/'))).toBe(false);
    // The sign-in request goes once, and never with a token.
    expect(fetch.calls.filter((c) => c.url.endsWith('/users/login/')).map((c) => c.auth)).toEqual([null]);
  });

  it('logs out without asking when there is no session to refresh', async () => {
    const fetch = fakeFetch(() => expired);
    const api = createApi(fetch, null);
    api.store.update({ hasSession: false, accessToken: 'stale', isAuthenticated: true, isVerified: true });
    await expect(api.client.get('/logs/')).rejects.toMatchObject({ status: 401 });
    expect(fetch.calls.some((c) => c.url.endsWith('/users/token-refresh/'))).toBe(false);
    expect(api.store.getState()).toMatchObject({ isAuthenticated: false, accessToken: null, isInitialized: true });
  });
});
