import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, ValidateBy } from 'class-validator';
import {
  CANDLE_TIMEFRAMES,
  type CandleBar,
  type CandleTimeframe,
  CANDLE_IMPORT_FILE_STATUSES,
  CANDLE_IMPORT_STATUSES,
  MARKET_DATA_LIMITS,
  MARKET_DATA_MESSAGES,
  type CandleCoverageRow,
  type CandleImportAnswer,
  type CandleImportFileAnswer,
  type CandleImportFileStatus,
  type CandleImportStarted,
  type CandleImportStatus,
  type CandleDownloadAnswer,
  type CandleDownloadInput,
} from '@console/contracts';

export class CoverageQuery {
  @ApiPropertyOptional({ example: 'binance' })
  @IsOptional()
  @IsString()
  @Matches(MARKET_DATA_LIMITS.exchangePattern, { message: MARKET_DATA_MESSAGES.exchangeInvalid })
  exchange?: string;

  @ApiPropertyOptional({ example: 'BTCUSDT' })
  @IsOptional()
  @IsString()
  @Matches(MARKET_DATA_LIMITS.symbolPattern, { message: MARKET_DATA_MESSAGES.symbolInvalid })
  symbol?: string;
}

/** The multipart body, for the OpenAPI document (the route reads it with multer). */
export class CandleImportBodyDto {
  @ApiProperty({ type: 'array', items: { type: 'string', format: 'binary' }, description: `Up to ${MARKET_DATA_LIMITS.maxFiles} .csv or .zip files` })
  files!: unknown[];

  @ApiProperty({ example: 'binance' })
  exchange!: string;

  @ApiProperty({ example: 'BTCUSDT' })
  symbol!: string;
}

export class CandleImportStartDto implements CandleImportStarted {
  @ApiProperty({ format: 'uuid' })
  id!: string;
}

export class CandleImportFileDto implements CandleImportFileAnswer {
  @ApiProperty() name!: string;
  @ApiProperty({ enum: CANDLE_IMPORT_FILE_STATUSES }) status!: CandleImportFileStatus;
  @ApiProperty() rows!: number;
  @ApiProperty() added!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Why the file was refused, naming the line of its first bad row' }) error!: string | null;
}

export class CandleImportDto implements CandleImportAnswer {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() exchange!: string;
  @ApiProperty() symbol!: string;
  @ApiProperty({ enum: CANDLE_IMPORT_STATUSES }) status!: CandleImportStatus;
  @ApiProperty({ minimum: 0, maximum: 100 }) progress!: number;
  @ApiProperty({ type: [CandleImportFileDto] }) files!: CandleImportFileDto[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at!: string | null;
}

export class CandleCoverageDto implements CandleCoverageRow {
  @ApiProperty() exchange!: string;
  @ApiProperty() symbol!: string;
  @ApiProperty({ format: 'date-time' }) first_minute!: string;
  @ApiProperty({ format: 'date-time' }) last_minute!: string;
  @ApiProperty() candles!: number;
  @ApiProperty({ description: 'Runs of missing minutes between the first and the last' }) gaps!: number;
}

const isInstant = (value: unknown) => typeof value === 'string' && MARKET_DATA_LIMITS.instantPattern.test(value) && !Number.isNaN(Date.parse(value));

export class CandlesQuery {
  @ApiProperty({ example: 'binance' })
  @IsString({ message: MARKET_DATA_MESSAGES.exchangeRequired })
  @Matches(MARKET_DATA_LIMITS.exchangePattern, { message: MARKET_DATA_MESSAGES.exchangeInvalid })
  exchange!: string;

  @ApiProperty({ example: 'BTCUSDT' })
  @IsString({ message: MARKET_DATA_MESSAGES.symbolRequired })
  @Matches(MARKET_DATA_LIMITS.symbolPattern, { message: MARKET_DATA_MESSAGES.symbolInvalid })
  symbol!: string;

  @ApiProperty({ enum: CANDLE_TIMEFRAMES })
  @IsIn(CANDLE_TIMEFRAMES, { message: MARKET_DATA_MESSAGES.timeframeInvalid })
  timeframe!: CandleTimeframe;

  @ApiProperty({ description: 'First minute read (date-time with zone, included)', example: '2024-01-01T00:00:00Z' })
  @ValidateBy({ name: 'isInstant', validator: { validate: isInstant } }, { message: MARKET_DATA_MESSAGES.fromInvalid })
  from!: string;

  @ApiProperty({ description: 'Last minute read (date-time with zone, included)', example: '2024-01-02T00:00:00Z' })
  @ValidateBy({ name: 'isInstant', validator: { validate: isInstant } }, { message: MARKET_DATA_MESSAGES.toInvalid })
  to!: string;
}

export class CandleBarDto implements CandleBar {
  @ApiProperty({ format: 'date-time', description: 'The bar\'s first minute' }) time!: string;
  @ApiProperty({ example: '42000.00' }) open!: string;
  @ApiProperty() high!: string;
  @ApiProperty() low!: string;
  @ApiProperty() close!: string;
  @ApiProperty({ description: 'Sum of the minutes\' base volume' }) volume!: string;
}

/** `POST market-data/downloads/`: the minutes [from, to) of a symbol from its exchange. */
export class CandleDownloadBodyDto implements CandleDownloadInput {
  @ApiProperty({ example: 'binance', description: 'The exchange’s ccxt id' })
  @IsString({ message: MARKET_DATA_MESSAGES.exchangeRequired })
  @Matches(MARKET_DATA_LIMITS.exchangePattern, { message: MARKET_DATA_MESSAGES.exchangeInvalid })
  exchange!: string;

  @ApiProperty({ example: 'BTCUSDT', description: 'The exchange’s market id' })
  @IsString({ message: MARKET_DATA_MESSAGES.symbolRequired })
  @Matches(MARKET_DATA_LIMITS.symbolPattern, { message: MARKET_DATA_MESSAGES.symbolInvalid })
  symbol!: string;

  @ApiProperty({ description: 'First minute fetched (date-time with zone, included)', example: '2024-01-01T00:00:00Z' })
  @ValidateBy({ name: 'isInstant', validator: { validate: isInstant } }, { message: MARKET_DATA_MESSAGES.fromInvalid })
  from!: string;

  @ApiProperty({ description: 'End of the range (date-time with zone, excluded)', example: '2024-02-01T00:00:00Z' })
  @ValidateBy({ name: 'isInstant', validator: { validate: isInstant } }, { message: MARKET_DATA_MESSAGES.toInvalid })
  to!: string;
}

export class CandleDownloadDto implements CandleDownloadAnswer {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() exchange!: string;
  @ApiProperty() symbol!: string;
  @ApiProperty({ format: 'date-time' }) from!: string;
  @ApiProperty({ format: 'date-time' }) to!: string;
  @ApiProperty({ enum: CANDLE_IMPORT_STATUSES }) status!: CandleImportStatus;
  @ApiProperty({ minimum: 0, maximum: 100 }) progress!: number;
  @ApiProperty() added!: number;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: String, nullable: true, description: 'The exchange’s or the network’s message of the last failed run' }) error!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at!: string | null;
}
