import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import {
  ACCOUNT_STATS_LIST_QUERY,
  DIRECTIONS,
  INPUT_LIMITS,
  PROFILE_STATS_LIST_QUERY,
  STATS_MESSAGES as M,
  STRATEGY_PROFILE_STATUSES,
  type AccountStatsRow,
  type Direction,
  type NamedRef,
  type ProfileStatsRow,
  type SignalFigures,
  type StrategyProfileStatus,
} from '@console/contracts';
import { Ordering } from '../common/list-query/ordering';
import { PageQuery, paginatedAnswer } from '../common/pagination/pagination';
import { IdsFromString, IsIdList as IsIdListOf } from '../common/validation/ids';
import { isStatsDate } from './stats-dates';

/** A list of profile or account ids: 1 to 100 of them. */
export const IsIdList = () => IsIdListOf(M.idsInvalid);

/** A date (YYYY-MM-DD) or, unless `dateOnly`, an ISO date-time; a real calendar day. */
export const IsStatsDate = (dateOnly = false) =>
  ValidateBy({ name: 'isStatsDate', validator: { validate: (value: unknown) => isStatsDate(value, dateOnly) } }, { message: dateOnly ? M.dateInvalid : M.dateTimeInvalid });

const createdAtDoc = (bound: string) => ({ description: `The profile or account was created ${bound} this date (YYYY-MM-DD, the whole day) or date-time`, example: '2026-01-31' });

export class ProfileStatsQuery extends PageQuery {
  @ApiPropertyOptional({ type: String, description: 'Profile ids, comma-separated', example: '1,2' })
  @IsOptional()
  @IdsFromString()
  @IsIdList()
  profile_id__in?: number[];

  @ApiPropertyOptional({ enum: STRATEGY_PROFILE_STATUSES, description: 'Absent: all' })
  @IsOptional()
  @IsIn(STRATEGY_PROFILE_STATUSES, { message: M.valueInvalid })
  status?: StrategyProfileStatus;

  @ApiPropertyOptional(createdAtDoc('on or before'))
  @IsOptional()
  @IsStatsDate()
  created_at__lte?: string;

  @ApiPropertyOptional(createdAtDoc('on or after'))
  @IsOptional()
  @IsStatsDate()
  created_at__gte?: string;

  @Ordering(PROFILE_STATS_LIST_QUERY)
  ordering?: string;
}

export class ProfileStatsOptionsQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the title, or the id' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  search?: string;
}

export class AccountStatsQuery extends PageQuery {
  @ApiPropertyOptional({ type: String, description: 'Exchange account ids, comma-separated', example: '1,2' })
  @IsOptional()
  @IdsFromString()
  @IsIdList()
  account_id__in?: number[];

  @ApiPropertyOptional(createdAtDoc('on or before'))
  @IsOptional()
  @IsStatsDate()
  created_at__lte?: string;

  @ApiPropertyOptional(createdAtDoc('on or after'))
  @IsOptional()
  @IsStatsDate()
  created_at__gte?: string;

  @Ordering(ACCOUNT_STATS_LIST_QUERY)
  ordering?: string;
}

export class AccountStatsOptionsQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the title' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  search?: string;
}

/** The signal figures shared by profile and account rows (docs/metrics.md). */
class SignalFiguresDto implements SignalFigures {
  @ApiProperty({ description: 'Sum of winning PnL, USD' }) total_profit!: number;
  @ApiProperty({ description: 'Sum of losing PnL (≤ 0), USD' }) total_loss!: number;
  @ApiProperty({ description: 'Realised PnL, USD' }) total!: number;
  @ApiProperty({ description: 'Sum of the signals’ PnL percents' }) total_percent!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Profit factor' }) total_i!: number | null;
  @ApiProperty({ nullable: true, type: Number }) avg_pnl_percent!: number | null;
  @ApiProperty({ nullable: true, type: Number }) avg_loss_percent!: number | null;
  @ApiProperty({ nullable: true, type: Number }) most_loss_percent!: number | null;
  @ApiProperty({ nullable: true, type: Number }) avg_profit_percent!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Average win % over average loss %' }) avg_i!: number | null;
  @ApiProperty() qty_loss!: number;
  @ApiProperty() qty_profit!: number;
  @ApiProperty() qty_total!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Win rate, percent' }) w_percent!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Hours' }) avg_time_per_signal!: number | null;
  @ApiProperty({ description: 'Hours' }) most_longest_duration!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Worst single loss, USD (≤ 0)' }) most_imp_loss!: number | null;
  @ApiProperty() qty_missed!: number;
  @ApiProperty({ description: 'Deepest fall of realised PnL below its peak, USD' }) max_drawdown!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Recovery factor' }) rf!: number | null;
  @ApiProperty({ nullable: true, type: Number }) sharpe!: number | null;
  @ApiProperty({ nullable: true, type: Number }) stdev!: number | null;
  @ApiProperty({ description: 'USD, whole dollars' }) turnover!: number;
}

export class ProfileStatsDto extends SignalFiguresDto implements ProfileStatsRow {
  @ApiProperty() id!: number;
  @ApiProperty() profile_id!: number;
  @ApiProperty() profile_title!: string;
  @ApiProperty({ enum: DIRECTIONS }) direction!: Direction;
  @ApiProperty({ enum: STRATEGY_PROFILE_STATUSES }) status!: StrategyProfileStatus;
  @ApiProperty({ nullable: true, type: Number, description: 'Worst single loss as a percent of the MM one-signal quota' }) most_mm_imp_loss!: number | null;
}

export class ProfileStatsListDto extends paginatedAnswer(ProfileStatsDto) {}

export class AccountStatsDto extends SignalFiguresDto implements AccountStatsRow {
  @ApiProperty() id!: number;
  @ApiProperty() account_id!: number;
  @ApiProperty() account_title!: string;
  @ApiProperty() qty_profiles!: number;
  @ApiProperty({ nullable: true, type: Number }) nav!: number | null;
  @ApiProperty({ nullable: true, type: Number }) deposit!: number | null;
  @ApiProperty({ nullable: true, type: Number }) return_percent!: number | null;
}

export class AccountStatsListDto extends paginatedAnswer(AccountStatsDto) {}

/** An option of the profiles or accounts filter; a Limited group without profile_title gets ids only. */
export class StatsOptionDto implements NamedRef {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
}

export class StatsOptionListDto extends paginatedAnswer(StatsOptionDto) {}

export const ACCOUNT_ID_DOC = { type: 'integer', minimum: INPUT_LIMITS.idMin, maximum: INPUT_LIMITS.idMax, description: 'Exchange account; absent: the oldest account with metrics' } as const;
