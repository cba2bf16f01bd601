import { createHmac } from 'node:crypto';

/**
 * The secret given to setWebhook and checked on every post: derived from the encryption key and the bot,
 * so nothing more is stored and a new bot gets a new secret.
 */
export function telegramWebhookSecret(encryptionKey: Buffer, botId: string): string {
  return createHmac('sha256', encryptionKey).update(`telegram-webhook:${botId}`).digest('hex');
}
