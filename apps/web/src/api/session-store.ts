import type { CurrentUser, RefreshAnswer, TokenPair } from '@console/contracts';

/** The auth state of platform.md section 3. Only the two tokens outlive the page. */
export interface AuthState {
  refreshToken: string | null;
  accessToken: string | null;
  isAuthenticated: boolean;
  isInitialized: boolean;
  user: CurrentUser | null;
  qrCode: string | null;
  isVerifiedBefore: boolean;
  isVerified: boolean;
}

export const TOKEN_KEYS = { refresh: 'refreshToken', access: 'accessToken' } as const;

export interface SessionStore {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  update(patch: Partial<AuthState>): void;
  /** Login success: authenticated, not yet verified (platform.md 4). */
  signedIn(tokens: TokenPair): void;
  /** Second-factor success: verified, with the user it belongs to. */
  verified(tokens: TokenPair, user: CurrentUser): void;
  /** Token refresh success: both tokens and the verified flag. */
  refreshed(answer: RefreshAnswer): void;
  /** Logout, or a failed refresh: no tokens, not authenticated, initialised. */
  loggedOut(): void;
}

function readToken(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function createSessionStore(storage: Storage | null = globalThis.localStorage ?? null): SessionStore {
  let state: AuthState = {
    refreshToken: readToken(storage, TOKEN_KEYS.refresh),
    accessToken: readToken(storage, TOKEN_KEYS.access),
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
      for (const [key, value] of [
        [TOKEN_KEYS.refresh, next.refreshToken],
        [TOKEN_KEYS.access, next.accessToken],
      ] as const) {
        if (value) storage?.setItem(key, value);
        else storage?.removeItem(key);
      }
    } catch {
      // Storage may be unavailable (private mode); the session then lasts for the page only.
    }
  }

  function update(patch: Partial<AuthState>) {
    state = { ...state, ...patch };
    if ('refreshToken' in patch || 'accessToken' in patch) persist(state);
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
      update({ refreshToken: tokens.refresh, accessToken: tokens.access, isAuthenticated: true, isVerified: false }),
    verified: (tokens, user) =>
      update({
        refreshToken: tokens.refresh,
        accessToken: tokens.access,
        isAuthenticated: true,
        isVerified: true,
        isInitialized: true,
        user,
      }),
    refreshed: (answer) =>
      update({
        refreshToken: answer.refresh,
        accessToken: answer.access,
        isAuthenticated: true,
        isVerified: answer.is_sec_factor_passed,
      }),
    loggedOut: () =>
      update({
        refreshToken: null,
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
