import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, MaxLength, ValidateBy } from 'class-validator';
import {
  API_TOKEN_LIMITS, API_TOKEN_MESSAGES, LEVELS, MESSAGES, OWN_MESSAGES, SECTIONS,
  type ApiToken, type ApiTokenList, type ApiTokenPerm, type CreateApiToken, type CreatedApiToken, type Level, type SectionName,
} from '@console/contracts';
import { isDateOrInstant } from '../common/validation/dates';
import { NestedObjects, Omittable, Trim } from '../common/validation/transforms';

export class ApiTokenPermDto implements ApiTokenPerm {
  @ApiProperty({ enum: SECTIONS })
  @IsIn(SECTIONS, { message: OWN_MESSAGES.sectionUnknown })
  section_name!: SectionName;

  @ApiProperty({ enum: LEVELS })
  @IsIn(LEVELS, { message: MESSAGES.fieldRequired })
  status!: Level;
}

export class CreateApiTokenDto implements CreateApiToken {
  @ApiProperty({ maxLength: API_TOKEN_LIMITS.nameMax })
  @Trim()
  @MaxLength(API_TOKEN_LIMITS.nameMax, { message: API_TOKEN_MESSAGES.nameTooLong })
  @IsNotEmpty({ message: API_TOKEN_MESSAGES.nameBlank })
  @IsString({ message: API_TOKEN_MESSAGES.nameBlank })
  name!: string;

  @ApiProperty({ format: 'date-time', description: `In the future, at most ${API_TOKEN_LIMITS.maxExpiryDays} days away` })
  @ValidateBy({ name: 'isDateOrInstant', validator: { validate: isDateOrInstant } }, { message: API_TOKEN_MESSAGES.expiryInvalid })
  expires_at!: string;

  @ApiPropertyOptional({ type: [ApiTokenPermDto], description: 'A level per section, none above the group’s; by default ReadOnly wherever the user reads. Absent sections: NP.' })
  @Omittable()
  @NestedObjects(() => ApiTokenPermDto, SECTIONS.length)
  perms?: ApiTokenPermDto[];
}

export class ApiTokenDto implements ApiToken {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The first characters of the token' }) prefix!: string;
  @ApiProperty({ type: [ApiTokenPermDto] }) perms!: ApiTokenPermDto[];
  @ApiProperty() created_at!: string;
  @ApiProperty({ nullable: true, type: String, description: 'Written at most once a minute' }) last_used_at!: string | null;
  @ApiProperty() expires_at!: string;
}

export class ApiTokenListDto implements ApiTokenList {
  @ApiProperty({ type: [ApiTokenDto] }) results!: ApiTokenDto[];
}

export class CreatedApiTokenDto extends ApiTokenDto implements CreatedApiToken {
  @ApiProperty({ description: 'The token, shown this once: only its hash is kept' }) token!: string;
}
