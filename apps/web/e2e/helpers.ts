import { expect, type Locator, type Page } from '@playwright/test';
import contracts from '@console/contracts';
import { generateSync } from 'otplib';

// The contracts are CommonJS; this package is ESM, so they come in through their default export.
export const { TICKER_CONFIG_MESSAGES, TICKER_CONFIG_UI, MM_PROFILE_MESSAGES, MM_PROFILE_UI, STRATEGY_PROFILE_MESSAGES, STRATEGY_PROFILE_UI, STRATEGY_SETTINGS_MESSAGES, STRATEGY_WIZARD_UI, SIGNALS_UI, MESSAGES, LABELS, SETTINGS_UI_TEXTS, SECTIONS, REFRESH_COOKIE, API_PATHS, LIMITS, visibleMenuEntries, menuEntryTabs, pathTo, SESSION_UI, SESSION_MESSAGES, SIGN_IN_OUTCOME_LABELS, API_TOKEN_UI, SECTION_DISPLAY_NAMES } = contracts;

const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'Admin!pass1';
/** The administrators scripts/e2e-server.mjs creates, one per spec file. */
export const ADMIN = { email: 'admin@example.com', password: ADMIN_PASSWORD };
export const OPS_ADMIN = { email: 'ops@example.com', password: ADMIN_PASSWORD };
export const SETTINGS_ADMIN = { email: 'settings@example.com', password: ADMIN_PASSWORD };
export const MARKET_ADMIN = { email: 'market@example.com', password: ADMIN_PASSWORD };
/** The Candles chart's test: it imports a market of its own after the market data test (which starts from an empty store). */
export const CANDLES_ADMIN = { email: 'candles@example.com', password: ADMIN_PASSWORD };
export const CSP_ADMIN = { email: 'csp@example.com', password: ADMIN_PASSWORD };
export const FEED_ADMIN = { email: 'feed@example.com', password: ADMIN_PASSWORD };
export const LOGS_ADMIN = { email: 'logs@example.com', password: ADMIN_PASSWORD };
export const TRADING_ADMIN = { email: 'trading@example.com', password: ADMIN_PASSWORD };
export const MM_ADMIN = { email: 'mm@example.com', password: ADMIN_PASSWORD };
export const STRATEGY_ADMIN = { email: 'strategy@example.com', password: ADMIN_PASSWORD };
export const STATS_ADMIN = { email: 'stats@example.com', password: ADMIN_PASSWORD };
export const { STATS_UI, STATS_FIGURES, figureHint } = contracts;
export const WIZARD_ADMIN = { email: 'wizard@example.com', password: ADMIN_PASSWORD };
export const POSITIONS_ADMIN = { email: 'positions@example.com', password: ADMIN_PASSWORD };
export const CLOSES_ADMIN = { email: 'closes@example.com', password: ADMIN_PASSWORD };
export const SIGNALS_ADMIN = { email: 'signals@example.com', password: ADMIN_PASSWORD };
export const EXPORTS_ADMIN = { email: 'exports@example.com', password: ADMIN_PASSWORD };
export const TABS_ADMIN = { email: 'tabs@example.com', password: ADMIN_PASSWORD };
export const SESSIONS_ADMIN = { email: 'sessions@example.com', password: ADMIN_PASSWORD };
export const TOKENS_ADMIN = { email: 'tokens@example.com', password: ADMIN_PASSWORD };
export const CHANNELS_ADMIN = { email: 'channels@example.com', password: ADMIN_PASSWORD };
/** The live console test's two operators, each in a browser of their own. */
export const LIVE_ADMIN = { email: 'live@example.com', password: ADMIN_PASSWORD };
export const LIVE_WATCH_ADMIN = { email: 'live.watch@example.com', password: ADMIN_PASSWORD };
/** The accessibility test's administrator: every screen of the menu is open to it. */
export const A11Y_ADMIN = { email: 'a11y@example.com', password: ADMIN_PASSWORD };
export const BACKTESTS_ADMIN = { email: 'backtests@example.com', password: ADMIN_PASSWORD };
/** The profile Alerts block's test: its first sign-in enrols the authenticator, so it cannot share an administrator. */
export const ALERTS_ADMIN = { email: 'alerts@example.com', password: ADMIN_PASSWORD };
export const TELEGRAM_ADMIN = { email: 'telegram@example.com', password: ADMIN_PASSWORD };
/** Where the e2e server's TELEGRAM_API_BASE_URL points: the Telegram spec's stand-in (scripts/e2e-server.mjs). */
export const TELEGRAM_STANDIN_PORT = Number(process.env.E2E_PORT ?? 3999) + 1000;
/** A long address on purpose: the phone test checks how long values are cut. */
export const PHONE_ADMIN = { email: 'phone.operator.with.a.long.address@example.com', password: ADMIN_PASSWORD };

/** Stops a trading profile from its Stop button: the console asks first, and this confirms. */
export async function confirmStop(page: Page, stopButton: Locator, title: string, screenshot?: string): Promise<void> {
  await stopButton.click();
  const dialog = page.getByRole('dialog', { name: STRATEGY_PROFILE_UI.stopConfirmTitle });
  await expect(dialog).toContainText(STRATEGY_PROFILE_UI.stopConfirmText(title));
  if (screenshot) await page.screenshot({ path: shot(screenshot), animations: 'disabled' });
  await dialog.getByRole('button', { name: STRATEGY_PROFILE_UI.stopConfirmLabel }).click();
  await expect(dialog).toBeHidden();
}

/** The toast that says what came of an action (the engine's answer to a start or stop, say). */
export const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** A full-page screenshot from the top, so the fixed side menu sits where a person sees it. */
export async function fullPageShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot(name), fullPage: true, animations: 'disabled' });
}

/** Where screenshots go (kept as test output). */
export function shot(name: string): string {
  return `test-results/screens/${name}.png`;
}

/** A code for the given step offset; each step can be used once per user, so successive sign-ins move forward. */
export function codeFor(secret: string, stepOffset = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30, algorithm: 'sha1', digits: 6, period: 30 });
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

/** The whole sign-in through the page, enrolling the authenticator from the otpauth URI the API sends. */
export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  const enrolment = awaitTotpCreate(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  const { url } = await (await enrolment).json();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('000000').fill(codeFor(secretOf(url)));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Calls the API as the signed-in page's user: the page holds its access token in memory only, so this
 * gets one the way the page does, from the refresh cookie.
 */
export async function apiAs(page: Page, path: string, { method = 'GET', body }: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ p, method, body, header }) => {
      const refreshed = await fetch('/api/v2/users/token-refresh/', { method: 'POST', headers: { [header]: '1', 'Content-Type': 'application/json' }, body: '{}' });
      const { access } = (await refreshed.json()) as { access: string };
      const headers: Record<string, string> = { Authorization: `Bearer ${access}` };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(`/api/v2${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { p: path, method, body, header: REFRESH_COOKIE.header },
  );
}
