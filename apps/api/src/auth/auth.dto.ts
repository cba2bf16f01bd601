import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { CaptchaVerifyAnswer, CurrentUser, RefreshAnswer, TokenPair, TotpCreateAnswer } from '@console/contracts';
import { MESSAGES } from '@console/contracts';
import { PermDto } from '../access/perm.dto';

export class CaptchaVerifyDto {
  @ApiProperty({ description: "The bot-check widget's answer (ALTCHA payload or reCAPTCHA token); empty when the check is off" })
  @IsString()
  @MaxLength(8192)
  response!: string;
}

/** Email and password, as sign-in and the new-user form take them. */
export class CredentialsDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: MESSAGES.emailBlank })
  @MaxLength(254)
  email!: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: MESSAGES.passwordBlank })
  @MaxLength(1024)
  password!: string;
}

export class LoginDto extends CredentialsDto {
  @ApiPropertyOptional({ nullable: true, type: String, description: 'From users/google-captcha-verify/; required unless the bot-check is off' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  captcha_token?: string | null;
}

export class RefreshDto {
  @ApiPropertyOptional({ description: 'The refresh token; a browser that sent X-Refresh-Cookie leaves it out and the cookie is used' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  refresh?: string;
}

export class LogoutDto {
  @ApiPropertyOptional({ description: 'The refresh token; a browser that sent X-Refresh-Cookie leaves it out and the cookie is used' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  refresh_token?: string;
}

export class TokenPairDto implements TokenPair {
  @ApiProperty() refresh!: string;
  @ApiProperty() access!: string;
}

export class RefreshAnswerDto extends TokenPairDto implements RefreshAnswer {
  @ApiProperty() is_sec_factor_passed!: boolean;
}

export class CaptchaVerifyAnswerDto implements CaptchaVerifyAnswer {
  @ApiProperty() is_robot!: boolean;
  @ApiProperty({ nullable: true, type: String }) captcha_token!: string | null;
}

export class TotpCreateAnswerDto implements TotpCreateAnswer {
  @ApiProperty({ description: 'otpauth:// URI; empty once verified' }) url!: string;
  @ApiProperty({ description: 'PNG data URL of the URI; empty once verified' }) qr!: string;
  @ApiProperty() is_verified!: boolean;
}

class GroupWithPermsDto implements NonNullable<CurrentUser['group']> {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [PermDto] }) perms!: PermDto[];
}

export class CurrentUserDto implements CurrentUser {
  @ApiProperty() id!: number;
  @ApiProperty() email!: string;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ type: GroupWithPermsDto, nullable: true }) group!: GroupWithPermsDto | null;
}
