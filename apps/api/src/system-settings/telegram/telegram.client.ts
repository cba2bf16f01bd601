import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../common/config/config';

/** Telegram's limit for one message. */
const TELEGRAM_TEXT_MAX = 4096;
const TIMEOUT_MS = 10_000;

/** A failed send. `permanent` when retrying cannot help (bad token, unknown chat). */
export class TelegramSendError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Posts to the Bot API's sendMessage. Error messages never carry the token (it is part of the URL). */
@Injectable()
export class TelegramClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async sendMessage(token: string, chatId: string, text: string): Promise<void> {
    let res: Response;
    try {
      res = await fetch(`${this.config.telegramApiBaseUrl}/bot${token}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: chatId, text: text.slice(0, TELEGRAM_TEXT_MAX) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new TelegramSendError(scrub(`Telegram unreachable: ${(error as Error).message}${cause ? ` (${cause})` : ''}`, token), null, false);
    }
    if (res.ok) return;
    const description = await res
      .json()
      .then((body: { description?: string }) => body.description ?? '')
      .catch(() => '');
    // 429 and 5xx pass; 400/401/403/404 (bad chat, bad or revoked token) will not on a retry.
    const permanent = res.status >= 400 && res.status < 500 && res.status !== 429;
    throw new TelegramSendError(scrub(`Telegram answered ${res.status}${description ? `: ${description}` : ''}`, token), res.status, permanent);
  }
}

function scrub(message: string, token: string): string {
  return token ? message.split(token).join('***') : message;
}
