import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { LIMITS, MESSAGES, SCHEDULE_TYPES, type InvestorReportSchedule, type InvestorReportSettings, type ScheduleType } from '@console/contracts';
import { PageQuery, paginatedAnswer } from '../../common/pagination/pagination';
import { Omittable, Trim } from '../../common/validation/transforms';
import { SETTINGS_MESSAGES as M } from '@console/contracts';


export class InvestorReportSettingsInputDto {
  @ApiProperty({ maxLength: LIMITS.botTokenMax, description: 'The full token, or the mask from GET to keep the stored one' })
  @MaxLength(LIMITS.botTokenMax, { message: M.botTokenTooLong })
  @IsNotEmpty({ message: M.botTokenBlank })
  @IsString()
  @Trim()
  investor_bot_token!: string;

  @ApiProperty({ maxLength: LIMITS.investorChatIdMax })
  @MaxLength(LIMITS.investorChatIdMax, { message: M.investorChatIdTooLong })
  @IsNotEmpty({ message: M.chatIdBlank })
  @IsString()
  @Trim()
  investor_chat_id!: string;
}

export class InvestorReportSettingsDto implements InvestorReportSettings {
  @ApiProperty({ example: '********AbCd', description: 'Masked: the last 4 characters' }) investor_bot_token!: string;
  @ApiProperty() investor_chat_id!: string;
}


export class CreateScheduleDto {
  @ApiProperty({ enum: SCHEDULE_TYPES })
  @IsIn(SCHEDULE_TYPES, { message: M.scheduleTypeInvalid })
  @IsNotEmpty({ message: MESSAGES.fieldRequired })
  schedule_type!: ScheduleType;

  @ApiPropertyOptional({ example: '03:00:00', description: 'UTC, HH:MM:SS, hour at most 6. Required unless custom.' })
  @Omittable()
  @IsString({ message: M.reportTimeInvalid })
  investor_report_time?: string;

  @ApiPropertyOptional({ example: '06:00:00', description: 'The same time as the user entered it in their zone, kept for display' })
  @Omittable()
  @IsString({ message: M.reportTimeInvalid })
  local_investor_report_time?: string;

  @ApiPropertyOptional({ example: '0 3 * * 1-5', nullable: true, type: String, description: 'Cron (UTC), required when custom; hours at most 6' })
  @IsOptional()
  @IsString({ message: M.cronInvalid })
  @MaxLength(128, { message: M.cronInvalid })
  schedule_crontab?: string | null;
}

export class ScheduleDto implements InvestorReportSchedule {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: SCHEDULE_TYPES }) schedule_type!: ScheduleType;
  @ApiProperty({ example: '03:00:00' }) investor_report_time!: string;
  @ApiProperty({ example: '06:00:00' }) local_investor_report_time!: string;
  @ApiProperty({ example: '0 0 3 * * *', description: 'The cron pattern that runs (UTC)' }) schedule_crontab!: string;
}

export class SchedulesQuery extends PageQuery {}

export class ScheduleListDto extends paginatedAnswer(ScheduleDto) {}
