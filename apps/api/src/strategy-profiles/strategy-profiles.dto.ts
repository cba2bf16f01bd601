import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  ACTION_STATES,
  DIRECTIONS,
  OWN_MESSAGES,
  STRATEGY_PROFILE_LIST_QUERY,
  STRATEGY_PROFILE_MESSAGES as M,
  STRATEGY_PROFILE_STATUSES,
  STRATEGY_PROFILE_TITLE_MAX,
  STRATEGY_SETTINGS_SCHEMA_TYPES,
  TIMEFRAMES,
  type ActionState,
  type Direction,
  type NamedRef,
  type StrategyProfile,
  type StrategyProfileOption,
  type StrategyProfileStatus,
  type StrategySettings,
  type StrategySettingsSchemaType,
  type Timeframe,
} from '@console/contracts';
import { Ordering } from '../common/list-query/ordering';
import { PageQuery, paginatedAnswer } from '../common/pagination/pagination';
import { IsId } from '../common/validation/ids';
import { Omittable, TitleField } from '../common/validation/transforms';

const BooleanFromString = () => Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));

export class StrategyProfilesQuery extends PageQuery {
  @ApiPropertyOptional({ enum: DIRECTIONS, description: 'Absent: both' })
  @IsOptional()
  @IsIn(DIRECTIONS, { message: OWN_MESSAGES.valueInvalid })
  direction?: Direction;

  @ApiPropertyOptional({ type: Boolean, default: false, description: 'true: hidden (unpicked) profiles too' })
  @IsOptional()
  @BooleanFromString()
  @IsBoolean({ message: OWN_MESSAGES.booleanExpected })
  show_hide?: boolean;

  @Ordering(STRATEGY_PROFILE_LIST_QUERY)
  ordering?: string;
}

export class StrategyProfileOptionsQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the title, or the id' })
  @IsOptional()
  @IsString({ message: OWN_MESSAGES.textExpected })
  @MaxLength(STRATEGY_PROFILE_TITLE_MAX)
  search?: string;
}

/** `POST strategies/profiles/`: a draft, from a template (its direction, time frame and settings) or not. */
export class CreateStrategyProfileDto {
  @TitleField(STRATEGY_PROFILE_TITLE_MAX, { blank: M.titleBlank, tooLong: M.titleTooLong })
  title!: string;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'A strategy profile to copy direction, time frame and settings from' })
  @IsOptional()
  @IsId(M.templateUnknown)
  template?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number })
  @IsOptional()
  @IsId(M.mmProfileUnknown)
  mm_profile?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Ticker list id' })
  @IsOptional()
  @IsId(M.tickersUnknown)
  tickers?: number | null;
}

/** `PUT strategies/profiles/{id}/`: title, MM profile and ticker list; `status: inactive` finishes a draft; `is_show`. */
export class UpdateStrategyProfileDto {
  @TitleField(STRATEGY_PROFILE_TITLE_MAX, { blank: M.titleBlank, tooLong: M.titleTooLong }, { omittable: true })
  title?: string;

  @ApiPropertyOptional({ type: Number })
  @Omittable()
  @IsId(M.mmProfileUnknown)
  mm_profile?: number;

  @ApiPropertyOptional({ type: Number })
  @Omittable()
  @IsId(M.tickersUnknown)
  tickers?: number;

  @ApiPropertyOptional({ enum: STRATEGY_PROFILE_STATUSES, description: 'inactive finishes a draft (the wizard’s Finish: title, MM profile, ticker list and a complete, valid settings document); the current status changes nothing' })
  @Omittable()
  @IsIn(STRATEGY_PROFILE_STATUSES, { message: OWN_MESSAGES.valueInvalid })
  status?: StrategyProfileStatus;

  @ApiPropertyOptional()
  @Omittable()
  @IsBoolean({ message: OWN_MESSAGES.booleanExpected })
  is_show?: boolean;
}

class NamedRefDto implements NamedRef {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
}

/** The swagger shape of the contracts' StrategyProfile (at Limited only the group's fields and the id). */
export class StrategyProfileDto implements StrategyProfile {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: STRATEGY_PROFILE_STATUSES }) status!: StrategyProfileStatus;
  @ApiProperty({ enum: ACTION_STATES }) action_state!: ActionState;
  @ApiProperty({ enum: DIRECTIONS }) profile_direction!: Direction;
  @ApiProperty({ nullable: true, type: Number, description: 'Template profile id' }) template!: number | null;
  @ApiProperty({ nullable: true, type: NamedRefDto }) mm_profile!: NamedRef | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Ticker list id' }) tickers!: number | null;
  @ApiProperty({ nullable: true, type: String }) ticker_configs_name!: string | null;
  @ApiProperty({ nullable: true, enum: TIMEFRAMES }) timeframe!: Timeframe | null;
  @ApiProperty({ nullable: true, type: NamedRefDto }) exchange_account!: NamedRef | null;
  @ApiProperty({ type: [String], description: 'The tickers of its list' }) pairs!: string[];
  @ApiProperty() is_show!: boolean;
  @ApiProperty() created_at!: string;
}

export class StrategyProfileListDto extends paginatedAnswer(StrategyProfileDto) {}

export class StrategyProfileOptionDto implements StrategyProfileOption {
  @ApiProperty() id!: number;
  @ApiPropertyOptional({ description: 'Left out for a Limited group that does not see titles' }) title?: string;
}

export class StrategyProfileOptionListDto extends paginatedAnswer(StrategyProfileOptionDto) {}

/** `GET`/`PUT strategies/strategy-settings/{id}/`: the settings document, version v1 (the contracts' StrategySettings). */
export class StrategySettingsDto implements StrategySettings {
  @ApiProperty({ enum: STRATEGY_SETTINGS_SCHEMA_TYPES })
  @IsIn(STRATEGY_SETTINGS_SCHEMA_TYPES, { message: OWN_MESSAGES.valueInvalid })
  schema_type!: StrategySettingsSchemaType;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'signal_settings, order_management_settings, indications_settings, deviation_settings, single_cases_settings, monitoring_tag_settings, delisting_settings' })
  @IsObject({ message: OWN_MESSAGES.objectExpected })
  settings!: Record<string, unknown>;
}
