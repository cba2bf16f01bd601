import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery, paginatedAnswer } from '../common/pagination/pagination';
import { OWN_MESSAGES, PAIR_MESSAGES, type PairOption, type PairsSyncResult, type TradingPair } from '@console/contracts';

export class PairsQuery extends PageQuery {}

/** The pair without its id, is_active flipped; the ticker may come along but cannot change. */
export class UpdatePairDto {
  @ApiPropertyOptional({ description: 'Must equal the stored ticker when sent' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  ticker?: string;

  @ApiProperty()
  @IsBoolean()
  @IsDefined({ message: PAIR_MESSAGES.isActiveRequired })
  is_active!: boolean;
}

export class PairsForFiltersQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the ticker, any case' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  search?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'true: only active pairs' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' || value === true ? true : value === 'false' || value === false ? false : value))
  @IsIn([true, false], { message: OWN_MESSAGES.booleanExpected })
  is_for_active?: boolean;
}

export class PairDto implements TradingPair {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'BTCUSDT' }) ticker!: string;
  @ApiProperty() is_active!: boolean;
}

export class PairListDto extends paginatedAnswer(PairDto) {}

export class PairOptionDto implements PairOption {
  @ApiProperty() id!: number;
  @ApiProperty() ticker!: string;
}

export class PairOptionListDto extends paginatedAnswer(PairOptionDto) {}

export class PairsSyncResultDto implements PairsSyncResult {
  @ApiProperty({ description: 'Tickers added by this sync (inactive)' }) added!: number;
  @ApiProperty({ description: 'Pairs stored after the sync' }) count!: number;
  @ApiProperty({ description: 'Stored pairs the exchange no longer lists (kept, never deleted)' }) not_listed!: number;
}
