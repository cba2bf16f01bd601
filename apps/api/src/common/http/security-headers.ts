/**
 * Security headers on every answer (helmet): one strict Content-Security-Policy for the SPA, the API
 * and the OpenAPI UI (whose scripts and styles are served from /api/docs itself; its validator badge,
 * the one thing it would fetch from elsewhere, is turned off in bootstrap). HSTS only where the
 * console is reached over TLS. Every directive is spelled out (no helmet defaults), so the policy
 * reads here whole.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { API_PREFIX, RECAPTCHA } from '@console/contracts';
import type { AppConfig } from '../config/config';

/** The SPA's needs: its own scripts only (no inline script, no eval); inline styles for MUI/Emotion,
 * which injects <style> at run time; data: images for the authenticator QR code. The ALTCHA proof of
 * work runs in the page with Web Crypto, so it needs no worker, blob: or wasm source. */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The policy for a deployment: with CAPTCHA_PROVIDER=recaptcha the sign-in page loads Google's script,
 * which draws its checkbox and challenge in frames, so those origins (and only then) are allowed.
 */
export function contentSecurityPolicy(captchaProvider: AppConfig['captchaProvider']): Record<string, string[]> {
  if (captchaProvider !== 'recaptcha') return CONTENT_SECURITY_POLICY;
  return {
    ...CONTENT_SECURITY_POLICY,
    'script-src': [...CONTENT_SECURITY_POLICY['script-src'], ...RECAPTCHA.scriptSources],
    'frame-src': ["'self'", ...RECAPTCHA.frameSources],
  };
}

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export function securityHeaders({ publicUrl, captchaProvider }: Pick<AppConfig, 'publicUrl' | 'captchaProvider'>): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(captchaProvider) },
    // Sent below, only over TLS.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  // A console published on https:// is behind TLS even where the proxy in front does not say so.
  const publishedOverTls = publicUrl.startsWith('https:');
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.secure || publishedOverTls) res.setHeader('Strict-Transport-Security', HSTS_VALUE);
    headers(req, res, next);
  };
}

/**
 * Every answer of the API may hold privileged data (rows, tokens, export files, error details), so no
 * browser or shared cache keeps one: `no-store`, set before any route runs, so errors carry it too. A
 * route that may be kept (none yet) would set its own. The SPA's files and /api/docs keep theirs.
 */
export function noStoreApiAnswers(req: Request, res: Response, next: NextFunction): void {
  if (req.path === API_PREFIX || req.path.startsWith(`${API_PREFIX}/`)) res.setHeader('Cache-Control', 'no-store');
  next();
}
