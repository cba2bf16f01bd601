/** How a delivery leaves: a JSON POST (Discord, generic webhooks) or a mail through the SMTP settings. */
import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { isPrivateTarget } from './public-targets';
import { ALERT_CHANNEL_LIMITS, DELIVERY_ERRORS, type SmtpSettings, WEBHOOK_SIGNATURE, type WebhookPayload } from '@console/contracts';

const TIMEOUT_MS = 10_000;

/** A failed send. `permanent` when retrying cannot help (a refused address, a webhook that is gone). */
export class DeliverySendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** `sha256=` + hex HMAC-SHA256 of `<timestamp>.<body>` with the user's secret (contracts' WEBHOOK_SIGNATURE). */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return WEBHOOK_SIGNATURE.prefix + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

@Injectable()
export class ChannelSenders {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async discord(url: string, title: string, text: string): Promise<void> {
    const content = `**${title}**${text ? `\n${text}` : ''}`.slice(0, ALERT_CHANNEL_LIMITS.discordTextMax);
    await this.post('Discord', url, JSON.stringify({ content, allowed_mentions: { parse: [] } }), {});
  }

  async webhook(url: string, secret: string, payload: WebhookPayload): Promise<void> {
    const body = JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    await this.post('The webhook', url, body, {
      [WEBHOOK_SIGNATURE.timestampHeader]: timestamp,
      [WEBHOOK_SIGNATURE.signatureHeader]: webhookSignature(secret, timestamp, body),
      [WEBHOOK_SIGNATURE.deliveryHeader]: payload.delivery_id,
    });
  }

  private async post(who: string, url: string, body: string, headers: Record<string, string>): Promise<void> {
    if (!this.config.alertPrivateTargets && (await isPrivateTarget(url))) throw new DeliverySendError(DELIVERY_ERRORS.privateTarget(who), true);
    await postJson(who, url, body, headers);
  }

  async email(smtp: SmtpSettings, to: string, subject: string, text: string): Promise<void> {
    const transport = createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.username ? { user: smtp.username, pass: smtp.password } : undefined,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
    try {
      await transport.sendMail({ from: smtp.from_address, to, subject, text });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      // 5xx: the server refused for good (no such mailbox, bad credentials); anything else may pass later.
      throw new DeliverySendError(`The mail server ${code ? `answered ${code}` : 'could not be reached'}: ${(error as Error).message}`, !!code && code >= 500);
    } finally {
      transport.close();
    }
  }
}

/** Error messages never carry the URL: a Discord webhook's URL is its credential. */
async function postJson(who: string, url: string, body: string, headers: Record<string, string>): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new DeliverySendError(`${who} could not be reached${cause ? ` (${cause})` : ''}`, false);
  }
  await res.body?.cancel();
  if (res.ok) return;
  // 408, 429 and 5xx may pass later; any other answer (404 for a deleted webhook, a redirect) will not.
  const permanent = res.status !== 408 && res.status !== 429 && res.status < 500;
  throw new DeliverySendError(`${who} answered ${res.status}`, permanent);
}
