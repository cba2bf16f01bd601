import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MESSAGES, OWN_MESSAGES, type GroupOption, type GroupOptionList, type ManagedUser, type OwnAccount } from '@console/contracts';
import { CredentialsDto } from '../../auth/auth.dto';
import { ID_SCHEMA, PageQuery, paginatedAnswer } from '../../common/pagination/pagination';
import { IsId } from '../../common/validation/ids';
import { Omittable } from '../../common/validation/transforms';

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

export class OwnAccountDto implements OwnAccount {
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

class GroupOptionDto implements GroupOption {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}

/** The swagger shape of the contracts' ManagedUser. */
export class UserDto implements ManagedUser {
  @ApiProperty() id!: number;
  @ApiProperty() email!: string;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ type: GroupOptionDto, nullable: true }) group!: GroupOption | null;
}

export class UserListDto extends paginatedAnswer(UserDto) {}

export class GroupOptionListDto implements GroupOptionList {
  @ApiProperty({ type: [GroupOptionDto] }) results!: GroupOptionDto[];
}
