import { useCallback } from 'react';
import { useApi, type ApiContextValue } from '../api/context';
import { getCurrentUser } from './api/get-current-user';
import { logout } from './api/logout';

/**
 * Page load: when a session may exist, refresh it (the cookie), then load the current
 * user; the app is initialised either way, and logged out when the refresh fails.
 */
export async function initialiseSession({ client, store }: ApiContextValue): Promise<void> {
  if (!store.getState().hasSession) {
    store.update({ isInitialized: true });
    return;
  }
  if (!(await client.refreshTokens())) return;
  if (!store.getState().isVerified) {
    store.update({ isInitialized: true });
    return;
  }
  try {
    const user = await getCurrentUser(client);
    store.update({ user, isInitialized: true });
  } catch {
    store.loggedOut();
  }
}

/** Has the session's refresh token (the cookie) revoked, then clears the session whatever the answer. */
export async function endSession({ client, store }: ApiContextValue): Promise<void> {
  try {
    if (store.getState().hasSession) await logout(client);
  } catch (error) {
    console.error('Logout failed', error);
  } finally {
    store.loggedOut();
  }
}

export function useLogout(): () => Promise<void> {
  const api = useApi();
  return useCallback(() => endSession(api), [api]);
}
