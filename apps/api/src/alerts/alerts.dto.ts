import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import {
  ALERT_ACTIONS, ALERT_LIMITS, ALERT_MESSAGES,
  type AlertAccepted, type AlertAction, type AlertSecretAnswer, type AlertSettings, type EnableAlerts,
} from '@console/contracts';
import { Omittable } from '../common/validation/transforms';

export class EnableAlertsDto implements EnableAlerts {
  @ApiPropertyOptional({ minimum: ALERT_LIMITS.maxLagMinSeconds, maximum: ALERT_LIMITS.maxLagMaxSeconds, description: `Alerts older than this are refused (default ${ALERT_LIMITS.maxLagDefaultSeconds})` })
  @Omittable()
  @Max(ALERT_LIMITS.maxLagMaxSeconds, { message: ALERT_MESSAGES.maxLagRange })
  @Min(ALERT_LIMITS.maxLagMinSeconds, { message: ALERT_MESSAGES.maxLagRange })
  @IsInt({ message: ALERT_MESSAGES.maxLagRange })
  max_lag_seconds?: number;
}

export class AlertSettingsDto implements AlertSettings {
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'The public id in the webhook URL (kept when the secret is rotated)' }) profile_key!: string | null;
  @ApiProperty({ nullable: true, type: String }) url!: string | null;
  @ApiProperty() max_lag_seconds!: number;
}

export class AlertSecretAnswerDto implements AlertSecretAnswer {
  @ApiProperty() profile_key!: string;
  @ApiProperty({ description: 'Shown this once: only its hash is kept' }) secret!: string;
  @ApiProperty() url!: string;
  @ApiProperty() max_lag_seconds!: number;
}

/** The alert's body, for the OpenAPI document: the route reads it field by field and ignores other fields. */
export class AlertBodyDto {
  @ApiProperty({ maxLength: ALERT_LIMITS.secretMax }) secret!: string;
  @ApiProperty({ enum: ALERT_ACTIONS }) action!: AlertAction;
  @ApiPropertyOptional({ maxLength: ALERT_LIMITS.pairMax, description: 'Required for open and close; `EXCHANGE:` and `.P` are dropped', example: 'BTCUSDT' }) pair?: string;
  @ApiPropertyOptional({ oneOf: [{ type: 'string', format: 'date-time' }, { type: 'number' }], description: 'ISO 8601, or epoch seconds or milliseconds' }) timestamp?: string | number;
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'number' }] }) price?: string | number;
  @ApiPropertyOptional({ maxLength: ALERT_LIMITS.alertIdMax, description: 'A repeat within a day is answered as the first' }) alert_id?: string;
}

export class AlertAcceptedDto implements AlertAccepted {
  @ApiProperty({ enum: ['accepted'] }) status!: 'accepted';
  @ApiProperty({ nullable: true, type: String }) alert_id!: string | null;
  @ApiProperty({ enum: ALERT_ACTIONS }) action!: AlertAction;
  @ApiProperty({ nullable: true, type: String }) pair!: string | null;
  @ApiProperty() command_id!: string;
}
