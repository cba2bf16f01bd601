import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { EXCHANGE_MARKETS, LIMITS, MARKET_DATA_LIMITS, MESSAGES, type ExchangeAccount, type ExchangeMarket } from '@console/contracts';
import { PageQuery, paginatedAnswer } from '../common/pagination/pagination';
import { IsDecimal } from '../common/validation/numbers';
import { NumberFromString, Omittable, Trim } from '../common/validation/transforms';
import { EXCHANGE_ACCOUNT_MESSAGES as M, ACCOUNT_MODES, EXCHANGE_TRADING_LIMITS, EXCHANGE_TRADING_MESSAGES as TM, type AccountMode, type GoLiveBody, type ConnectionBalance, type ConnectionTestAnswer } from '@console/contracts';


/** The fields of both create and update; the secret's rule differs between them. */
abstract class ExchangeAccountFieldsDto {
  @ApiProperty({ maxLength: LIMITS.nameMax })
  @MaxLength(LIMITS.nameMax, { message: M.nameTooLong })
  @IsNotEmpty({ message: M.nameBlank })
  @IsString()
  @Trim()
  title!: string;

  @ApiProperty({ maxLength: LIMITS.apiKeyMax })
  @MaxLength(LIMITS.apiKeyMax, { message: M.apiKeyTooLong })
  @IsNotEmpty({ message: M.apiKeyBlank })
  @IsString()
  @Trim()
  api_key!: string;

  @ApiProperty({ minimum: LIMITS.leverageMin, maximum: LIMITS.leverageMax })
  @Max(LIMITS.leverageMax, { message: M.leverageRange })
  @Min(LIMITS.leverageMin, { message: M.leverageRange })
  @IsDecimal(2, { message: M.leverageDecimals })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsNotEmpty({ message: MESSAGES.fieldRequired })
  @NumberFromString()
  leverage!: number;

  @ApiPropertyOptional({ maxLength: LIMITS.brokerIdMax, nullable: true, type: String })
  @IsOptional()
  @MaxLength(LIMITS.brokerIdMax, { message: M.brokerIdTooLong })
  @IsString()
  @Trim()
  broker_id?: string | null;

  @ApiPropertyOptional({ description: 'Join the broker program; only where it is available' })
  @Omittable()
  @IsBoolean()
  broker_program_is_active?: boolean;

  @ApiPropertyOptional({ description: 'The exchange’s ccxt id; absent: binance on create, unchanged on update' })
  @Omittable()
  @Matches(MARKET_DATA_LIMITS.exchangePattern, { message: M.exchangeInvalid })
  @IsString({ message: M.exchangeInvalid })
  @Trim()
  exchange?: string;

  @ApiPropertyOptional({ enum: EXCHANGE_MARKETS, description: 'Where the paper account’s prices come from; absent: model on create, unchanged on update' })
  @Omittable()
  @IsIn(EXCHANGE_MARKETS, { message: M.marketInvalid })
  market?: ExchangeMarket;

  @ApiPropertyOptional({ enum: ACCOUNT_MODES, description: 'paper or demo; absent: paper on create, unchanged on update. live only through POST …/live/' })
  @Omittable()
  @IsIn(ACCOUNT_MODES, { message: TM.modeInvalid })
  mode?: AccountMode;

  @ApiPropertyOptional({ maxLength: EXCHANGE_TRADING_LIMITS.apiUrlMax, nullable: true, type: String, description: 'Another host for the exchange API; empty or null: ccxt’s own' })
  @IsOptional()
  @Matches(EXCHANGE_TRADING_LIMITS.apiUrlPattern, { message: TM.apiUrlInvalid })
  @MaxLength(EXCHANGE_TRADING_LIMITS.apiUrlMax, { message: TM.apiUrlTooLong })
  @IsString({ message: TM.apiUrlInvalid })
  @Trim()
  api_url?: string | null;
}

/** The body of POST: the secret is required. */
export class CreateExchangeAccountDto extends ExchangeAccountFieldsDto {
  @ApiProperty({ maxLength: LIMITS.apiKeyMax, writeOnly: true })
  @MaxLength(LIMITS.apiKeyMax, { message: M.apiSecretTooLong })
  @IsNotEmpty({ message: M.apiSecretBlank })
  @IsString()
  @Trim()
  api_secret!: string;
}

/** The body of PUT: the secret may be left out (or empty) to keep the stored one. */
export class UpdateExchangeAccountDto extends ExchangeAccountFieldsDto {
  @ApiPropertyOptional({ maxLength: LIMITS.apiKeyMax, writeOnly: true, description: 'Write-only. On update, empty or absent keeps the stored secret.' })
  @Omittable()
  @MaxLength(LIMITS.apiKeyMax, { message: M.apiSecretTooLong })
  @IsString()
  @Trim()
  api_secret?: string;
}

export class ExchangeAccountsQuery extends PageQuery {}

/** What leaves the server (the contracts' ExchangeAccount): never the secret. */
export class ExchangeAccountDto implements ExchangeAccount {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() api_key!: string;
  @ApiProperty() leverage!: number;
  @ApiProperty({ nullable: true, type: String }) broker_id!: string | null;
  @ApiProperty() broker_program_is_active!: boolean;
  @ApiProperty({ description: 'Set by the exchange side; read-only here' }) broker_program_is_available!: boolean;
  @ApiProperty() exchange!: string;
  @ApiProperty({ enum: EXCHANGE_MARKETS }) market!: ExchangeMarket;
  @ApiProperty({ enum: ACCOUNT_MODES }) mode!: AccountMode;
  @ApiProperty({ nullable: true, type: String }) api_url!: string | null;
}

export class GoLiveDto implements GoLiveBody {
  @ApiProperty({ description: 'The current code of the user’s authenticator app' })
  @IsNotEmpty({ message: TM.totpRequired })
  @IsString({ message: TM.totpRequired })
  @Trim()
  totp_code!: string;

  @ApiProperty({ maxLength: EXCHANGE_TRADING_LIMITS.confirmationMax, description: 'The account’s title, typed again' })
  @MaxLength(EXCHANGE_TRADING_LIMITS.confirmationMax, { message: TM.confirmationWrong })
  @IsNotEmpty({ message: TM.confirmationRequired })
  @IsString({ message: TM.confirmationRequired })
  confirmation!: string;
}

class ConnectionBalanceDto implements ConnectionBalance {
  @ApiProperty() currency!: string;
  @ApiProperty({ nullable: true, type: String }) free!: string | null;
  @ApiProperty({ nullable: true, type: String }) used!: string | null;
  @ApiProperty({ nullable: true, type: String }) total!: string | null;
}

export class ConnectionTestAnswerDto implements ConnectionTestAnswer {
  @ApiProperty() ok!: boolean;
  @ApiProperty() exchange!: string;
  @ApiProperty({ enum: ACCOUNT_MODES }) mode!: AccountMode;
  @ApiProperty({ type: [ConnectionBalanceDto] }) balances!: ConnectionBalanceDto[];
  @ApiProperty({ nullable: true, type: String, description: 'The exchange’s own message when it refused' }) error!: string | null;
}

export class ExchangeAccountListDto extends paginatedAnswer(ExchangeAccountDto) {}
