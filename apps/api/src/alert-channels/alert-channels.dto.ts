import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import {
  ALERT_CHANNEL_LIMITS, ALERT_CHANNEL_MESSAGES as M, ALERT_CHANNELS, DELIVERY_CHANNELS, DELIVERY_STATUSES, NOTIFICATION_KIND_NAMES,
  type AlertChannel, type AlertChannelSettings, type AlertChannelSettingsInput, type AlertDelivery, type AlertDeliveryLog, type ChannelDeliveryLog, type DeliveryChannel,
  type DeliveryStatus, type NotificationKind,
} from '@console/contracts';
import { Omittable, Trim } from '../common/validation/transforms';
import { isHttpUrl } from './urls';

/** Blank clears a destination. */
const BlankOr = () => ValidateIf((_object: object, value: unknown) => value !== undefined && value !== '');

/** Every field may be left out: it keeps its value. */
export class AlertChannelSettingsInputDto implements AlertChannelSettingsInput {
  @ApiPropertyOptional({ maxLength: ALERT_CHANNEL_LIMITS.emailMax, description: 'Blank: no email' })
  @Omittable()
  @IsString({ message: M.emailInvalid })
  @Trim()
  @BlankOr()
  @MaxLength(ALERT_CHANNEL_LIMITS.emailMax, { message: M.emailInvalid })
  @IsEmail({}, { message: M.emailInvalid })
  email?: string;

  @ApiPropertyOptional({ maxLength: ALERT_CHANNEL_LIMITS.urlMax, description: 'A Discord channel webhook URL, or the mask from GET to keep it; blank: none' })
  @Omittable()
  @IsString({ message: M.discordUrlInvalid })
  @Trim()
  @BlankOr()
  @MaxLength(ALERT_CHANNEL_LIMITS.urlMax, { message: M.urlTooLong })
  discord_webhook_url?: string;

  @ApiPropertyOptional({ maxLength: ALERT_CHANNEL_LIMITS.urlMax, description: 'Blank: no webhook' })
  @Omittable()
  @IsString({ message: M.urlInvalid })
  @Trim()
  @BlankOr()
  @MaxLength(ALERT_CHANNEL_LIMITS.urlMax, { message: M.urlTooLong })
  @ValidateBy({ name: 'isHttpUrl', validator: { validate: isHttpUrl } }, { message: M.urlInvalid })
  webhook_url?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string', enum: [...ALERT_CHANNELS] } },
    description: `Per kind (${NOTIFICATION_KIND_NAMES.join(', ')}), the channels that get it; a kind left out keeps its channels`,
  })
  @Omittable()
  @ValidateBy({ name: 'isChoices', validator: { validate: (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) } }, { message: M.kindUnknown })
  choices?: Partial<Record<NotificationKind, AlertChannel[]>>;
}

export class AlertChannelSettingsDto implements AlertChannelSettings {
  @ApiProperty() email!: string;
  @ApiProperty({ example: '********AbCd' }) discord_webhook_url!: string;
  @ApiProperty() webhook_url!: string;
  @ApiProperty({ description: 'The key of the X-Console-Signature HMAC; blank until a webhook URL is set' }) webhook_secret!: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string', enum: [...ALERT_CHANNELS] } } })
  choices!: Partial<Record<NotificationKind, AlertChannel[]>>;
  @ApiProperty({ type: [String], enum: NOTIFICATION_KIND_NAMES }) kinds!: NotificationKind[];
  @ApiProperty() email_available!: boolean;
}

export class AlertDeliveryDto implements AlertDelivery {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: NOTIFICATION_KIND_NAMES }) kind!: NotificationKind;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: DELIVERY_STATUSES }) status!: DeliveryStatus;
  @ApiProperty() attempts!: number;
  @ApiProperty({ nullable: true, type: String }) last_error!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty({ nullable: true, type: String }) sent_at!: string | null;
}

export class ChannelDeliveryLogDto implements ChannelDeliveryLog {
  @ApiProperty({ enum: DELIVERY_CHANNELS }) channel!: DeliveryChannel;
  @ApiProperty({ nullable: true, type: String }) last_error!: string | null;
  @ApiProperty({ nullable: true, type: String }) last_error_at!: string | null;
  @ApiProperty({ type: [AlertDeliveryDto] }) deliveries!: AlertDeliveryDto[];
}

export class AlertDeliveryLogDto implements AlertDeliveryLog {
  @ApiProperty({ type: [ChannelDeliveryLogDto] }) channels!: ChannelDeliveryLogDto[];
}
