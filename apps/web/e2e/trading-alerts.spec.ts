import { expect, test } from '@playwright/test';
import contracts from '@console/contracts';
import { ALERTS_ADMIN, API_PATHS, apiAs, fullPageShot, shot, signIn } from './helpers';

const { ALERT_UI, ALERT_MESSAGES, ALERT_PATHS } = contracts;

test('a profile’s Alerts block turns alerts on, shows the URL and the secret once, and the webhook takes that secret only', async ({ page, request }) => {
  await signIn(page, ALERTS_ADMIN);
  // A demo profile that is not a draft (the generator's).
  const listed = (await apiAs(page, `${API_PATHS.strategyProfiles}?show_hide=true&page_size=100`)).body as { results: { id: number; status: string }[] };
  const profile = listed.results.find((p) => p.status !== 'draft');
  expect(profile).toBeDefined();
  const id = profile!.id;

  await page.goto(`/strategy-profiles/profile=${id}`);
  const block = page.getByTestId('profile-alerts');
  await expect(block.getByText(ALERT_UI.off)).toBeVisible();
  await block.getByRole('button', { name: ALERT_UI.turnOn }).click();
  const secretField = block.getByTestId('alerts-secret');
  await expect(secretField).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  const secret = await secretField.inputValue();
  const url = await block.getByTestId('alerts-url').inputValue();
  expect(url).toMatch(/\/api\/v2\/alerts\/[A-Za-z0-9_-]{22}\/$/);
  await expect(block.getByTestId('alerts-template')).toHaveValue(new RegExp(`"secret": "${secret}"`));
  await block.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await block.screenshot({ path: shot('alerts-block-secret-shown'), animations: 'disabled' });

  // The webhook, as TradingView calls it: the secret in the body, no session. These alerts change nothing.
  const webhook = new URL(url).pathname;
  expect((await request.post(webhook, { data: { secret: 'not-it', action: 'close_all' } })).status()).toBe(401);
  // Refused with the reason the profile's state gives (a stopped profile first, else the pair not in its list).
  const refused = await request.post(webhook, { data: { secret, action: 'open', pair: 'NOSUCHPAIRUSDT' } });
  const reason = profile!.status === 'active' ? { status: 400, detail: ALERT_MESSAGES.pairNotListed('NOSUCHPAIRUSDT') } : { status: 409, detail: ALERT_MESSAGES.profileNotActive };
  expect(refused.status()).toBe(reason.status);
  expect(await refused.json()).toEqual({ detail: reason.detail });

  // Shown once: after a reload only the URL is left.
  await page.reload();
  await expect(block.getByText(ALERT_UI.secretHidden)).toBeVisible();
  await expect(block.getByTestId('alerts-secret')).toHaveCount(0);
  await fullPageShot(page, 'alerts-profile-settings');

  await block.getByRole('button', { name: ALERT_UI.turnOff }).click();
  await expect(block.getByText(ALERT_UI.off)).toBeVisible();
  expect((await request.post(webhook, { data: { secret, action: 'close_all' } })).status()).toBe(401);
  expect((await apiAs(page, ALERT_PATHS.settings(id))).body).toMatchObject({ enabled: false });
});
