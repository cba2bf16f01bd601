import { Global, Module } from '@nestjs/common';
import { SmtpSettingsRepository } from '../system-settings/smtp/smtp-settings.repository';
import { AlertChannelsRepository } from './alert-channels.repository';

/** Users' destinations and the SMTP settings (secrets encrypted), shared by the routes and the worker's senders. */
@Global()
@Module({ providers: [AlertChannelsRepository, SmtpSettingsRepository], exports: [AlertChannelsRepository, SmtpSettingsRepository] })
export class AlertChannelsStoreModule {}
