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
import { ACCOUNT_ID_DOC, IsStatsDate } from './stats.dto';

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

/** The swagger shape of the contracts' MonthsRow; the client view leaves out the HWM and profit-factor columns. */
export class MonthsRowDto implements MonthsRow {
  @ApiProperty({ nullable: true, type: String, description: 'First day of the month (YYYY-MM-DD); null in total and average rows' }) period!: string | null;
  @ApiPropertyOptional({ nullable: true, type: Number, description: 'High-water mark at the end of the period (admin)' }) hwm?: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Deposit at the end of the period' }) deposit!: number | null;
  @ApiPropertyOptional({ nullable: true, type: Number, description: 'admin' }) profit_factor?: number | null;
  @ApiProperty({ nullable: true, type: Number }) winrate!: number | null;
  @ApiPropertyOptional({ nullable: true, type: Number, description: 'NAV at the end against the HWM before the period, USD (admin)' }) return_hwm?: number | null;
  @ApiPropertyOptional({ nullable: true, type: Number, description: 'admin' }) return_hwm_percent?: number | null;
  @ApiProperty({ description: 'Realised PnL, USD' }) return_realized!: number;
  @ApiProperty({ nullable: true, type: Number }) return_realized_percent!: number | null;
  @ApiProperty({ nullable: true, type: Number }) reinvest_percent_realized!: number | null;
  @ApiProperty() qty_total!: number;
  @ApiPropertyOptional({ description: 'admin' }) qty_profit?: number;
  @ApiPropertyOptional({ description: 'admin' }) qty_loss?: number;
  @ApiPropertyOptional({ description: 'admin' }) qty_missed?: number;
  @ApiProperty({ description: 'USD, whole dollars' }) turn_over!: number;
}

class DatedReturnDto implements DatedReturn {
  @ApiProperty({ nullable: true, type: Number }) value!: number | null;
  @ApiProperty({ nullable: true, type: String }) date!: string | null;
}

export class MonthsSummaryDto implements MonthsSummary {
  @ApiProperty() turn_over_at_value!: number;
  @ApiProperty() turn_over_month_value!: number;
  @ApiProperty() turn_over_week_value!: number;
  @ApiProperty() turn_over_day_value!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Percent of months with a positive return' }) positive_months!: number | null;
  @ApiProperty({ type: DatedReturnDto }) best_month_return!: DatedReturnDto;
  @ApiProperty({ type: DatedReturnDto }) worst_month_return!: DatedReturnDto;
  @ApiProperty({ nullable: true, type: Number, description: 'Average monthly capital growth rate, percent' }) avg_capital_growth_rate!: number | null;
  @ApiProperty() system_is_running_days!: number;
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
