import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MESSAGES, OWN_MESSAGES, type GroupOption } from '@console/contracts';
import { CredentialsDto } from '../auth/auth.dto';
import { ID_SCHEMA, PageQuery, paginatedAnswer } from '../common/pagination/pagination';
import { IsId } from '../common/validation/ids';
import { Omittable } from '../common/validation/transforms';

export class UpdateOwnAccountDto {
  @ApiProperty()
  @IsString()
  @MaxLength(254)
  @IsDefined({ message: MESSAGES.accountEmailInvalid })
  email!: string;

  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(1024)
  old_password?: string;

  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(1024)
  new_password?: string;
}

export class OwnAccountDto {
  @ApiProperty() id!: number;
  @ApiProperty() email!: string;
}

export class UsersQuery extends PageQuery {}

export class CreateUserDto extends CredentialsDto {
  @ApiProperty({ ...ID_SCHEMA, description: 'Group id' })
  @IsId(OWN_MESSAGES.groupRequired)
  @IsNotEmpty({ message: OWN_MESSAGES.groupRequired })
  group!: number;
}

export class UpdateUserGroupDto {
  @ApiProperty({ ...ID_SCHEMA, description: 'Group id' })
  @IsId(OWN_MESSAGES.groupRequired)
  @IsNotEmpty({ message: OWN_MESSAGES.groupRequired })
  group!: number;
}

class UserGroupRefDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}

export class UserDto {
  @ApiProperty() id!: number;
  @ApiProperty() email!: string;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ type: UserGroupRefDto, nullable: true }) group!: UserGroupRefDto | null;
}

export class UserListDto extends paginatedAnswer(UserDto) {}

class GroupOptionDto implements GroupOption {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}

export class GroupOptionListDto {
  @ApiProperty({ type: [GroupOptionDto] }) results!: GroupOptionDto[];
}
