// Screenshots of the built SPA against a stubbed API: `node scripts/screenshots.mjs [baseUrl] [outDir]`.
// Needs `vite preview` (or any static server of dist/) at baseUrl and Chromium at /usr/bin/chromium.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:4173';
const outDir = process.argv[3] ?? 'screenshots';
const only = process.argv[4];
mkdirSync(outDir, { recursive: true });

const SECTIONS = [
  'bot_status', 'exchange_account', 'pairs', 'tg_bot', 'logs', 'notifications', 'signals', 'signals_export', 'APA',
  'orders', 'profiles_stats', 'profiles_stats_export', 'mm_profiles', 'profiles', 'profile_settings', 'groups',
  'risk_control', 'tickers_configs', 'users', 'account_stats', 'account_stats_export', 'stats_by_months', 'charts',
];
const user = {
  id: 1,
  email: 'admin@example.com',
  is_active: true,
  group: {
    id: 1,
    name: 'Admins',
    perms: SECTIONS.map((s) => ({ section_name: s, status: 'Full', fields: [], filtering: true, sorting: true, is_only_finished: false, signals_count: 200 })),
  },
};
// A 1x1 PNG stretched by the page stands in for the QR code.
const qr =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function stubApi(page, { signedIn }) {
  await page.route('**/api/v2/**', async (route) => {
    const path = new URL(route.request().url()).pathname.replace('/api/v2', '');
    const json = (status, body) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (path === '/users/token-refresh/')
      return signedIn ? json(200, { refresh: 'r2', access: 'a2', is_sec_factor_passed: true }) : json(401, { code: 'token_not_valid', detail: 'Token is invalid or expired' });
    if (path === '/users/current-user/') return json(200, user);
    if (path === '/users/captcha-challenge/') return json(200, { provider: 'off' });
    if (path === '/users/google-captcha-verify/') return json(200, { is_robot: false, captcha_token: 'off' });
    if (path === '/users/login/') return json(200, { refresh: 'r1', access: 'a1' });
    if (path === '/users/totp/create/') return json(200, { url: 'otpauth://totp/x', qr, is_verified: false });
    if (path.startsWith('/users/totp/login/')) return json(400, { detail: 'Invalid code' });
    return json(404, { detail: 'Not found.' });
  });
}

async function shot(name, { signedIn = true, path = '/', dark = false, menuOpen = true, act } = {}) {
  if (only && !name.startsWith(only)) return;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await stubApi(page, { signedIn });
  await page.addInitScript(
    ({ signedIn, dark, menuOpen }) => {
      if (signedIn) localStorage.setItem('refreshToken', 'r1');
      localStorage.setItem('colorMode', dark ? 'dark' : 'light');
      localStorage.setItem('sideMenuOpen', String(menuOpen));
    },
    { signedIn, dark, menuOpen },
  );
  try {
    await page.goto(baseUrl + path);
    await page.waitForLoadState('networkidle');
    if (act) await act(page);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${outDir}/${name}.png` });
  } catch (error) {
    console.error(`${name}: ${error.message.split('\n')[0]}`);
  } finally {
    await context.close();
  }
}

await shot('login', { signedIn: false, path: '/login' });
await shot('login-dark', { signedIn: false, path: '/login', dark: true });
await shot('login-errors', { signedIn: false, path: '/login', act: (p) => p.getByTestId('login-submit').click() });
await shot('twofa-modal', {
  signedIn: false,
  path: '/login',
  act: async (p) => {
    await p.getByTestId('login-email').fill('admin@example.com');
    await p.getByTestId('login-password').fill('Secret#123');
    await p.getByTestId('login-submit').click();
    await p.getByTestId('twofa-code').waitFor();
  },
});
await shot('twofa-rejected', {
  signedIn: false,
  path: '/login',
  act: async (p) => {
    await p.getByTestId('login-email').fill('admin@example.com');
    await p.getByTestId('login-password').fill('Secret#123');
    await p.getByTestId('login-submit').click();
    await p.getByTestId('twofa-code').fill('123456');
    await p.getByTestId('twofa-confirm').click();
    await p.getByText('You didnt pass 2FA').waitFor();
  },
});
await shot('shell-open', { path: '/signals-and-orders/orders' });
await shot('shell-closed', { path: '/logs', menuOpen: false });
await shot('shell-dark', { path: '/stats/account-stats', dark: true });
await shot('account-details', { path: '/account-details' });

await browser.close();
console.log(`screenshots in ${outDir}`);
