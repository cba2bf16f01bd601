import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateBy, ValidateIf } from 'class-validator';
import {
  intervalMessage,
  isId,
  NEW_TRIGGER_RANGES as R,
  OWN_MESSAGES,
  RISK_CONTROL_MESSAGES as M,
  RISK_TRIGGER_TYPES,
  STRATEGY_PROFILE_TITLE_MAX,
  TRIGGER_KIND_VALUES,
  TRIGGER_NAME_MAX,
  TRIGGER_RULES_MAX,
  TRIGGER_VALUE_DECIMALS,
  type NamedRef,
  type RiskTrigger,
  type RiskTriggerType,
  type TriggerKind,
} from '@console/contracts';
import { PageQuery, paginatedAnswer } from '../common/pagination/pagination';
import { IdsFromString, IsId, IsIdList } from '../common/validation/ids';
import { IsDecimal } from '../common/validation/numbers';
import { NumberFromString, Omittable, TitleField } from '../common/validation/transforms';

const BooleanFromString = () => Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));
const PROFILES_MAX = 1000;
/** Trigger values are at most this large either way (the widest range is 0-3000). */
const VALUE_BOUND = 1e6;

export class RiskControlsQuery extends PageQuery {
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'true: hidden (unpicked) triggers too' })
  @IsOptional()
  @BooleanFromString()
  @IsBoolean({ message: OWN_MESSAGES.booleanExpected })
  show_hide?: boolean;
}

/** The group picker's query: a page of profiles, searched by title (or id), or the named ids. */
export class RiskGroupsQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the title, or the id' })
  @IsOptional()
  @IsString({ message: OWN_MESSAGES.textExpected })
  @MaxLength(STRATEGY_PROFILE_TITLE_MAX)
  search?: string;

  @ApiPropertyOptional({ type: String, description: 'Profile ids, comma-separated: the names of picked profiles', example: '1,2' })
  @IsOptional()
  @IdsFromString()
  @IsIdList(M.groupIdsInvalid)
  id__in?: number[];
}

/** A number within a range (the message names it), required with `blank` unless omittable. */
function RangedNumber(range: { min: number; max: number }, blank: string | null): PropertyDecorator {
  return applyDecorators(
    blank ? ApiProperty({ minimum: range.min, maximum: range.max }) : ApiPropertyOptional({ minimum: range.min, maximum: range.max }),
    Max(range.max, { message: intervalMessage(range.min, range.max) }),
    Min(range.min, { message: intervalMessage(range.min, range.max) }),
    IsDecimal(TRIGGER_VALUE_DECIMALS, { message: M.valueInvalid }),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: M.valueInvalid }),
    ...(blank ? [IsDefined({ message: blank })] : [Omittable()]),
    NumberFromString(),
  );
}

/** A trigger value whose range depends on the trigger's type: its bounds are checked by the service. */
function TriggerValue(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ minimum: -VALUE_BOUND, maximum: VALUE_BOUND, description: 'Within the range of the trigger’s type' }),
    Max(VALUE_BOUND, { message: M.valueInvalid }),
    Min(-VALUE_BOUND, { message: M.valueInvalid }),
    IsDecimal(TRIGGER_VALUE_DECIMALS, { message: M.valueInvalid }),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: M.valueInvalid }),
    Omittable(),
    NumberFromString(),
  );
}

const Timer = (required: boolean) =>
  applyDecorators(
    required ? ApiProperty({ minimum: R.timer.min, maximum: R.timer.max }) : ApiPropertyOptional({ minimum: R.timer.min, maximum: R.timer.max }),
    Max(R.timer.max, { message: intervalMessage(R.timer.min, R.timer.max) }),
    Min(R.timer.min, { message: intervalMessage(R.timer.min, R.timer.max) }),
    IsInt({ message: M.timerWhole }),
    ...(required ? [IsDefined({ message: M.timerBlank })] : [Omittable()]),
    NumberFromString(),
  );

const ProfileIds = () =>
  applyDecorators(
    ApiPropertyOptional({ type: [Number], description: 'Strategy profile ids' }),
    Omittable(),
    ValidateBy({ name: 'isIdList', validator: { validate: (value: unknown) => Array.isArray(value) && value.every(isId) } }, { message: M.profileUnknown }),
    ArrayMaxSize(PROFILES_MAX),
    IsArray({ message: OWN_MESSAGES.listExpected }),
  );

/** `POST strategies/risk-controls/`: the Add form, NAV Alerting (nav_alerting) or Hard Risk Control (nav_reducing). */
export class CreateRiskTriggerDto {
  @ApiProperty({ enum: TRIGGER_KIND_VALUES, description: 'nav_alerting: NAV Alerting; nav_reducing: Hard Risk Control' })
  @IsIn(TRIGGER_KIND_VALUES, { message: M.kindBlank })
  @IsDefined({ message: M.kindBlank })
  trigger_type!: TriggerKind;

  @TitleField(TRIGGER_NAME_MAX, { blank: M.nameBlank, tooLong: M.nameTooLong }, { omittable: true })
  trigger_name?: string;

  @RangedNumber(R.trigger_blocker, M.blockerBlank)
  trigger_blocker!: number;

  @Timer(true)
  timer!: number;

  @ValidateIf((o: CreateRiskTriggerDto) => o.trigger_type === 'nav_reducing')
  @RangedNumber(R.position_reduce, M.positionReduceBlank)
  position_reduce?: number;

  @ValidateIf((o: CreateRiskTriggerDto) => o.trigger_type === 'nav_reducing')
  @RangedNumber(R.x_percent_depo, M.xPercentBlank)
  x_percent_depo?: number;

  @ValidateIf((o: CreateRiskTriggerDto) => o.trigger_type === 'nav_reducing')
  @RangedNumber(R.y_percent_depo, M.yPercentBlank)
  y_percent_depo?: number;

  @ApiPropertyOptional({ default: false })
  @Omittable()
  @IsBoolean({ message: OWN_MESSAGES.booleanExpected })
  is_active?: boolean;

  @ProfileIds()
  group_profiles?: number[];

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Exchange account id' })
  @IsOptional()
  @IsId(M.accountUnknown)
  exchange_account?: number | null;
}

/** `PUT strategies/risk-controls/{id}/`: one value from its modal, a toggle, or the group; any of them together. */
export class UpdateRiskTriggerDto {
  @TitleField(TRIGGER_NAME_MAX, { blank: M.nameBlank, tooLong: M.nameTooLong }, { omittable: true })
  trigger_name?: string;

  @TriggerValue()
  trigger_blocker?: number;

  @TriggerValue()
  trigger_unblocker?: number;

  @ApiPropertyOptional({ maxLength: TRIGGER_RULES_MAX })
  @Omittable()
  @MaxLength(TRIGGER_RULES_MAX, { message: M.rulesTooLong })
  @IsString({ message: OWN_MESSAGES.textExpected })
  rules?: string;

  @Timer(false)
  timer?: number;

  @RangedNumber(R.position_reduce, null)
  position_reduce?: number;

  @RangedNumber(R.x_percent_depo, null)
  x_percent_depo?: number;

  @RangedNumber(R.y_percent_depo, null)
  y_percent_depo?: number;

  @ApiPropertyOptional()
  @Omittable()
  @IsBoolean({ message: OWN_MESSAGES.booleanExpected })
  alert?: boolean;

  @ApiPropertyOptional()
  @Omittable()
  @IsBoolean({ message: OWN_MESSAGES.booleanExpected })
  is_active?: boolean;

  @ApiPropertyOptional()
  @Omittable()
  @IsBoolean({ message: OWN_MESSAGES.booleanExpected })
  is_show?: boolean;

  @ProfileIds()
  group_profiles?: number[];
}

class NamedRefDto implements NamedRef {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
}

/** The swagger shape of the contracts' RiskTrigger. */
export class RiskTriggerDto implements RiskTrigger {
  @ApiProperty() id!: number;
  @ApiProperty() trigger_name!: string;
  @ApiProperty({ enum: RISK_TRIGGER_TYPES }) trigger_type!: RiskTriggerType;
  @ApiProperty() trigger_blocker!: number;
  @ApiProperty({ nullable: true, type: Number }) trigger_blocker_opp_dir_sp!: number | null;
  @ApiProperty({ nullable: true, type: Number }) trigger_blocker_opp_dir_atr!: number | null;
  @ApiProperty({ type: [Number] }) trigger_blocker_active_profile!: number[];
  @ApiProperty({ nullable: true, type: Number }) trigger_unblocker!: number | null;
  @ApiProperty({ type: [Number] }) group_profiles!: number[];
  @ApiProperty({ type: NamedRefDto, nullable: true }) account!: NamedRefDto | null;
  @ApiProperty() alert!: boolean;
  @ApiProperty() rules!: string;
  @ApiProperty() timer!: number;
  @ApiProperty({ nullable: true, type: Number }) position_reduce!: number | null;
  @ApiProperty({ nullable: true, type: Number }) x_percent_depo!: number | null;
  @ApiProperty({ nullable: true, type: Number }) y_percent_depo!: number | null;
  @ApiProperty() is_active!: boolean;
  @ApiProperty() is_show!: boolean;
}

export class RiskTriggerListDto extends paginatedAnswer(RiskTriggerDto) {}

/** A profile the group picker offers. */
export class RiskGroupOptionDto extends NamedRefDto {}

export class RiskGroupOptionListDto extends paginatedAnswer(RiskGroupOptionDto) {}
