import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import {
  MONTHS_ORDERS,
  STATS_MESSAGES as M,
  type DatedReturn,
  type MonthsOrder,
  type MonthsRow,
  type MonthsStats,
  type MonthsSummary,
  type NamedRef,
  type SystemData,
} from '@console/contracts';
import { IsId } from '../common/validation/ids';
import { ACCOUNT_ID_DOC, figureDoc, IsStatsDate } from './stats.dto';

export class AccountQuery {
  @ApiPropertyOptional(ACCOUNT_ID_DOC)
  @IsOptional()
  @IsId()
  exchange_account?: number;
}

export class MonthsStatsQuery extends AccountQuery {
  @ApiPropertyOptional({ enum: MONTHS_ORDERS, default: '-period' })
  @IsOptional()
  @IsIn(MONTHS_ORDERS, { message: M.valueInvalid })
  order?: MonthsOrder;

  @ApiPropertyOptional({ description: 'First month: the month of this date (YYYY-MM-DD)', example: '2026-01-01' })
  @IsOptional()
  @IsStatsDate(true)
  date_from?: string;

  @ApiPropertyOptional({ description: 'Last month: the month of this date (YYYY-MM-DD), included', example: '2026-06-01' })
  @IsOptional()
  @IsStatsDate(true)
  date_to?: string;
}

/** The swagger shape of the contracts' MonthsRow; the client view leaves out the HWM, profit-factor and win/loss split. */
export class MonthsRowDto implements MonthsRow {
  @ApiProperty({ nullable: true, type: String, description: 'First day of the month (YYYY-MM-DD); null in total and average rows' }) period!: string | null;
  @ApiPropertyOptional(figureDoc('hwm', true)) hwm?: number | null;
  @ApiProperty(figureDoc('deposit', true)) deposit!: number | null;
  @ApiPropertyOptional(figureDoc('total_i', true)) profit_factor?: number | null;
  @ApiProperty(figureDoc('w_percent', true)) winrate!: number | null;
  @ApiPropertyOptional(figureDoc('return_hwm', true)) return_hwm?: number | null;
  @ApiPropertyOptional(figureDoc('return_hwm_percent', true)) return_hwm_percent?: number | null;
  @ApiProperty(figureDoc('return_month_usd', true)) return_nav!: number | null;
  @ApiProperty(figureDoc('return_month_percent', true)) return_nav_percent!: number | null;
  @ApiProperty(figureDoc('total')) return_realized!: number;
  @ApiProperty(figureDoc('return_realized_percent', true)) return_realized_percent!: number | null;
  @ApiProperty(figureDoc('reinvest_percent_realized', true)) reinvest_percent_realized!: number | null;
  @ApiProperty(figureDoc('qty_total')) qty_total!: number;
  @ApiPropertyOptional(figureDoc('qty_profit')) qty_profit?: number;
  @ApiPropertyOptional(figureDoc('qty_loss')) qty_loss?: number;
  @ApiPropertyOptional(figureDoc('qty_missed')) qty_missed?: number;
  @ApiProperty(figureDoc('turnover')) turn_over!: number;
}

class DatedReturnDto implements DatedReturn {
  @ApiProperty({ nullable: true, type: Number }) value!: number | null;
  @ApiProperty({ nullable: true, type: String }) date!: string | null;
}

export class MonthsSummaryDto implements MonthsSummary {
  @ApiProperty(figureDoc('turn_over_at_value')) turn_over_at_value!: number;
  @ApiProperty(figureDoc('turn_over_month_value')) turn_over_month_value!: number;
  @ApiProperty(figureDoc('turn_over_week_value')) turn_over_week_value!: number;
  @ApiProperty(figureDoc('turn_over_day_value')) turn_over_day_value!: number;
  @ApiProperty(figureDoc('positive_months', true)) positive_months!: number | null;
  @ApiProperty({ type: DatedReturnDto, ...figureDoc('best_month_return') }) best_month_return!: DatedReturnDto;
  @ApiProperty({ type: DatedReturnDto, ...figureDoc('worst_month_return') }) worst_month_return!: DatedReturnDto;
  @ApiProperty(figureDoc('avg_capital_growth_rate', true)) avg_capital_growth_rate!: number | null;
  @ApiProperty(figureDoc('system_is_running_days')) system_is_running_days!: number;
  @ApiProperty({ nullable: true, type: String }) system_start_date!: string | null;
}

/** The exchange account an answer is about. */
export class AccountRefDto implements NamedRef {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
}

export class MonthsStatsDto implements MonthsStats {
  @ApiProperty({ nullable: true, type: AccountRefDto }) exchange_account!: AccountRefDto | null;
  @ApiProperty({ nullable: true, type: MonthsRowDto }) total!: MonthsRowDto | null;
  @ApiProperty({ nullable: true, type: MonthsRowDto }) month_average!: MonthsRowDto | null;
  @ApiProperty({ nullable: true, type: MonthsRowDto }) day_average!: MonthsRowDto | null;
  @ApiProperty({ type: [MonthsRowDto] }) by_month!: MonthsRowDto[];
  @ApiProperty({ type: MonthsSummaryDto }) summary!: MonthsSummaryDto;
}

export class SystemDataDto implements SystemData {
  @ApiProperty({ nullable: true, type: AccountRefDto }) exchange_account!: AccountRefDto | null;
  @ApiProperty({ type: MonthsSummaryDto }) summary!: MonthsSummaryDto;
}
