import { expect, Page, test } from '@playwright/test';
import { CSP_ADMIN, fullPageShot, signIn } from './helpers';

/** Every Content-Security-Policy violation the page reports, and the console's CSP errors. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'}`);
    });
  });
  return violations;
}

test('the SPA runs whole under its Content-Security-Policy: the real bot-check, sign-in and the main pages', async ({ page }) => {
  const violations = watchViolations(page);
  const login = await page.goto('/login');
  const headers = login?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  // Plain http here: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();

  // The ALTCHA proof of work runs in the page before the password is sent.
  await signIn(page, CSP_ADMIN);
  // MUI's styles are injected at run time: CssBaseline's body margin shows they applied.
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');

  for (const [path, heading] of [
    ['/logs', 'Logs dashboard'],
    ['/notifications', 'Notifications'],
    ['/system-settings', 'System settings'],
    ['/privileges/groups', 'Privileges'],
    ['/account-details', 'Account details'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  }
  await page.goto('/privileges/user-management');
  await expect(page.getByText(CSP_ADMIN.email).first()).toBeVisible();
  await fullPageShot(page, 'under-csp-user-management');
  expect(violations).toEqual([]);
});

test('the API documentation renders under the same policy', async ({ page }) => {
  const violations = watchViolations(page);
  const docs = await page.goto('/api/docs');
  expect(docs?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Trading console API');
  await expect(page.locator('.opblock').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/api-docs.png' });
  expect(violations).toEqual([]);
});
