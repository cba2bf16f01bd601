import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsNumber, Max, Min, ValidateIf } from 'class-validator';
import {
  DEPOSIT_OPERATIONS,
  DEPOSIT_PERCENT_MAX,
  DEPOSIT_PERCENT_MIN,
  MM_PROFILE_MESSAGES as M,
  OWN_MESSAGES,
  type DepositOperation,
  type MmAutoDeposit,
  type MmDepositInfo,
} from '@console/contracts';
import { IsDecimal } from '../common/validation/numbers';
import { NumberFromString } from '../common/validation/transforms';

/** `POST strategies/change-deposit-mm-profiles/`: every MM profile's quotas up or down by `size` percent. */
export class ChangeDepositDto {
  @ApiProperty({ minimum: DEPOSIT_PERCENT_MIN, description: 'Percent; a decrease at most 100 (checked with operation_type)' })
  @Min(DEPOSIT_PERCENT_MIN, { message: M.sizeMin })
  @IsDecimal(8, { message: M.amountInvalid })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: OWN_MESSAGES.numberExpected })
  @IsDefined({ message: M.sizeRequired })
  @NumberFromString()
  size!: number;

  @ApiProperty({ enum: DEPOSIT_OPERATIONS })
  @IsIn(DEPOSIT_OPERATIONS, { message: M.operationRequired })
  @IsDefined({ message: M.operationRequired })
  operation_type!: DepositOperation;
}

/** The daily re-invest switch and its threshold ('0' while off, as the SPA sends it); the answer is the same. */
export class AutoDepositDto implements MmAutoDeposit {
  @ApiProperty()
  @IsBoolean({ message: OWN_MESSAGES.booleanExpected })
  @IsDefined({ message: M.sizeRequired })
  is_auto_change_mm_depo_enabled!: boolean;

  @ApiProperty({ minimum: 0, maximum: DEPOSIT_PERCENT_MAX, description: `${DEPOSIT_PERCENT_MIN} to ${DEPOSIT_PERCENT_MAX} when enabled; 0 when disabled` })
  @ValidateIf((body: AutoDepositDto) => body.is_auto_change_mm_depo_enabled === true)
  @Max(DEPOSIT_PERCENT_MAX, { message: M.reinvestPercentRange })
  @Min(DEPOSIT_PERCENT_MIN, { message: M.reinvestPercentRange })
  @IsDecimal(2, { message: M.reinvestPercentRange })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: M.reinvestPercentRange })
  @IsDefined({ message: M.sizeRequired })
  @NumberFromString()
  auto_change_mm_depo_percent!: number;
}

export class DepositInfoDto implements MmDepositInfo {
  @ApiPropertyOptional({ description: 'What the MM profiles of active long strategy profiles may put to work: Σ all_signals_quota × max_factor_amount (absent where the group sees neither field)' })
  ideo_r_long?: number;
  @ApiPropertyOptional({ description: 'The same for active short strategy profiles' }) ideo_r_short?: number;
  @ApiProperty({ description: 'The accounts’ asset sums at their latest minute' }) mm_asset_sum!: number;
  @ApiPropertyOptional({ description: 'The MM deposit: Σ all_signals_quota of every MM profile (absent where the group does not see all_signals_quota)' }) mm_deposit?: number;
}
