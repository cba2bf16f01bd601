import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import {
  ACTION_STATES,
  DIRECTIONS,
  OWN_MESSAGES,
  PAGE_SIZES,
  SIGNAL_LIST_QUERY,
  SIGNAL_MESSAGES,
  SIGNAL_STATES,
  SIGNAL_STATUSES,
  TIMEFRAMES,
  type ActionState,
  type Direction,
  type SignalRow,
  type SignalState,
  type SignalStatus,
  type Timeframe,
} from '@console/contracts';
import { Ordering } from '../common/list-query/ordering';
import { ID_SCHEMA, PageQuery, paginatedAnswer } from '../common/pagination/pagination';
import { DateBound } from '../common/validation/dates';
import { IsId } from '../common/validation/ids';

const BooleanFromString = () => Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));

const DATE_SCHEMA = { type: String, description: 'YYYY-MM-DD (the whole day, UTC) or an ISO 8601 instant with its offset', example: '2024-05-01' };

/**
 * `GET signals/signals/`. Missed signals are left out unless `show_missed=true` (or `status=missed`);
 * `show_unfilled=true` keeps only signals nothing was filled for yet (execution 0).
 */
export class SignalsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: PAGE_SIZES.signals.options, default: PAGE_SIZES.signals.default })
  @IsOptional()
  @IsIn(PAGE_SIZES.signals.options, { message: OWN_MESSAGES.valueInvalid })
  declare page_size?: number;

  @ApiPropertyOptional({ ...ID_SCHEMA, description: 'strategy profile id' }) @IsOptional() @IsId() profile?: number;
  @ApiPropertyOptional({ enum: SIGNAL_STATUSES }) @IsOptional() @IsIn(SIGNAL_STATUSES, { message: OWN_MESSAGES.valueInvalid }) status?: SignalStatus;
  @ApiPropertyOptional({ ...ID_SCHEMA, description: 'pair id' }) @IsOptional() @IsId() pair?: number;

  @ApiPropertyOptional({ ...DATE_SCHEMA, description: `Created at or before; ${DATE_SCHEMA.description}` })
  @IsOptional()
  @DateBound('end', SIGNAL_MESSAGES.dateInvalid)
  created_at_before?: string;

  @ApiPropertyOptional({ ...DATE_SCHEMA, description: `Created at or after; ${DATE_SCHEMA.description}` })
  @IsOptional()
  @DateBound('start', SIGNAL_MESSAGES.dateInvalid)
  created_at_after?: string;

  @ApiPropertyOptional({ type: Boolean, default: false, description: 'true: missed signals too' })
  @IsOptional()
  @BooleanFromString()
  @IsBoolean({ message: OWN_MESSAGES.booleanExpected })
  show_missed?: boolean;

  @ApiPropertyOptional({ type: Boolean, default: false, description: 'true: only signals with nothing filled yet (execution 0)' })
  @IsOptional()
  @BooleanFromString()
  @IsBoolean({ message: OWN_MESSAGES.booleanExpected })
  show_unfilled?: boolean;

  @Ordering(SIGNAL_LIST_QUERY)
  ordering?: string;
}

/** The swagger shape of the contracts' SignalRow. */
export class SignalDto implements SignalRow {
  @ApiProperty() id!: string;
  @ApiProperty() created_at!: string;
  @ApiProperty() profile!: string;
  @ApiProperty() profile_id!: number;
  @ApiProperty({ enum: TIMEFRAMES }) timeframe!: Timeframe;
  @ApiProperty() pair!: string;
  @ApiProperty({ enum: DIRECTIONS }) direction!: Direction;
  @ApiProperty() execution!: number;
  @ApiProperty() size_currency!: number;
  @ApiProperty() size_coins!: number;
  @ApiProperty({ nullable: true, type: Number }) avg_e_price!: number | null;
  @ApiProperty({ nullable: true, type: Number }) exit_place!: number | null;
  @ApiProperty({ nullable: true, type: Number }) current_price!: number | null;
  @ApiProperty({ nullable: true, type: Number }) pnl_in_usd!: number | null;
  @ApiProperty({ nullable: true, type: Number }) pnl_in_percent!: number | null;
  @ApiProperty({ nullable: true, type: Number }) tr_in_atr!: number | null;
  @ApiProperty({ nullable: true, type: Number }) inc_vola!: number | null;
  @ApiProperty({ nullable: true, type: Number }) atr_minus_1!: number | null;
  @ApiProperty({ nullable: true, type: Number }) atr_t_percent!: number | null;
  @ApiProperty({ nullable: true, type: String }) minute_activated_at!: string | null;
  @ApiProperty({ nullable: true, type: Number }) start_point!: number | null;
  @ApiProperty({ enum: SIGNAL_STATUSES }) status!: SignalStatus;
  @ApiProperty({ enum: SIGNAL_STATES }) state!: SignalState;
  @ApiProperty({ enum: ACTION_STATES }) action_state!: ActionState;
  @ApiProperty({ description: 'Hours from creation to the end (or to now while open), 2 decimals' }) time_per_signal!: number;
}

export class SignalListDto extends paginatedAnswer(SignalDto, { countDescription: 'Exact up to 1,000 matching rows past the page; beyond that an estimate' }) {}
