import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import {
  CHART_DATA_TYPES,
  CHART_TIMEFRAMES,
  CHART_TYPES,
  STATS_MESSAGES as M,
  type ChartAnswer,
  type ChartDataType,
  type ChartPoint,
  type ChartTimeframe,
  type ChartType,
} from '@console/contracts';
import { AccountQuery, AccountRefDto } from '../stats/months-stats.dto';
import { isStatsDate, toInstant } from '../stats/stats-dates';
import { IsStatsDate } from '../stats/stats.dto';

/** `a,b`: two dates or date-times, the first not after the second. */
export function isPeriod(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const parts = value.split(',');
  return parts.length === 2 && parts.every((p) => isStatsDate(p.trim())) && toInstant(parts[0].trim()) <= toInstant(parts[1].trim());
}

export class ChartQuery extends AccountQuery {
  @ApiPropertyOptional({ description: 'From (YYYY-MM-DD or date-time, UTC); absent: six months before date_to', example: '2026-01-01' })
  @IsOptional()
  @IsStatsDate()
  date_from?: string;

  @ApiPropertyOptional({ description: 'Until (YYYY-MM-DD takes in the whole day); absent: now', example: '2026-06-30' })
  @IsOptional()
  @IsStatsDate()
  date_to?: string;

  @ApiPropertyOptional({ description: 'Two dates or date-times joined by a comma; wins over date_from and date_to', example: '2026-01-01,2026-06-30' })
  @IsOptional()
  @IsString()
  @MaxLength(80)
  @ValidateBy({ name: 'isPeriod', validator: { validate: isPeriod } }, { message: M.periodInvalid })
  period?: string;

  @ApiPropertyOptional({ enum: CHART_DATA_TYPES, default: 'Equity' })
  @IsOptional()
  @IsIn(CHART_DATA_TYPES, { message: M.valueInvalid })
  data_type?: ChartDataType;

  @ApiPropertyOptional({ enum: CHART_TYPES, description: 'Absent: line (VAR: column)' })
  @IsOptional()
  @IsIn(CHART_TYPES, { message: M.valueInvalid })
  chart_type?: ChartType;

  @ApiPropertyOptional({ enum: CHART_TIMEFRAMES, default: '1d' })
  @IsOptional()
  @IsIn(CHART_TIMEFRAMES, { message: M.valueInvalid })
  tf?: ChartTimeframe;
}

/** The swagger shape of the contracts' ChartPoint. */
export class ChartPointDto implements ChartPoint {
  @ApiProperty({ description: 'Bucket start, ISO 8601 UTC' }) date!: string;
  @ApiPropertyOptional({ description: 'line and column' }) value?: number;
  @ApiPropertyOptional({ description: 'candles' }) open?: number;
  @ApiPropertyOptional() high?: number;
  @ApiPropertyOptional() low?: number;
  @ApiPropertyOptional() close?: number;
}

/** The swagger shape of the contracts' ChartAnswer. */
export class ChartDto implements ChartAnswer {
  @ApiProperty({ enum: CHART_DATA_TYPES }) data_type!: ChartDataType;
  @ApiProperty({ enum: CHART_TYPES }) chart_type!: ChartType;
  @ApiProperty({ enum: CHART_TIMEFRAMES }) tf!: ChartTimeframe;
  @ApiProperty({ description: 'Width of one bucket in seconds (a month counts 30 days); wider than tf when the range would exceed 2,000 points' }) bucket_seconds!: number;
  @ApiProperty({ nullable: true, type: AccountRefDto }) exchange_account!: AccountRefDto | null;
  @ApiProperty({ type: [ChartPointDto] }) points!: ChartPointDto[];
}
