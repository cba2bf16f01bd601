import type { Request, Response } from 'express';
import { API_PATHS, API_PREFIX, REFRESH_COOKIE } from '@console/contracts';

/** The two paths the cookie is sent to: nothing else ever carries the refresh token. */
const COOKIE_PATHS = [API_PREFIX + API_PATHS.tokenRefresh, API_PREFIX + API_PATHS.logout];

/** The SPA asks for cookie mode on every call; API clients that are not a browser never do. */
function wantsRefreshCookie(req: Request): boolean {
  return req.get(REFRESH_COOKIE.header) === '1';
}

/** The refresh token from the cookie, when the request is in cookie mode (the header is the CSRF guard). */
export function refreshFromCookie(req: Request): string | undefined {
  if (!wantsRefreshCookie(req)) return undefined;
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === REFRESH_COOKIE.name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * In cookie mode, moves the refresh token from the answer into an httpOnly, SameSite=Strict cookie
 * (Secure over TLS) and answers an empty `refresh`; otherwise answers the body as the spec has it.
 */
export function keepRefreshInCookie<T extends { refresh: string }>(req: Request, res: Response, answer: T, maxAgeSeconds: number): T {
  if (!wantsRefreshCookie(req)) return answer;
  for (const path of COOKIE_PATHS) {
    res.cookie(REFRESH_COOKIE.name, answer.refresh, { httpOnly: true, sameSite: 'strict', secure: req.secure, path, maxAge: maxAgeSeconds * 1000 });
  }
  return { ...answer, refresh: '' };
}

export function clearRefreshCookie(req: Request, res: Response): void {
  for (const path of COOKIE_PATHS) res.clearCookie(REFRESH_COOKIE.name, { httpOnly: true, sameSite: 'strict', secure: req.secure, path });
}
