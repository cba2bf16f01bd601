import { Inject, Injectable } from '@nestjs/common';
import type { TelegramBot } from './telegram.jobs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../common/config/config';
import { decryptSecret, encryptSecret } from '../../common/crypto/secrets';

/** The one settings row, tokens decrypted. Only the worker's sender and the masking answers use the plain tokens. */
export interface TelegramSettings {
  id: number;
  token: string | null;
  chat_id: string | null;
  investor_bot_token: string | null;
  investor_chat_id: string | null;
  investor_report_time: string;
}


export type { TelegramBot };

interface SettingsRow {
  id: number;
  token_enc: string | null;
  chat_id: string | null;
  investor_bot_token_enc: string | null;
  investor_chat_id: string | null;
  investor_report_time: string;
}

/** Reads and writes tg_bot_settings (a single row), encrypting the two bot tokens at rest. */
@Injectable()
export class TelegramSettingsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async read(m: EntityManager = this.dataSource.manager, lock = false): Promise<TelegramSettings | null> {
    const rows: SettingsRow[] = await m.query(
      `SELECT id, token_enc, chat_id, investor_bot_token_enc, investor_chat_id, to_char(investor_report_time, 'HH24:MI:SS') AS investor_report_time
         FROM tg_bot_settings ${lock ? 'FOR UPDATE' : ''}`,
    );
    if (!rows.length) return null;
    const row = rows[0];
    return {
      id: row.id,
      token: this.decrypt(row.token_enc),
      chat_id: row.chat_id,
      investor_bot_token: this.decrypt(row.investor_bot_token_enc),
      investor_chat_id: row.investor_chat_id,
      investor_report_time: row.investor_report_time,
    };
  }

  /** Inserts the row or updates it: the singleton column makes a second row impossible. */
  async write(m: EntityManager, next: Omit<TelegramSettings, 'id'>): Promise<TelegramSettings> {
    const [row]: { id: number }[] = await m.query(
      `INSERT INTO tg_bot_settings (token_enc, chat_id, investor_bot_token_enc, investor_chat_id, investor_report_time)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (singleton) DO UPDATE
          SET token_enc = EXCLUDED.token_enc, chat_id = EXCLUDED.chat_id, investor_bot_token_enc = EXCLUDED.investor_bot_token_enc,
              investor_chat_id = EXCLUDED.investor_chat_id, investor_report_time = EXCLUDED.investor_report_time, updated_at = now()
       RETURNING id`,
      [this.encrypt(next.token), next.chat_id, this.encrypt(next.investor_bot_token), next.investor_chat_id, next.investor_report_time],
    );
    return { id: row.id, ...next };
  }

  /** Where a message of this bot goes, or null while that bot is not configured. */
  async target(bot: TelegramBot): Promise<{ token: string; chatId: string } | null> {
    const settings = await this.read();
    if (!settings) return null;
    const token = bot === 'main' ? settings.token : settings.investor_bot_token;
    const chatId = bot === 'main' ? settings.chat_id : settings.investor_chat_id;
    return token && chatId ? { token, chatId } : null;
  }

  private encrypt(value: string | null): string | null {
    return value ? encryptSecret(value, this.config.encryptionKey) : null;
  }

  private decrypt(value: string | null): string | null {
    return value ? decryptSecret(value, this.config.encryptionKey) : null;
  }
}
