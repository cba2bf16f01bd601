import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { LEVELS, LIMITS, MESSAGES, OWN_MESSAGES, SECTIONS } from '@console/contracts';
import type { Level, Perm, PrivilegeGroup, SectionName } from '@console/contracts';
import { PageQuery, paginatedAnswer } from '../../common/pagination/pagination';
import { NestedObjects, Omittable } from '../../common/validation/transforms';
import { PermDto } from '../../access/perm.dto';

export class PermInputDto {
  @ApiProperty({ enum: SECTIONS })
  @IsIn(SECTIONS, { message: OWN_MESSAGES.sectionUnknown })
  section_name!: SectionName;

  @ApiProperty({ enum: LEVELS })
  @IsNotEmpty({ message: MESSAGES.fieldRequired })
  @IsIn(LEVELS, { message: MESSAGES.fieldRequired })
  status!: Level;

  @ApiPropertyOptional({ type: [String] })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(64)
  @IsString({ each: true })
  fields?: string[];

  @ApiPropertyOptional() @Omittable() @IsBoolean() filtering?: boolean;
  @ApiPropertyOptional() @Omittable() @IsBoolean() sorting?: boolean;
  @ApiPropertyOptional() @Omittable() @IsBoolean() is_only_finished?: boolean;

  @ApiPropertyOptional({ minimum: 1, maximum: 1_000_000 })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  signals_count?: number;
}

export class CreateGroupDto {
  @ApiProperty({ maxLength: LIMITS.nameMax })
  @MaxLength(LIMITS.nameMax, { message: MESSAGES.nameTooLong })
  @IsNotEmpty({ message: MESSAGES.groupNameRequired })
  @IsString()
  name!: string;

  @ApiProperty({ type: [PermInputDto], description: 'One per section; absent sections read as NP' })
  @NestedObjects(() => PermInputDto, SECTIONS.length)
  perms!: PermInputDto[];
}

export class UpdateGroupDto {
  @ApiPropertyOptional({ maxLength: LIMITS.nameMax })
  @Omittable()
  @MaxLength(LIMITS.nameMax, { message: MESSAGES.nameTooLong })
  @IsNotEmpty({ message: MESSAGES.groupNameRequired })
  @IsString()
  name?: string;

  @ApiProperty({ type: [PermInputDto] })
  @NestedObjects(() => PermInputDto, SECTIONS.length)
  perms!: PermInputDto[];
}

export class GroupsQuery extends PageQuery {}

/** The swagger shape of the contracts' PrivilegeGroup. */
export class GroupDto implements PrivilegeGroup {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [PermDto] }) perms!: Perm[];
  @ApiProperty() users_count!: number;
}

export class GroupListDto extends paginatedAnswer(GroupDto) {}
