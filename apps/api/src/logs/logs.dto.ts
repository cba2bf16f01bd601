import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { LOG_TYPES, PAGE_SIZES } from '@console/contracts';
import type { LogCount, LogEntry, LogType } from '@console/contracts';
import { ID_SCHEMA, PageQuery, paginatedAnswer } from '../common/pagination/pagination';
import { IsBigId, IsId } from '../common/validation/ids';

export class LogsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: PAGE_SIZES.logs.options, default: PAGE_SIZES.logs.default })
  declare page_size?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'signal id (signals are a bigint table)' }) @IsOptional() @IsBigId() signal_id?: number;
  @ApiPropertyOptional({ enum: LOG_TYPES }) @IsOptional() @IsIn(LOG_TYPES) type?: LogType;
  @ApiPropertyOptional({ ...ID_SCHEMA, description: 'pair id' }) @IsOptional() @IsId() pair?: number;
  @ApiPropertyOptional({ ...ID_SCHEMA, description: 'profile id' }) @IsOptional() @IsId() profile?: number;
}

/** The swagger shape of the contracts' LogEntry. */
export class LogDto implements LogEntry {
  @ApiProperty() id!: string;
  @ApiProperty() created_at!: string;
  @ApiProperty({ enum: LOG_TYPES }) type!: LogType;
  @ApiProperty() event_type!: string;
  @ApiProperty({ nullable: true, type: String }) signal_id!: string | null;
  @ApiProperty({ nullable: true, type: Number }) pair_id!: number | null;
  @ApiProperty({ nullable: true, type: String }) pair_name!: string | null;
  @ApiProperty({ nullable: true, type: Number }) profile_id!: number | null;
  @ApiProperty({ nullable: true, type: String }) profile_title!: string | null;
  @ApiProperty({ nullable: true, type: String }) order_id!: string | null;
  @ApiProperty({ type: Object }) log_data!: Record<string, unknown>;
}

export class LogListDto extends paginatedAnswer(LogDto, { countDescription: 'Exact up to 1,000 matching rows past the page; beyond that an estimate (see for_count)' }) {}

export class LogCountDto implements LogCount {
  @ApiProperty() count!: number;
}
