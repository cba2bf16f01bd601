import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  DIRECTIONS,
  MM_MAX_SIGNALS_MAX,
  MM_PROFILE_MESSAGES as M,
  MM_PROFILE_STATUSES,
  MM_PROFILE_TITLE_MAX,
  MM_PROFILE_VISIBILITIES,
  OWN_MESSAGES,
  type Direction,
  type MmProfile,
  type MmProfileList,
  type MmProfileOption,
  type MmProfileStatus,
  type MmProfileSummary,
  type MmProfileVisibility,
  type NamedRef,
} from '@console/contracts';
import { PageQuery, paginatedAnswer } from '../common/pagination/pagination';
import { IsId } from '../common/validation/ids';
import { IsDecimal } from '../common/validation/numbers';
import { NumberFromString, Omittable, TitleField } from '../common/validation/transforms';

/** A money or factor amount: a number of at least 0 with at most 8 decimals (numeric(24, 8)). */
const Amount = (blank: string) =>
  applyDecorators(
    Min(0, { message: M.amountInvalid }),
    IsDecimal(8, { message: M.amountInvalid }),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: OWN_MESSAGES.numberExpected }),
    IsDefined({ message: blank }),
    NumberFromString(),
  );

export class MmProfilesQuery extends PageQuery {
  @ApiPropertyOptional({ enum: MM_PROFILE_STATUSES, description: 'Absent: every status' })
  @IsOptional()
  @IsIn(MM_PROFILE_STATUSES, { message: OWN_MESSAGES.valueInvalid })
  status?: MmProfileStatus;

  @ApiPropertyOptional({ enum: MM_PROFILE_VISIBILITIES, default: 'visible' })
  @IsOptional()
  @IsIn(MM_PROFILE_VISIBILITIES, { message: OWN_MESSAGES.valueInvalid })
  visibility?: MmProfileVisibility;

  @ApiPropertyOptional({ enum: DIRECTIONS, description: 'Profiles used by a strategy profile of this direction; absent: all' })
  @IsOptional()
  @IsIn(DIRECTIONS, { message: OWN_MESSAGES.valueInvalid })
  direction?: Direction;
}

export class MmProfileOptionsQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the title, any case' })
  @IsOptional()
  @IsString({ message: OWN_MESSAGES.textExpected })
  @MaxLength(MM_PROFILE_TITLE_MAX)
  mm_profile?: string;
}

/** The MM profile form: POST, and PUT while inactive. */
export class MmProfileFormDto {
  @TitleField(MM_PROFILE_TITLE_MAX, { blank: M.titleBlank, tooLong: M.titleTooLong })
  title!: string;

  @ApiProperty({ minimum: 1, maximum: MM_MAX_SIGNALS_MAX })
  @Max(MM_MAX_SIGNALS_MAX, { message: M.maxSignalsInvalid })
  @Min(1, { message: M.maxSignalsInvalid })
  @IsInt({ message: M.maxSignalsInvalid })
  @IsDefined({ message: M.maxSignalsBlank })
  @NumberFromString()
  max_signals_amount!: number;

  @ApiProperty({ minimum: 0 })
  @Amount(M.maxFactorBlank)
  max_factor_amount!: number;

  @ApiProperty({ minimum: 0, description: 'USD' })
  @Amount(M.allSignalsQuotaBlank)
  all_signals_quota!: number;

  @ApiProperty({ description: 'Exchange account id' })
  @IsId(M.exchangeAccountUnknown)
  @IsDefined({ message: M.exchangeAccountBlank })
  exchange_account!: number;
}

/**
 * PUT `strategies/mm-profiles/{id}/`: the whole form (inactive profiles only), or `status` alone (active
 * starts, inactive stops), or `is_show` alone (the visibility toggle).
 */
export class UpdateMmProfileDto {
  @TitleField(MM_PROFILE_TITLE_MAX, { blank: M.titleBlank, tooLong: M.titleTooLong }, { omittable: true })
  title?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MM_MAX_SIGNALS_MAX })
  @Omittable()
  @Max(MM_MAX_SIGNALS_MAX, { message: M.maxSignalsInvalid })
  @Min(1, { message: M.maxSignalsInvalid })
  @IsInt({ message: M.maxSignalsInvalid })
  @NumberFromString()
  max_signals_amount?: number;

  @ApiPropertyOptional({ minimum: 0 })
  @Omittable()
  @Amount(M.maxFactorBlank)
  max_factor_amount?: number;

  @ApiPropertyOptional({ minimum: 0 })
  @Omittable()
  @Amount(M.allSignalsQuotaBlank)
  all_signals_quota?: number;

  @ApiPropertyOptional()
  @Omittable()
  @IsId(M.exchangeAccountUnknown)
  exchange_account?: number;

  @ApiPropertyOptional({ enum: ['active', 'inactive'], description: 'active starts an inactive profile; inactive stops an active one (stopping until the engine is done)' })
  @Omittable()
  @IsIn(['active', 'inactive'], { message: M.statusInvalid })
  status?: 'active' | 'inactive';

  @ApiPropertyOptional()
  @Omittable()
  @IsBoolean({ message: OWN_MESSAGES.booleanExpected })
  is_show?: boolean;
}

class NamedRefDto implements NamedRef {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
}

/** The swagger shape of the contracts' MmProfile (at Limited only the group's fields and the id). */
export class MmProfileDto implements MmProfile {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: [NamedRefDto], description: 'The strategy profiles that use it' }) profiles!: NamedRef[];
  @ApiProperty() max_signals_amount!: number;
  @ApiProperty() max_factor_amount!: number;
  @ApiProperty() all_signals_quota!: number;
  @ApiProperty({ description: 'all_signals_quota / max_signals_amount, 2 decimals' }) one_signal_quota!: number;
  @ApiProperty({ type: NamedRefDto }) exchange_account!: NamedRef;
  @ApiProperty({ enum: MM_PROFILE_STATUSES }) status!: MmProfileStatus;
  @ApiProperty() is_show!: boolean;
  @ApiProperty() created_at!: string;
}

class MmSummaryDto implements MmProfileSummary {
  @ApiPropertyOptional() sum_all_signals_quota?: number;
  @ApiPropertyOptional() sum_one_signal_quota?: number;
}

export class MmProfileListDto extends paginatedAnswer(MmProfileDto) implements MmProfileList {
  @ApiProperty({ type: MmSummaryDto, description: 'Sums over every profile the filters match (each only when its field is visible)' })
  summary!: MmSummaryDto;
}

export class MmProfileOptionDto implements MmProfileOption {
  @ApiProperty() id!: number;
  @ApiPropertyOptional({ description: 'Left out for a Limited group that does not see titles' }) title?: string;
}

export class MmProfileOptionListDto extends paginatedAnswer(MmProfileOptionDto) {}
