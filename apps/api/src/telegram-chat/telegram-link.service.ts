import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TELEGRAM_CHAT_LIMITS, TELEGRAM_CHAT_MESSAGES as M, type TelegramLinkState } from '@console/contracts';
import type { Principal } from '../access/principal';
import { BadRequestDetail } from '../common/errors/api-errors';
import { AuditService } from '../logs/audit.service';
import { markUnchanged } from '../logs/audit-context';
import { TelegramSettingsRepository } from '../system-settings/telegram/telegram-settings.repository';
import { botIdOf, TelegramClient } from '../system-settings/telegram/telegram.client';
import { TelegramLinksRepository } from './telegram-links.repository';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A code of letters and digits only: Telegram passes `start` parameters of [A-Za-z0-9_-]. */
function newLinkCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TELEGRAM_CHAT_LIMITS.linkCodeLength));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/**
 * The signed-in user's own Telegram link (Account details): a one-time code the user sends to the bot,
 * and unlinking. A chat linked under another bot than the one set now counts as not linked.
 */
@Injectable()
export class TelegramLinkService {
  private readonly logger = new Logger('TelegramLink');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly links: TelegramLinksRepository,
    private readonly settings: TelegramSettingsRepository,
    private readonly client: TelegramClient,
    private readonly audit: AuditService,
  ) {}

  async get(principal: Principal): Promise<TelegramLinkState> {
    const [link, settings] = await Promise.all([this.links.linkOf(this.dataSource, principal.userId), this.settings.read()]);
    const linked = !!link && !!settings?.token && link.bot_id === botIdOf(settings.token);
    return { linked, linked_at: linked ? new Date(link.linked_at).toISOString() : null, code: null, link_url: null, expires_at: null };
  }

  /** A new code, valid TELEGRAM_CHAT_LIMITS.linkCodeTtlSeconds; any earlier one stops working. */
  async issueCode(principal: Principal): Promise<TelegramLinkState> {
    const token = (await this.settings.read())?.token;
    if (!token) throw new BadRequestDetail(M.botNotSetUp);
    const code = newLinkCode();
    const { expires_at } = await this.dataSource.transaction(async (m) => {
      const issued = await this.links.putCode(m, principal.userId, code);
      await this.audit.write({ type: 'user', event_type: 'telegram_link_code_issued', user_id: principal.userId, log_data: { expires_at: issued.expires_at } }, m);
      return issued;
    });
    const state = await this.get(principal);
    return { ...state, code, link_url: await this.linkUrl(token, code), expires_at };
  }

  async unlink(principal: Principal): Promise<TelegramLinkState> {
    await this.dataSource.transaction(async (m) => {
      if (await this.links.unlink(m, principal.userId)) {
        await this.audit.write({ type: 'user', event_type: 'telegram_unlinked', user_id: principal.userId, log_data: {} }, m);
      } else markUnchanged();
    });
    return this.get(principal);
  }

  /** `t.me/<bot>?start=<code>`, or null when Telegram cannot be asked the bot's name now (the code still works by hand). */
  private async linkUrl(token: string, code: string): Promise<string | null> {
    try {
      const { username } = await this.client.getMe(token);
      return username ? `https://t.me/${username}?start=${code}` : null;
    } catch (error) {
      this.logger.warn(`getMe failed: ${(error as Error).message}`);
      return null;
    }
  }
}
