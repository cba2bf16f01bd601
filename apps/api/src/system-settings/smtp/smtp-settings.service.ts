import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { SmtpSettings } from '@console/contracts';
import type { Principal } from '../../access/principal';
import { AuditService } from '../../logs/audit.service';
import { SmtpSettingsRepository } from './smtp-settings.repository';
import type { SmtpSettingsInputDto } from './smtp-settings.dto';

/** A password shows none of its characters; a form saved with this mask unchanged keeps the stored one. */
const PASSWORD_MASK = '********';

const UNSET: SmtpSettings = { host: '', port: 587, secure: false, username: '', password: '', from_address: '' };

/** How the console sends email: one row, created by the first save; the password never leaves in full. */
@Injectable()
export class SmtpSettingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: SmtpSettingsRepository,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<SmtpSettings> {
    return masked((await this.store.read(this.dataSource)) ?? UNSET);
  }

  async save(principal: Principal, body: SmtpSettingsInputDto): Promise<SmtpSettings> {
    return this.dataSource.transaction(async (m) => {
      const before = await this.store.read(m, true);
      const next: SmtpSettings = { ...body, password: body.password === PASSWORD_MASK ? before?.password ?? '' : body.password };
      await this.store.write(m, next);
      const changed = (Object.keys(next) as (keyof SmtpSettings)[]).filter((k) => (before ?? UNSET)[k] !== next[k]);
      await this.audit.write(
        { type: 'user', event_type: 'smtp_settings_updated', user_id: principal.userId, log_data: { changed_fields: changed, before: before ? masked(before) : null, after: masked(next) } },
        m,
      );
      return masked(next);
    });
  }
}

function masked(settings: SmtpSettings): SmtpSettings {
  return { ...settings, password: settings.password ? PASSWORD_MASK : '' };
}
