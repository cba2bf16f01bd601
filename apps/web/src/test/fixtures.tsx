import { SECTIONS, type CurrentUser, type Level, type Perm, type SectionName } from '@console/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createApi, type ApiContextValue } from '../api/context';
import type { AuthState } from '../api/session-store';
import { AppProviders } from '../app/providers';

/** A user whose group gives `levels`, every other section `rest` (Full unless told). */
export function makeUser(levels: Partial<Record<SectionName, Level>> = {}, rest: Level = 'Full'): CurrentUser {
  const perms: Perm[] = SECTIONS.map((section) => ({
    section_name: section,
    status: levels[section] ?? rest,
    fields: [],
    filtering: true,
    sorting: true,
    is_only_finished: false,
    signals_count: 200,
  }));
  return { id: 7, email: 'operator@example.com', is_active: true, group: { id: 1, name: 'Operators', perms } };
}

/** A signed-in, verified session for `user` (no refresh token, so start-up leaves it alone). */
export function signedInState(user: CurrentUser): Partial<AuthState> {
  return { accessToken: 'access-1', isAuthenticated: true, isVerified: true, isInitialized: true, user };
}

export interface FakeRoute {
  method: string;
  path: string;
  status?: number;
  body?: unknown;
}

export type FakeFetch = typeof fetch & { calls: { method: string; url: string; body: unknown; auth: string | null; headers: Record<string, string> }[] };

/**
 * A fetch that answers from a handler; records every call. The handler gets the method, the path
 * without the API prefix, and the parsed body, and returns [status, body].
 */
export function fakeFetch(
  handler: (method: string, path: string, body: unknown, auth: string | null) => [number, unknown] | Promise<[number, unknown]>,
): FakeFetch {
  const calls: FakeFetch['calls'] = [];
  const impl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const auth = headers.Authorization ?? null;
    calls.push({ method, url, body, auth, headers });
    const [status, answer] = await handler(method, url.replace(/^\/api\/v2/, ''), body, auth);
    const text = answer === undefined ? '' : typeof answer === 'string' ? answer : JSON.stringify(answer);
    return new Response(text || null, { status });
  };
  return Object.assign(impl, { calls }) as FakeFetch;
}

export function makeApi(state: Partial<AuthState> = {}, fetchImpl?: typeof fetch): ApiContextValue {
  const api = createApi(fetchImpl ?? fakeFetch(() => [404, { detail: 'Not found.' }]), null);
  api.store.update(state);
  return api;
}

export function renderWithApp(ui: ReactNode, { api = makeApi(), path = '/' }: { api?: ApiContextValue; path?: string } = {}) {
  const result = render(
    <AppProviders api={api}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, api };
}
