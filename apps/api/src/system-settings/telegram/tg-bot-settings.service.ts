import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { TgBotSettings } from '@console/contracts';
import type { Principal } from '../../access/principal';
import { NotFoundDetail } from '../../common/errors/api-errors';
import { AuditService } from '../../logs/audit.service';
import { parseReportTime } from '../report-time';
import { maskToken, resolveSubmittedToken } from './token-mask';
import { TelegramSettings, TelegramSettingsRepository } from './telegram-settings.repository';
import { TgBotSettingsInputDto } from './tg-bot-settings.dto';

export const DEFAULT_REPORT_TIME = '00:00:00';

/** The alert bot settings: one row, created by the first save and updated by every later one. */
@Injectable()
export class TgBotSettingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: TelegramSettingsRepository,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<TgBotSettings> {
    return toDto(await this.store.read());
  }

  /** Creates the row when none exists, else updates it. With an id, that id must be the row's. */
  async save(principal: Principal, body: TgBotSettingsInputDto, id?: number): Promise<TgBotSettings & { created: boolean }> {
    const reportTime = body.investor_report_time === undefined ? undefined : parseReportTime('investor_report_time', body.investor_report_time);
    return this.dataSource.transaction(async (m) => {
      const before = await this.store.read(m, true);
      if (id !== undefined && before?.id !== id) throw new NotFoundDetail();
      const next = {
        token: resolveSubmittedToken(body.token, before?.token ?? null),
        chat_id: body.chat_id,
        investor_bot_token:
          body.investor_bot_token === undefined ? before?.investor_bot_token ?? null : resolveSubmittedToken(body.investor_bot_token, before?.investor_bot_token ?? null) || null,
        investor_chat_id: body.investor_chat_id === undefined ? before?.investor_chat_id ?? null : body.investor_chat_id || null,
        investor_report_time: reportTime ?? before?.investor_report_time ?? DEFAULT_REPORT_TIME,
      };
      const saved = await this.store.write(m, next);
      await this.audit.write(
        {
          type: 'user',
          event_type: before ? 'tg_bot_settings_updated' : 'tg_bot_settings_created',
          user_id: principal.userId,
          log_data: { changed_fields: changedFields(before, saved), before: before ? toDto(before) : null, after: toDto(saved) },
        },
        m,
      );
      return Object.assign(toDto(saved), { created: !before });
    });
  }
}

function changedFields(before: TelegramSettings | null, after: TelegramSettings): string[] {
  const keys = ['token', 'chat_id', 'investor_bot_token', 'investor_chat_id', 'investor_report_time'] as const;
  return keys.filter((k) => (before?.[k] ?? null) !== (after[k] ?? null));
}

export function toDto(settings: TelegramSettings | null): TgBotSettings {
  return {
    id: settings?.id ?? null,
    token: maskToken(settings?.token ?? null),
    chat_id: settings?.chat_id ?? '',
    investor_bot_token: maskToken(settings?.investor_bot_token ?? null),
    investor_chat_id: settings?.investor_chat_id ?? '',
    investor_report_time: settings?.investor_report_time ?? DEFAULT_REPORT_TIME,
  };
}
