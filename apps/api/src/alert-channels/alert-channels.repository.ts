import { Inject, Injectable } from '@nestjs/common';
import type { AlertChannel, AlertDelivery, DeliveryChannel, NotificationKind } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { decryptSecret, encryptSecret } from '../common/crypto/secrets';
import { type Db, firstRow, queryRows } from '../common/database/sql';

export type ChannelChoices = Partial<Record<NotificationKind, AlertChannel[]>>;

/** A user's destinations, secrets decrypted; only the senders and the owner's own answers read them. */
export interface UserChannels {
  email: string | null;
  discord_url: string | null;
  webhook_url: string | null;
  webhook_secret: string | null;
  choices: ChannelChoices;
}

interface ChannelsRow {
  email: string | null;
  discord_url_enc: string | null;
  webhook_url: string | null;
  webhook_secret_enc: string | null;
  choices: ChannelChoices;
}

const NO_CHANNELS: UserChannels = { email: null, discord_url: null, webhook_url: null, webhook_secret: null, choices: {} };

/** Reads and writes user_alert_channels (the Discord URL holds its webhook's token, so it is encrypted like the secret), and the delivery log. */
@Injectable()
export class AlertChannelsRepository {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async read(db: Db, userId: number, lock = false): Promise<UserChannels> {
    const row = await firstRow<ChannelsRow>(
      db,
      `SELECT email, discord_url_enc, webhook_url, webhook_secret_enc, choices FROM user_alert_channels WHERE user_id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [userId],
    );
    return row ? this.decrypted(row) : { ...NO_CHANNELS };
  }

  async write(db: Db, userId: number, next: UserChannels): Promise<void> {
    await db.query(
      `INSERT INTO user_alert_channels (user_id, email, discord_url_enc, webhook_url, webhook_secret_enc, choices) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, discord_url_enc = EXCLUDED.discord_url_enc, webhook_url = EXCLUDED.webhook_url,
              webhook_secret_enc = EXCLUDED.webhook_secret_enc, choices = EXCLUDED.choices, updated_at = now()`,
      [userId, next.email, this.encrypt(next.discord_url), next.webhook_url, this.encrypt(next.webhook_secret), JSON.stringify(next.choices)],
    );
  }

  /** The newest deliveries of one channel of a user. */
  async log(db: Db, userId: number, channel: DeliveryChannel, limit: number): Promise<AlertDelivery[]> {
    return queryRows<AlertDelivery>(
      db,
      `SELECT d.id::text, n.kind, n.title, d.status, d.attempts, d.last_error, d.created_at, d.sent_at
         FROM alert_deliveries d JOIN notifications n ON n.id = d.notification_id
        WHERE d.user_id = $1 AND d.channel = $2 ORDER BY d.id DESC LIMIT $3`,
      [userId, channel, limit],
    );
  }

  /** The last error of each channel of a user, however old (a channel's log may have scrolled past it). */
  async lastErrors(db: Db, userId: number): Promise<{ channel: DeliveryChannel; last_error: string; at: string }[]> {
    return queryRows(
      db,
      `SELECT DISTINCT ON (channel) channel, last_error, coalesce(send_started_at, created_at) AS at
         FROM alert_deliveries WHERE user_id = $1 AND last_error IS NOT NULL ORDER BY channel, id DESC`,
      [userId],
    );
  }

  decrypted(row: ChannelsRow): UserChannels {
    return {
      email: row.email,
      discord_url: this.decrypt(row.discord_url_enc),
      webhook_url: row.webhook_url,
      webhook_secret: this.decrypt(row.webhook_secret_enc),
      choices: row.choices ?? {},
    };
  }

  private encrypt(value: string | null): string | null {
    return value ? encryptSecret(value, this.config.encryptionKey) : null;
  }

  private decrypt(value: string | null): string | null {
    return value ? decryptSecret(value, this.config.encryptionKey) : null;
  }
}
