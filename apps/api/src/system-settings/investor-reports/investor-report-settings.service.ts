import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Principal } from '../../access/principal';
import { BadRequestDetail } from '../../common/errors/api-errors';
import { AuditService } from '../../logs/audit.service';
import { SETTINGS_MESSAGES, type InvestorReportSettings } from '@console/contracts';
import { TelegramSettingsRepository } from '../telegram/telegram-settings.repository';
import { DEFAULT_REPORT_TIME } from '../telegram/tg-bot-settings.service';
import { maskToken, resolveSubmittedToken } from '../telegram/token-mask';
import { InvestorReportSettingsInputDto } from './investor-reports.dto';

/** The investor bot: its token and chat, kept on the same settings row as the alert bot. */
@Injectable()
export class InvestorReportSettingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: TelegramSettingsRepository,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<InvestorReportSettings> {
    const settings = await this.store.read();
    return { investor_bot_token: maskToken(settings?.investor_bot_token ?? null), investor_chat_id: settings?.investor_chat_id ?? '' };
  }

  /** Saves only a change: the same values answer 400 'All values has not changed'. */
  async update(principal: Principal, body: InvestorReportSettingsInputDto): Promise<InvestorReportSettings> {
    return this.dataSource.transaction(async (m) => {
      const before = await this.store.read(m, true);
      const token = resolveSubmittedToken(body.investor_bot_token, before?.investor_bot_token ?? null);
      if (before && token === before.investor_bot_token && body.investor_chat_id === before.investor_chat_id) {
        throw new BadRequestDetail(SETTINGS_MESSAGES.valuesNotChanged);
      }
      const saved = await this.store.write(m, {
        token: before?.token ?? null,
        chat_id: before?.chat_id ?? null,
        investor_bot_token: token,
        investor_chat_id: body.investor_chat_id,
        investor_report_time: before?.investor_report_time ?? DEFAULT_REPORT_TIME,
      });
      const changed_fields = [
        ...(token !== before?.investor_bot_token ? ['investor_bot_token'] : []),
        ...(body.investor_chat_id !== before?.investor_chat_id ? ['investor_chat_id'] : []),
      ];
      await this.audit.write(
        {
          type: 'user',
          event_type: 'investor_report_settings_updated',
          user_id: principal.userId,
          log_data: { changed_fields, before: { investor_chat_id: before?.investor_chat_id ?? null }, after: { investor_chat_id: saved.investor_chat_id } },
        },
        m,
      );
      return { investor_bot_token: maskToken(saved.investor_bot_token), investor_chat_id: saved.investor_chat_id ?? '' };
    });
  }
}
