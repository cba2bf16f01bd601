import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  ALERT_CHANNEL_LIMITS, ALERT_CHANNEL_MESSAGES as M, ALERT_CHANNELS, DELIVERY_CHANNELS, NOTIFICATION_KIND_NAMES, NOTIFICATION_KINDS,
  type AlertChannel, type AlertChannelSettings, type AlertDeliveryLog, mayReceive, type NotificationKind, receivableKinds,
} from '@console/contracts';
import type { Principal } from '../access/principal';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { randomToken } from '../common/crypto/secrets';
import { FieldValidationError } from '../common/errors/api-errors';
import { AuditService } from '../logs/audit.service';
import { SmtpSettingsRepository } from '../system-settings/smtp/smtp-settings.repository';
import { maskToken, resolveSubmittedToken } from '../system-settings/telegram/token-mask';
import { AlertChannelsRepository, type ChannelChoices, type UserChannels } from './alert-channels.repository';
import type { AlertChannelSettingsInputDto } from './alert-channels.dto';
import { isDiscordWebhookUrl } from './urls';

/** The signed-in user's own alert channels: only ever their own row, and only kinds their group lets them get. */
@Injectable()
export class AlertChannelsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly channels: AlertChannelsRepository,
    private readonly smtp: SmtpSettingsRepository,
    private readonly audit: AuditService,
  ) {}

  async get(principal: Principal): Promise<AlertChannelSettings> {
    return this.answer(principal, await this.channels.read(this.dataSource, principal.userId));
  }

  async save(principal: Principal, body: AlertChannelSettingsInputDto): Promise<AlertChannelSettings> {
    const saved = await this.dataSource.transaction(async (m) => {
      const before = await this.channels.read(m, principal.userId, true);
      const next: UserChannels = { ...before, choices: { ...before.choices } };
      if (body.email !== undefined) next.email = body.email || null;
      if (body.discord_webhook_url !== undefined) next.discord_url = this.discordUrl(body.discord_webhook_url, before.discord_url);
      if (body.webhook_url !== undefined) next.webhook_url = body.webhook_url || null;
      // The secret is made with the first webhook URL and kept while one is set, so receivers keep verifying.
      next.webhook_secret = next.webhook_url ? before.webhook_secret ?? randomToken(32) : null;
      if (body.choices !== undefined) Object.assign(next.choices, this.choices(principal, body.choices));
      this.requireDestinations(next);
      await this.channels.write(m, principal.userId, next);
      await this.audit.write(
        { type: 'user', event_type: 'alert_channels_updated', user_id: principal.userId, log_data: { changed_fields: changedFields(before, next), choices: next.choices } },
        m,
      );
      return next;
    });
    return this.answer(principal, saved);
  }

  /** Per channel, its newest deliveries and its last error. */
  async deliveries(principal: Principal): Promise<AlertDeliveryLog> {
    const [errors, logs] = await Promise.all([
      this.channels.lastErrors(this.dataSource, principal.userId),
      Promise.all(DELIVERY_CHANNELS.map((channel) => this.channels.log(this.dataSource, principal.userId, channel, ALERT_CHANNEL_LIMITS.logSize))),
    ]);
    return {
      channels: DELIVERY_CHANNELS.map((channel, i) => {
        const error = errors.find((e) => e.channel === channel);
        return { channel, last_error: error?.last_error ?? null, last_error_at: error ? new Date(error.at).toISOString() : null, deliveries: logs[i] };
      }),
    };
  }

  private discordUrl(submitted: string, stored: string | null): string | null {
    if (!submitted) return null;
    const url = resolveSubmittedToken(submitted, stored);
    if (!isDiscordWebhookUrl(url, this.config.discordApiBaseUrl)) throw FieldValidationError.of('discord_webhook_url', M.discordUrlInvalid);
    return url;
  }

  /** The submitted kinds, each checked: a known kind the group lets the user get, known channels, none twice. */
  private choices(principal: Principal, submitted: Record<string, unknown>): ChannelChoices {
    const checked: ChannelChoices = {};
    for (const [kind, channels] of Object.entries(submitted)) {
      if (!(NOTIFICATION_KIND_NAMES as string[]).includes(kind)) throw FieldValidationError.of('choices', M.kindUnknown);
      const known = kind as NotificationKind;
      if (!Array.isArray(channels) || channels.some((c) => !(ALERT_CHANNELS as readonly unknown[]).includes(c))) throw FieldValidationError.of('choices', M.channelUnknown);
      if (channels.length && !mayReceive(principal, known)) throw FieldValidationError.of('choices', M.kindNotAllowed(NOTIFICATION_KINDS[known].label));
      checked[known] = ALERT_CHANNELS.filter((c) => (channels as AlertChannel[]).includes(c));
    }
    return checked;
  }

  /** A channel chosen for any kind needs its destination. */
  private requireDestinations(next: UserChannels): void {
    const chosen = new Set(Object.values(next.choices).flat());
    const missing: [AlertChannel, string | null, string][] = [
      ['email', next.email, 'email'],
      ['discord', next.discord_url, 'Discord webhook URL'],
      ['webhook', next.webhook_url, 'webhook URL'],
    ];
    for (const [channel, destination, name] of missing) if (chosen.has(channel) && !destination) throw FieldValidationError.of('choices', M.channelNotSet(name));
  }

  private async answer(principal: Principal, channels: UserChannels): Promise<AlertChannelSettings> {
    const kinds = receivableKinds(principal);
    return {
      email: channels.email ?? '',
      discord_webhook_url: maskToken(channels.discord_url),
      webhook_url: channels.webhook_url ?? '',
      webhook_secret: channels.webhook_secret ?? '',
      choices: Object.fromEntries(kinds.map((kind) => [kind, channels.choices[kind] ?? []])),
      kinds,
      email_available: (await this.smtp.read(this.dataSource)) !== null,
    };
  }
}

function changedFields(before: UserChannels, after: UserChannels): string[] {
  const keys = ['email', 'discord_url', 'webhook_url', 'webhook_secret'] as const;
  const changed: string[] = keys.filter((k) => before[k] !== after[k]);
  if (JSON.stringify(before.choices) !== JSON.stringify(after.choices)) changed.push('choices');
  return changed;
}
