import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { LIMITS, type TgBotSettings } from '@console/contracts';
import { Omittable, Trim } from '../../common/validation/transforms';
import { SETTINGS_MESSAGES as M } from '@console/contracts';


/** token and chat_id of the alert bot; the investor fields may come along when the form sends the whole row. */
export class TgBotSettingsInputDto {
  @ApiProperty({ maxLength: LIMITS.botTokenMax, description: 'The full token, or the mask from GET to keep the stored one' })
  @MaxLength(LIMITS.botTokenMax, { message: M.botTokenTooLong })
  @IsNotEmpty({ message: M.botTokenBlank })
  @IsString()
  @Trim()
  token!: string;

  @ApiProperty({ maxLength: LIMITS.chatIdMax })
  @MaxLength(LIMITS.chatIdMax, { message: M.chatIdTooLong })
  @IsNotEmpty({ message: M.chatIdBlank })
  @IsString()
  @Trim()
  chat_id!: string;

  @ApiPropertyOptional({ maxLength: LIMITS.botTokenMax })
  @Omittable()
  @MaxLength(LIMITS.botTokenMax, { message: M.botTokenTooLong })
  @IsString()
  @Trim()
  investor_bot_token?: string;

  @ApiPropertyOptional({ maxLength: LIMITS.investorChatIdMax })
  @Omittable()
  @MaxLength(LIMITS.investorChatIdMax, { message: M.investorChatIdTooLong })
  @IsString()
  @Trim()
  investor_chat_id?: string;

  @ApiPropertyOptional({ example: '00:00:00', description: 'HH:MM:SS, hour at most 6' })
  @Omittable()
  @IsString({ message: M.reportTimeInvalid })
  investor_report_time?: string;
}

/** Tokens are masked: '********' and the last 4 characters (the contracts' TgBotSettings). */
export class TgBotSettingsDto implements TgBotSettings {
  @ApiProperty({ nullable: true, type: Number, description: 'null until the settings are first saved' }) id!: number | null;
  @ApiProperty({ example: '********AbCd' }) token!: string;
  @ApiProperty() chat_id!: string;
  @ApiProperty({ example: '********AbCd' }) investor_bot_token!: string;
  @ApiProperty() investor_chat_id!: string;
  @ApiProperty({ example: '00:00:00' }) investor_report_time!: string;
}
