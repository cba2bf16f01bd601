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

/** An inline keyboard button: its text and the data Telegram hands back when it is pressed. */
export interface InlineButton {
  text: string;
  callback_data: string;
}

/** The part of a Bot API Update the console reads: a chat's message, or a press of an inline button. */
export interface TelegramUpdate {
  update_id: number;
  message?: { message_id: number; chat: { id: number; type?: string }; from?: { id: number }; text?: string };
  callback_query?: { id: string; from: { id: number }; data?: string; message?: { message_id: number; chat: { id: number } } };
}

/** Calls the Bot API. Error messages never carry the token (it is part of the URL). */
@Injectable()
export class TelegramClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async sendMessage(token: string, chatId: string, text: string, buttons?: InlineButton[][]): Promise<{ message_id: number }> {
    return this.call(token, 'sendMessage', { chat_id: chatId, text: text.slice(0, TELEGRAM_TEXT_MAX), ...(buttons ? { reply_markup: { inline_keyboard: buttons } } : {}) });
  }

  async editMessageText(token: string, chatId: string, messageId: number, text: string): Promise<void> {
    await this.call(token, 'editMessageText', { chat_id: chatId, message_id: messageId, text: text.slice(0, TELEGRAM_TEXT_MAX), reply_markup: { inline_keyboard: [] } });
  }

  async answerCallbackQuery(token: string, callbackQueryId: string, text?: string): Promise<void> {
    await this.call(token, 'answerCallbackQuery', { callback_query_id: callbackQueryId, ...(text ? { text } : {}) });
  }

  /** Long polling: waits up to `timeoutSeconds` for updates after `offset`. */
  async getUpdates(token: string, offset: number, timeoutSeconds: number, stop?: AbortSignal): Promise<TelegramUpdate[]> {
    return this.call(token, 'getUpdates', { offset, timeout: timeoutSeconds, allowed_updates: ['message', 'callback_query'] }, timeoutSeconds * 1000 + TIMEOUT_MS, stop);
  }

  /** Webhook mode: Telegram posts updates to `url` with `secret` in its secret-token header. */
  async setWebhook(token: string, url: string, secret: string): Promise<void> {
    await this.call(token, 'setWebhook', { url, secret_token: secret, allowed_updates: ['message', 'callback_query'] });
  }

  /** The bot's username, for `t.me/<bot>` links. */
  /** Back to long polling: Telegram answers getUpdates with 409 Conflict while a webhook is set. */
  async deleteWebhook(token: string): Promise<void> {
    await this.call(token, 'deleteWebhook', { drop_pending_updates: false });
  }

  async getMe(token: string): Promise<{ username?: string }> {
    return this.call(token, 'getMe', {});
  }

  private async call<T>(token: string, method: string, body: object, timeoutMs = TIMEOUT_MS, stop?: AbortSignal): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.config.telegramApiBaseUrl}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: stop ? AbortSignal.any([AbortSignal.timeout(timeoutMs), stop]) : AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new TelegramSendError(scrub(`Telegram unreachable: ${(error as Error).message}${cause ? ` (${cause})` : ''}`, token), null, false);
    }
    const answer = await res.json().catch(() => ({}) as { ok?: boolean; result?: T; description?: string });
    if (res.ok) return (answer as { result: T }).result;
    const description = (answer as { description?: string }).description ?? '';
    // 429 and 5xx pass; 400/401/403/404 (bad chat, bad or revoked token) will not on a retry.
    const permanent = res.status >= 400 && res.status < 500 && res.status !== 429;
    throw new TelegramSendError(scrub(`Telegram answered ${res.status}${description ? `: ${description}` : ''}`, token), res.status, permanent);
  }
}

/** The bot's id: the numeric part of its token before the colon. A link is made under one bot. */
export function botIdOf(token: string): string {
  return token.split(':')[0];
}

function scrub(message: string, token: string): string {
  return token ? message.split(token).join('***') : message;
}
