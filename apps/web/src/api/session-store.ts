import type { CurrentUser, RefreshAnswer, TokenPair } from '@console/contracts';

/**
 * The auth state. No token outlives the page: the access token lives in memory
 * and the refresh token in an httpOnly cookie the page cannot read. Only `hasSession`, a hint that such a
 * cookie may exist (so a reload tries to refresh), is kept in storage.
 */
export interface AuthState {
  hasSession: boolean;
  accessToken: string | null;
  isAuthenticated: boolean;
  isInitialized: boolean;
  user: CurrentUser | null;
  qrCode: string | null;
  isVerifiedBefore: boolean;
  isVerified: boolean;
}

export const SESSION_HINT_KEY = 'hasSession';

export interface SessionStore {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  update(patch: Partial<AuthState>): void;
  /** Login success: authenticated, not yet verified. */
  signedIn(tokens: TokenPair): void;
  /** Second-factor success: verified, with the user it belongs to. */
  verified(tokens: TokenPair, user: CurrentUser): void;
  /** Token refresh success: both tokens and the verified flag. */
  refreshed(answer: RefreshAnswer): void;
  /** Logout, or a failed refresh: no tokens, not authenticated, initialised. */
  loggedOut(): void;
}

function readHint(storage: Storage | null): boolean {
  try {
    return storage?.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function createSessionStore(storage: Storage | null = globalThis.localStorage ?? null): SessionStore {
  let state: AuthState = {
    hasSession: readHint(storage),
    accessToken: null,
    isAuthenticated: false,
    isInitialized: false,
    user: null,
    qrCode: null,
    isVerifiedBefore: false,
    isVerified: false,
  };
  const listeners = new Set<() => void>();

  function persist(next: AuthState) {
    try {
      if (next.hasSession) storage?.setItem(SESSION_HINT_KEY, '1');
      else storage?.removeItem(SESSION_HINT_KEY);
    } catch {
      // Storage may be unavailable (private mode); a reload then shows the login page.
    }
  }

  function update(patch: Partial<AuthState>) {
    state = { ...state, ...patch };
    if ('hasSession' in patch) persist(state);
    listeners.forEach((listener) => listener());
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update,
    signedIn: (tokens) =>
      update({ hasSession: true, accessToken: tokens.access, isAuthenticated: true, isVerified: false }),
    verified: (tokens, user) =>
      update({
        hasSession: true,
        accessToken: tokens.access,
        isAuthenticated: true,
        isVerified: true,
        isInitialized: true,
        user,
      }),
    refreshed: (answer) =>
      update({
        hasSession: true,
        accessToken: answer.access,
        isAuthenticated: true,
        isVerified: answer.is_sec_factor_passed,
      }),
    loggedOut: () =>
      update({
        hasSession: false,
        accessToken: null,
        isAuthenticated: false,
        isVerified: false,
        isInitialized: true,
        user: null,
        qrCode: null,
        isVerifiedBefore: false,
      }),
  };
}
