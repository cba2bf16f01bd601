import { useCallback } from 'react';
import { useApi, type ApiContextValue } from '../api/context';
import { getCurrentUser } from './api/get-current-user';
import { logout } from './api/logout';

/**
 * Page load (platform.md 4): with a stored refresh token, refresh it, then load the current user;
 * the app is initialised either way, and logged out when the refresh fails.
 */
export async function initialiseSession({ client, store }: ApiContextValue): Promise<void> {
  if (!store.getState().refreshToken) {
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

/** Sends the refresh token to be revoked, then clears the session whatever the answer. */
export async function endSession({ client, store }: ApiContextValue): Promise<void> {
  const refreshToken = store.getState().refreshToken;
  try {
    if (refreshToken) await logout(client, refreshToken);
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
