import { expect, test } from '@playwright/test';
import contracts from '@console/contracts';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiAs, CHANNELS_ADMIN, fullPageShot, signIn, toast } from './helpers';

const { ALERT_CHANNEL_UI, EXPORT_PATHS, WEBHOOK_SIGNATURE } = contracts;

test('webhook chosen for “Export ready” in Account details: an export reaches a local receiver, signed, and the log shows it sent', async ({ page }) => {
  test.setTimeout(120_000);
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/console-alerts`;
  try {
    await signIn(page, CHANNELS_ADMIN);
    await page.getByRole('link', { name: 'Account Settings' }).click();
    const block = page.getByTestId('alert-channels');
    await expect(block.getByText(ALERT_CHANNEL_UI.title)).toBeVisible();
    await expect(block.getByTestId('alert-deliveries-webhook')).toContainText(ALERT_CHANNEL_UI.noDeliveries);

    await block.getByRole('textbox', { name: ALERT_CHANNEL_UI.webhookUrl, exact: true }).fill(hookUrl);
    await block.getByRole('checkbox', { name: ALERT_CHANNEL_UI.channelFor('Export ready', 'Webhook') }).check();
    await block.getByRole('button', { name: ALERT_CHANNEL_UI.save }).click();
    await expect(toast(page, ALERT_CHANNEL_UI.saved)).toBeVisible();
    const secret = await block.getByTestId('webhook-secret').inputValue();
    expect(secret.length).toBeGreaterThan(30);

    // An export of the signals list: when its file is written, the worker tells its requester.
    const started = await apiAs(page, `${EXPORT_PATHS.signals.start}?status=finished`);
    expect(started.status).toBeLessThan(300);
    await expect.poll(() => received.length, { timeout: 60_000 }).toBe(1);
    const [post] = received;
    const timestamp = String(post.headers[WEBHOOK_SIGNATURE.timestampHeader.toLowerCase()]);
    const expected = WEBHOOK_SIGNATURE.prefix + createHmac('sha256', secret).update(`${timestamp}.${post.body}`).digest('hex');
    expect(post.headers[WEBHOOK_SIGNATURE.signatureHeader.toLowerCase()]).toBe(expected);
    expect(JSON.parse(post.body)).toMatchObject({ kind: 'export_ready', title: 'Export ready' });

    const log = block.getByTestId('alert-deliveries-webhook');
    await expect(log).toContainText(ALERT_CHANNEL_UI.statusNames.sent, { timeout: 20_000 });
    await expect(log).toContainText('Export ready');
    await block.scrollIntoViewIfNeeded();
    await fullPageShot(page, 'alert-channels-delivered');
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
