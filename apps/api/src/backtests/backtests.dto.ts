import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, Max, Min, ValidateBy } from 'class-validator';
import {
  BACKTEST_EXIT_REASONS,
  BACKTEST_LIMITS,
  BACKTEST_LIST_QUERY,
  BACKTEST_MARKETS,
  BACKTEST_MESSAGES,
  BACKTEST_STATUSES,
  CANDLE_TIMEFRAMES,
  MARKET_DATA_LIMITS,
  MARKET_DATA_MESSAGES,
  OWN_MESSAGES,
  STRATEGY_PROFILE_MESSAGES,
  STRATEGY_PROFILE_TITLE_MAX,
  DIRECTIONS,
  type Backtest,
  type BacktestCreated,
  type BacktestEquityPoint,
  type BacktestExitReason,
  type BacktestFigures,
  type BacktestMarket,
  type BacktestParameters,
  type BacktestRow,
  type BacktestStatus,
  type BacktestTradeRow,
  type CandleTimeframe,
  type Direction,
} from '@console/contracts';
import { paginatedAnswer, PageQuery } from '../common/pagination/pagination';
import { Ordering } from '../common/list-query/ordering';
import { isDateOrInstant } from '../common/validation/dates';
import { IsId } from '../common/validation/ids';
import { TitleField } from '../common/validation/transforms';

/** Money and rates travel as decimal text; a JSON number is read through its shortest text. */
const DecimalText = (places: number, message: string) => [
  Transform(({ value }: { value: unknown }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value)),
  ValidateBy({ name: 'isDecimalText', validator: { validate: (value: unknown) => typeof value === 'string' && new RegExp(`^\\d{1,12}(\\.\\d{1,${places}})?$`).test(value) } }, { message }),
];

const applyAll = (decorators: PropertyDecorator[]): PropertyDecorator => (target, key) => decorators.forEach((d) => d(target, key));

export class CreateBacktestDto {
  @ApiProperty({ minimum: 1, description: 'The strategy profile (any status, drafts included)' })
  @IsId()
  profile_id!: number;

  @ApiPropertyOptional({ type: [Number], maxItems: BACKTEST_LIMITS.maxPairs, description: 'Pair ids; absent: the profile’s ticker config’s pairs' })
  @IsOptional()
  @IsArray({ message: BACKTEST_MESSAGES.noPairs })
  @ArrayMinSize(1, { message: BACKTEST_MESSAGES.noPairs })
  @ArrayMaxSize(BACKTEST_LIMITS.maxPairs, { message: BACKTEST_MESSAGES.tooManyPairs })
  @IsInt({ each: true, message: OWN_MESSAGES.idInvalid })
  @Min(1, { each: true, message: OWN_MESSAGES.idInvalid })
  @Max(2_147_483_647, { each: true, message: OWN_MESSAGES.idInvalid })
  pairs?: number[];

  @ApiProperty({ enum: BACKTEST_MARKETS })
  @IsIn(BACKTEST_MARKETS, { message: OWN_MESSAGES.valueInvalid })
  market!: BacktestMarket;

  @ApiPropertyOptional({ minimum: 0, maximum: BACKTEST_LIMITS.maxSeed, description: 'The model market’s seed (required with market "model")' })
  @IsOptional()
  @IsInt({ message: OWN_MESSAGES.valueInvalid })
  @Min(0, { message: OWN_MESSAGES.valueInvalid })
  @Max(BACKTEST_LIMITS.maxSeed, { message: OWN_MESSAGES.valueInvalid })
  seed?: number;

  @ApiProperty({ example: '2024-01-01T00:00:00Z', description: 'The first minute (a day alone: its first minute, UTC)' })
  @ValidateBy({ name: 'isDateOrInstant', validator: { validate: isDateOrInstant } }, { message: OWN_MESSAGES.valueInvalid })
  date_from!: string;

  @ApiProperty({ example: '2024-02-01T00:00:00Z', description: 'The end of the period, not included (a day alone: its first minute, UTC)' })
  @ValidateBy({ name: 'isDateOrInstant', validator: { validate: isDateOrInstant } }, { message: OWN_MESSAGES.valueInvalid })
  date_until!: string;

  @ApiProperty({ type: String, example: '10000', description: `USD, ${BACKTEST_LIMITS.minDeposit} to ${BACKTEST_LIMITS.maxDeposit}` })
  @applyAll(DecimalText(8, OWN_MESSAGES.valueInvalid))
  deposit!: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Settings for this run only; absent: the profile’s as they are now' })
  @IsOptional()
  @IsObject({ message: BACKTEST_MESSAGES.settingsInvalid })
  settings?: Record<string, unknown>;

  @ApiPropertyOptional({ type: String, example: '0.0005', description: `One fee rate for maker and taker fills, at most ${BACKTEST_LIMITS.maxRate}; absent: the paper venue’s` })
  @IsOptional()
  @applyAll(DecimalText(8, OWN_MESSAGES.valueInvalid))
  fee_rate?: string;

  @ApiPropertyOptional({ type: String, example: '0.0005', description: `Slippage of market orders, at most ${BACKTEST_LIMITS.maxRate}; absent: the paper venue’s` })
  @IsOptional()
  @applyAll(DecimalText(8, OWN_MESSAGES.valueInvalid))
  slippage_rate?: string;
}

/** The xlsx of one run's trades: the run, required. */
export class BacktestTradesExportQuery extends PageQuery {
  @ApiProperty({ minimum: 1, description: 'The run whose trades the file holds' })
  @IsId()
  backtest_id!: number;
}

/** Promote into a new draft: its title, else the run's profile's with the run's number. */
export class PromoteDraftDto {
  @TitleField(STRATEGY_PROFILE_TITLE_MAX, { blank: STRATEGY_PROFILE_MESSAGES.titleBlank, tooLong: STRATEGY_PROFILE_MESSAGES.titleTooLong }, { omittable: true })
  title?: string;
}

export class BacktestsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: BACKTEST_STATUSES })
  @IsOptional()
  @IsIn(BACKTEST_STATUSES, { message: OWN_MESSAGES.valueInvalid })
  status?: BacktestStatus;

  @ApiPropertyOptional({ minimum: 1 })
  @IsOptional()
  @IsId()
  profile_id?: number;

  @ApiPropertyOptional({ enum: BACKTEST_MARKETS })
  @IsOptional()
  @IsIn(BACKTEST_MARKETS, { message: OWN_MESSAGES.valueInvalid })
  market?: BacktestMarket;

  @Ordering(BACKTEST_LIST_QUERY)
  ordering?: string;
}

export class BacktestCreatedDto implements BacktestCreated {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: BACKTEST_STATUSES }) status!: BacktestStatus;
}

export class BacktestRowDto implements BacktestRow {
  @ApiProperty() id!: string;
  @ApiProperty() profile_id!: number;
  @ApiProperty() profile!: string;
  @ApiProperty({ enum: BACKTEST_MARKETS }) market!: BacktestMarket;
  @ApiProperty({ format: 'date-time' }) date_from!: string;
  @ApiProperty({ format: 'date-time' }) date_until!: string;
  @ApiProperty({ enum: BACKTEST_STATUSES }) status!: BacktestStatus;
  @ApiProperty({ minimum: 0, maximum: 100 }) progress!: number;
  @ApiProperty({ type: Number, nullable: true }) total_return_percent!: number | null;
  @ApiProperty({ type: Number, nullable: true }) max_drawdown_percent!: number | null;
  @ApiProperty({ type: Number, nullable: true }) trade_count!: number | null;
  @ApiProperty({ type: String, nullable: true }) created_by!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class BacktestListDto extends paginatedAnswer(BacktestRowDto) {}

export class BacktestParametersDto implements BacktestParameters {
  @ApiProperty() profile_id!: number;
  @ApiProperty({ type: [Number] }) pairs!: number[];
  @ApiProperty({ type: [String], description: 'The pairs’ symbols, in the order of pairs' }) pair_symbols!: string[];
  @ApiProperty({ enum: BACKTEST_MARKETS }) market!: BacktestMarket;
  @ApiProperty({ type: Number, nullable: true }) seed!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The exchange whose stored candles a store run reads' }) exchange!: string | null;
  @ApiProperty({ format: 'date-time' }) date_from!: string;
  @ApiProperty({ format: 'date-time' }) date_until!: string;
  @ApiProperty() deposit!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) settings!: Record<string, unknown>;
  @ApiProperty({ type: String, nullable: true }) fee_rate!: string | null;
  @ApiProperty({ type: String, nullable: true }) slippage_rate!: string | null;
}

export class BacktestDto extends BacktestRowDto implements Backtest {
  @ApiProperty({ type: BacktestParametersDto }) inputs!: BacktestParametersDto;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true, description: 'The figures of contracts’ backtestFigures, once the run succeeded' })
  figures!: BacktestFigures | null;
  @ApiProperty({ type: Number, nullable: true }) duration_ms!: number | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) started_at!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at!: string | null;
}

export class BacktestTradeDto implements BacktestTradeRow {
  @ApiProperty() id!: string;
  @ApiProperty() pair_id!: number;
  @ApiProperty() pair!: string;
  @ApiProperty({ enum: DIRECTIONS }) side!: Direction;
  @ApiProperty({ format: 'date-time' }) entry_at!: string;
  @ApiProperty({ format: 'date-time' }) exit_at!: string;
  @ApiProperty() entry_price!: string;
  @ApiProperty() exit_price!: string;
  @ApiProperty() quantity!: string;
  @ApiProperty() size!: string;
  @ApiProperty() pnl!: string;
  @ApiProperty() fees!: string;
  @ApiProperty({ enum: BACKTEST_EXIT_REASONS }) exit_reason!: BacktestExitReason;
}

export class BacktestTradeListDto extends paginatedAnswer(BacktestTradeDto) {}

export class BacktestEquityPointDto implements BacktestEquityPoint {
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty() equity!: string;
}

/** `GET /backtests/{id}/candles/`: one of the run's pairs by symbol, and the time frame of its bars. */
export class BacktestCandlesQuery {
  @ApiProperty({ example: 'BTCUSDT', description: 'The symbol of one of the run’s pairs' })
  @IsString({ message: BACKTEST_MESSAGES.candlesPairRequired })
  @Matches(MARKET_DATA_LIMITS.symbolPattern, { message: BACKTEST_MESSAGES.candlesPairRequired })
  pair!: string;

  @ApiProperty({ enum: CANDLE_TIMEFRAMES, description: `Bars over the run’s period: at most ${MARKET_DATA_LIMITS.maxBars}` })
  @IsIn(CANDLE_TIMEFRAMES, { message: MARKET_DATA_MESSAGES.timeframeInvalid })
  timeframe!: CandleTimeframe;
}
