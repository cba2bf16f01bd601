import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import {
  ACCOUNT_STATS_LIST_QUERY,
  DIRECTIONS,
  figureHint,
  INPUT_LIMITS,
  PROFILE_STATS_LIST_QUERY,
  STATS_FIGURES,
  STATS_MESSAGES as M,
  STRATEGY_PROFILE_STATUSES,
  type AccountStatsRow,
  type Direction,
  type NamedRef,
  type ProfileStatsRow,
  type SignalFigures,
  type StatsFigureId,
  type StrategyProfileStatus,
} from '@console/contracts';
import { Ordering } from '../common/list-query/ordering';
import { PageQuery, paginatedAnswer } from '../common/pagination/pagination';
import { IdsFromString, IsIdList as IsIdListOf } from '../common/validation/ids';
import { isStatsDate } from './stats-dates';

/** A figure's OpenAPI description: the same text as the header's tooltip (STATS_FIGURES); `nullable` when it may be undefined. */
export const figureDoc = (id: StatsFigureId, nullable = false) => ({ description: figureHint(STATS_FIGURES[id]), ...(nullable ? { nullable: true, type: Number } : {}) });

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

/** The signal figures shared by profile and account rows (STATS_FIGURES). */
class SignalFiguresDto implements SignalFigures {
  @ApiProperty(figureDoc('total_profit')) total_profit!: number;
  @ApiProperty(figureDoc('total_loss')) total_loss!: number;
  @ApiProperty(figureDoc('total')) total!: number;
  @ApiProperty(figureDoc('total_percent')) total_percent!: number;
  @ApiProperty(figureDoc('total_i', true)) total_i!: number | null;
  @ApiProperty(figureDoc('avg_pnl_percent', true)) avg_pnl_percent!: number | null;
  @ApiProperty(figureDoc('avg_loss_percent', true)) avg_loss_percent!: number | null;
  @ApiProperty(figureDoc('most_loss_percent', true)) most_loss_percent!: number | null;
  @ApiProperty(figureDoc('avg_profit_percent', true)) avg_profit_percent!: number | null;
  @ApiProperty(figureDoc('avg_i', true)) avg_i!: number | null;
  @ApiProperty(figureDoc('qty_loss')) qty_loss!: number;
  @ApiProperty(figureDoc('qty_profit')) qty_profit!: number;
  @ApiProperty(figureDoc('qty_total')) qty_total!: number;
  @ApiProperty(figureDoc('w_percent', true)) w_percent!: number | null;
  @ApiProperty(figureDoc('avg_time_per_signal', true)) avg_time_per_signal!: number | null;
  @ApiProperty(figureDoc('most_longest_duration')) most_longest_duration!: number;
  @ApiProperty(figureDoc('most_imp_loss', true)) most_imp_loss!: number | null;
  @ApiProperty(figureDoc('qty_missed')) qty_missed!: number;
  @ApiProperty(figureDoc('max_drawdown')) max_drawdown!: number;
  @ApiProperty(figureDoc('rf', true)) rf!: number | null;
  @ApiProperty(figureDoc('sharpe', true)) sharpe!: number | null;
  @ApiProperty(figureDoc('stdev', true)) stdev!: number | null;
  @ApiProperty(figureDoc('turnover')) turnover!: number;
}

export class ProfileStatsDto extends SignalFiguresDto implements ProfileStatsRow {
  @ApiProperty() id!: number;
  @ApiProperty() profile_id!: number;
  @ApiProperty() profile_title!: string;
  @ApiProperty({ enum: DIRECTIONS }) direction!: Direction;
  @ApiProperty({ enum: STRATEGY_PROFILE_STATUSES }) status!: StrategyProfileStatus;
  @ApiProperty(figureDoc('most_mm_imp_loss', true)) most_mm_imp_loss!: number | null;
}

export class ProfileStatsListDto extends paginatedAnswer(ProfileStatsDto) {}

export class AccountStatsDto extends SignalFiguresDto implements AccountStatsRow {
  @ApiProperty() id!: number;
  @ApiProperty() account_id!: number;
  @ApiProperty() account_title!: string;
  @ApiProperty(figureDoc('qty_profiles')) qty_profiles!: number;
  @ApiProperty(figureDoc('nav', true)) nav!: number | null;
  @ApiProperty(figureDoc('deposit_at', true)) deposit!: number | null;
  @ApiProperty(figureDoc('return_at_percent', true)) return_percent!: number | null;
}

export class AccountStatsListDto extends paginatedAnswer(AccountStatsDto) {}

/** An option of the profiles or accounts filter; a Limited group without profile_title gets ids only. */
export class StatsOptionDto implements NamedRef {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
}

export class StatsOptionListDto extends paginatedAnswer(StatsOptionDto) {}

export const ACCOUNT_ID_DOC = { type: 'integer', minimum: INPUT_LIMITS.idMin, maximum: INPUT_LIMITS.idMax, description: 'Exchange account; absent: the oldest account with metrics' } as const;
