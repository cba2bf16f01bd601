import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { LEVELS, LIMITS, MESSAGES, SECTIONS } from '@console/contracts';
import type { Level, SectionName } from '@console/contracts';
import { PageQuery } from '../common/pagination/pagination';

export class PermInputDto {
  @ApiProperty({ enum: SECTIONS })
  @IsIn(SECTIONS, { message: 'Unknown section.' })
  section_name!: SectionName;

  @ApiProperty({ enum: LEVELS })
  @IsNotEmpty({ message: MESSAGES.fieldRequired })
  @IsIn(LEVELS, { message: MESSAGES.fieldRequired })
  status!: Level;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(64)
  @IsString({ each: true })
  fields?: string[];

  @ApiPropertyOptional() @IsOptional() @IsBoolean() filtering?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() sorting?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() is_only_finished?: boolean;

  @ApiPropertyOptional({ minimum: 1, maximum: 1_000_000 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  signals_count?: number;
}

export class CreateGroupDto {
  @ApiProperty({ maxLength: LIMITS.nameMax })
  // class-validator runs these bottom-up: "required" must win over "too long" for a missing name.
  @MaxLength(LIMITS.nameMax, { message: MESSAGES.nameTooLong })
  @IsNotEmpty({ message: MESSAGES.groupNameRequired })
  @IsString({ message: MESSAGES.groupNameRequired })
  name!: string;

  @ApiProperty({ type: [PermInputDto], description: 'One per section; absent sections read as NP' })
  @IsArray()
  @ArrayMaxSize(SECTIONS.length)
  @ValidateNested({ each: true })
  @Type(() => PermInputDto)
  perms!: PermInputDto[];
}

export class UpdateGroupDto {
  @ApiPropertyOptional({ maxLength: LIMITS.nameMax })
  @IsOptional()
  // class-validator runs these bottom-up: "required" must win over "too long" for a missing name.
  @MaxLength(LIMITS.nameMax, { message: MESSAGES.nameTooLong })
  @IsNotEmpty({ message: MESSAGES.groupNameRequired })
  @IsString({ message: MESSAGES.groupNameRequired })
  name?: string;

  @ApiProperty({ type: [PermInputDto] })
  @IsArray()
  @ArrayMaxSize(SECTIONS.length)
  @ValidateNested({ each: true })
  @Type(() => PermInputDto)
  perms!: PermInputDto[];
}

export class GroupsQuery extends PageQuery {}

export class PermOutDto {
  @ApiProperty({ enum: SECTIONS }) section_name!: string;
  @ApiProperty({ enum: LEVELS }) status!: string;
  @ApiProperty({ type: [String] }) fields!: string[];
  @ApiProperty() filtering!: boolean;
  @ApiProperty() sorting!: boolean;
  @ApiProperty() is_only_finished!: boolean;
  @ApiProperty() signals_count!: number;
}

export class GroupDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [PermOutDto] }) perms!: PermOutDto[];
  @ApiProperty() users_count!: number;
}

export class GroupListDto {
  @ApiProperty() count!: number;
  @ApiProperty({ nullable: true, type: String }) next!: string | null;
  @ApiProperty({ nullable: true, type: String }) previous!: string | null;
  @ApiProperty({ type: [GroupDto] }) results!: GroupDto[];
}
