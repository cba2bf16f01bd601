import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsDefined, IsIn, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateBy, ValidateIf } from 'class-validator';
import { Transform } from 'class-transformer';
import {
  ACTION_STATES,
  BULK_POSITIONS_MAX,
  DEPOSIT_TRANSACTION_TYPES,
  DIRECTIONS,
  isBigId,
  OWN_MESSAGES,
  POSITION_LIST_QUERY,
  POSITION_MESSAGES as M,
  POSITION_STATES,
  REDUCE_PERCENT,
  type AccountAdminMetrics,
  type ActionState,
  type DepositEdit,
  type DepositTransactionType,
  type Direction,
  type NamedRef,
  type PositionRow,
  type PositionState,
} from '@console/contracts';
import { Ordering } from '../common/list-query/ordering';
import { PageQuery, paginatedAnswer } from '../common/pagination/pagination';
import { IsId } from '../common/validation/ids';
import { IsDecimal } from '../common/validation/numbers';
import { NumberFromString, Omittable } from '../common/validation/transforms';
import { figureDoc } from '../stats/stats.dto';

const TICKER_MAX = 32;

export class LostPositionsQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'The pair’s ticker, exactly (any case)' })
  @IsOptional()
  @IsString({ message: OWN_MESSAGES.textExpected })
  @MaxLength(TICKER_MAX)
  pair__ticker?: string;
}

export class PositionsQuery extends LostPositionsQuery {
  @Ordering(POSITION_LIST_QUERY)
  ordering?: string;
}

/** A percent of reducing: required, more than 0 and less than 100, 2 decimals. */
const ReducePercent = () =>
  applyDecorators(
    ApiProperty({ exclusiveMinimum: true, minimum: REDUCE_PERCENT.min, exclusiveMaximum: true, maximum: REDUCE_PERCENT.max, description: 'Percent of the position to sell' }),
    IsDecimal(REDUCE_PERCENT.decimals, { message: M.reducePercentRange }),
    Max(REDUCE_PERCENT.max - 10 ** -REDUCE_PERCENT.decimals, { message: M.reducePercentRange }),
    Min(10 ** -REDUCE_PERCENT.decimals, { message: M.reducePercentRange }),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: M.reducePercentRange }),
    IsDefined({ message: M.reducePercentRequired }),
    NumberFromString(),
  );

export class ReducePositionDto {
  @ReducePercent()
  percent!: number;
}

/** Signal ids (a position has at most one signal: positions.signal_id is unique), docs/decisions/positions-and-risk-control.md. */
const SignalsIds = () =>
  applyDecorators(
    ApiProperty({ type: 'array', items: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, maxItems: BULK_POSITIONS_MAX, description: 'Signal ids of open positions' }),
    ValidateBy({ name: 'isBigIdList', validator: { validate: (value: unknown) => Array.isArray(value) && value.every(isBigId) } }, { message: OWN_MESSAGES.idInvalid }),
    ArrayMaxSize(BULK_POSITIONS_MAX),
    ArrayNotEmpty({ message: M.signalsIdsRequired }),
    IsArray({ message: OWN_MESSAGES.listExpected }),
    IsDefined({ message: M.signalsIdsRequired }),
    Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : v)) : value)),
  );

export class BulkReducePositionDto extends ReducePositionDto {
  @SignalsIds()
  signals_ids!: number[];
}

export class SkipCheckDto {
  @ApiPropertyOptional()
  @Omittable()
  @IsBoolean({ message: OWN_MESSAGES.booleanExpected })
  skip_check_by_timer?: boolean;

  @ApiPropertyOptional()
  @Omittable()
  @IsBoolean({ message: OWN_MESSAGES.booleanExpected })
  skip_check_by_distance?: boolean;
}

export class BulkSkipCheckDto extends SkipCheckDto {
  @SignalsIds()
  signals_ids!: number[];
}

export class CloseLostPositionDto {
  @ApiProperty({ description: 'The pair id' })
  @IsId(M.lostPositionNotFound)
  @IsDefined({ message: M.pairRequired })
  pair!: number;

  @ApiProperty({ enum: DIRECTIONS })
  @IsIn(DIRECTIONS, { message: OWN_MESSAGES.valueInvalid })
  @IsDefined({ message: M.sideRequired })
  side!: Direction;

  @ApiProperty({ exclusiveMinimum: true, minimum: 0, description: 'Coins to close, at most what the position holds' })
  @IsDecimal(12, { message: M.quantityRange })
  @Min(1e-12, { message: M.quantityRange })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: M.quantityRange })
  @IsDefined({ message: M.quantityRequired })
  @NumberFromString()
  quantity!: number;
}

/** The monthly deposit (high water mark) with why it moved, or the all-time deposit: one movement of money. */
export class DepositEditDto implements DepositEdit {
  @ApiPropertyOptional({ minimum: 0 })
  @Omittable()
  @IsDecimal(8, { message: M.depositValueInvalid })
  @Max(1e15, { message: M.depositValueInvalid })
  @Min(0, { message: M.depositValueInvalid })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: M.depositValueRequired })
  @NumberFromString()
  deposit_monthly?: number;

  @ApiPropertyOptional({ enum: DEPOSIT_TRANSACTION_TYPES, description: 'Required with deposit_monthly' })
  @ValidateIf((o: DepositEditDto) => o.deposit_monthly !== undefined || o.deposit_type !== undefined)
  @IsIn(DEPOSIT_TRANSACTION_TYPES, { message: M.depositTypeRequired })
  @IsDefined({ message: M.depositTypeRequired })
  deposit_type?: DepositTransactionType;

  @ApiPropertyOptional({ minimum: 0 })
  @Omittable()
  @IsDecimal(8, { message: M.depositValueInvalid })
  @Max(1e15, { message: M.depositValueInvalid })
  @Min(0, { message: M.depositValueInvalid })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: M.depositValueRequired })
  @NumberFromString()
  deposit_at?: number;
}

class NamedRefDto implements NamedRef {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
}

/** The swagger shape of the contracts' PositionRow. */
export class PositionDto implements PositionRow {
  @ApiProperty() id!: string;
  @ApiProperty({ nullable: true, type: String }) signal_id!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty({ type: NamedRefDto, nullable: true }) profile!: NamedRefDto | null;
  @ApiProperty({ type: NamedRefDto }) exchange_account!: NamedRefDto;
  @ApiProperty() pair_id!: number;
  @ApiProperty() ticker!: string;
  @ApiProperty({ enum: DIRECTIONS }) side!: Direction;
  @ApiProperty() active_p_size_usd!: number;
  @ApiProperty({ description: '4 decimals' }) active_p_coins!: number;
  @ApiProperty() r_pnl!: number;
  @ApiProperty() u_pnl!: number;
  @ApiProperty({ nullable: true, type: Number }) avg_e_price!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: '7 decimals' }) k_exit!: number | null;
  @ApiProperty({ nullable: true, type: Number }) k_exit_coeff!: number | null;
  @ApiProperty({ nullable: true, type: Number }) current_price!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: '5 decimals' }) mark_price!: number | null;
  @ApiProperty() reduce_p!: number;
  @ApiProperty() k_e_recovery!: boolean;
  @ApiProperty() skip_check_by_timer!: boolean;
  @ApiProperty() skip_check_by_distance!: boolean;
  @ApiProperty() best_limit!: boolean;
  @ApiProperty({ enum: POSITION_STATES, nullable: true, description: 'null: a lost position' }) state!: PositionState | null;
  @ApiProperty({ enum: ACTION_STATES }) action_state!: ActionState;
  @ApiProperty({ type: [NamedRefDto] }) profile_list!: NamedRefDto[];
}

export class PositionListDto extends paginatedAnswer(PositionDto) {}

/** The swagger shape of the contracts' AccountAdminMetrics, each metric described by its figure. */
export class AccountAdminMetricsDto implements AccountAdminMetrics {
  @ApiProperty({ description: 'The exchange account id' }) id!: number;
  @ApiProperty() account_name!: string;
  @ApiProperty({ description: 'The minute of these metrics' }) at!: string;
  @ApiProperty(figureDoc('nav')) nav!: number;
  @ApiProperty(figureDoc('asset_usdt')) asset_usdt!: number;
  @ApiProperty(figureDoc('asset_usdc')) asset_usdc!: number;
  @ApiProperty(figureDoc('other_stable_coins')) other_stable_coins!: number;
  @ApiProperty(figureDoc('asset_sum')) asset_sum!: number;
  @ApiProperty(figureDoc('var')) var!: number;
  @ApiProperty(figureDoc('open_orders_volume')) open_orders_volume!: number;
  @ApiProperty(figureDoc('free_var')) free_var!: number;
  @ApiProperty(figureDoc('imp_loss')) imp_loss!: number;
  @ApiProperty(figureDoc('max_dd')) max_dd!: number;
  @ApiProperty(figureDoc('max_ddd')) max_ddd!: number;
  @ApiProperty(figureDoc('deposit_monthly')) deposit_monthly!: number;
  @ApiProperty(figureDoc('deposit_at')) deposit_at!: number;
  @ApiProperty(figureDoc('balance_daily')) balance_daily!: number;
  @ApiProperty(figureDoc('return_day_percent')) return_day_percent!: number;
  @ApiProperty(figureDoc('return_month_percent', true)) return_month_percent!: number | null;
  @ApiProperty(figureDoc('return_at_percent', true)) return_at_percent!: number | null;
  @ApiProperty(figureDoc('avg_capital_growth_rate', true)) avg_capital_growth_rate!: number | null;
}
