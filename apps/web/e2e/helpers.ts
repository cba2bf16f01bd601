import { expect, Page } from '@playwright/test';
import contracts from '@console/contracts';
import otplib from 'otplib';

// The contracts and otplib are CommonJS; this package is ESM, so they come in through their default export.
export const { MESSAGES, LABELS } = contracts;
const { authenticator } = otplib;

export const ADMIN = { email: process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com', password: process.env.E2E_ADMIN_PASSWORD ?? 'Admin!pass1' };

/** Where screenshots go (kept as test output). */
export function shot(name: string): string {
  return `test-results/screens/${name}.png`;
}

/** A code for the given step offset; each step can be used once per user, so successive sign-ins move forward. */
export function codeFor(secret: string, stepOffset = 0): string {
  return authenticator.clone({ epoch: Date.now() + stepOffset * 30_000 }).generate(secret);
}

export function secretOf(otpauthUrl: string): string {
  return new URL(otpauthUrl).searchParams.get('secret') ?? '';
}

/** The API's answer with the authenticator enrolment, read as the browser receives it. */
export function awaitTotpCreate(page: Page) {
  return page.waitForResponse((r) => r.url().includes('/api/v2/users/totp/create/') && r.request().method() === 'POST');
}

export async function expectPath(page: Page, path: string | RegExp) {
  await expect(page).toHaveURL(typeof path === 'string' ? new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : path);
}
