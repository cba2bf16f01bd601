import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from './client';
import { createSessionStore, type AuthState, type SessionStore } from './session-store';

export interface ApiContextValue {
  client: ApiClient;
  store: SessionStore;
}

/** The app-wide client and session store; tests provide their own with a fake fetch. */
export function createApi(fetchImpl?: typeof fetch, storage?: Storage | null): ApiContextValue {
  const store = createSessionStore(storage);
  return { store, client: createApiClient({ store, fetch: fetchImpl }) };
}

const ApiContext = createContext<ApiContextValue | null>(null);

export function ApiProvider({ api, children }: { api: ApiContextValue; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiContextValue {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi must be used inside <ApiProvider>');
  return api;
}

export function useApiClient(): ApiClient {
  return useApi().client;
}

/** The current auth state, re-rendering on every change. */
export function useAuthState(): AuthState {
  const { store } = useApi();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
