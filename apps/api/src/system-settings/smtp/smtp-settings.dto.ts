import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { ALERT_CHANNEL_MESSAGES as M, type SmtpSettings } from '@console/contracts';
import { Trim } from '../../common/validation/transforms';

export class SmtpSettingsInputDto implements SmtpSettings {
  @ApiProperty({ maxLength: 255 })
  @IsString({ message: M.hostRequired })
  @Trim()
  @IsNotEmpty({ message: M.hostRequired })
  @MaxLength(255, { message: M.hostRequired })
  host!: string;

  @ApiProperty({ minimum: 1, maximum: 65535 })
  @IsInt({ message: M.portInvalid })
  @Min(1, { message: M.portInvalid })
  @Max(65535, { message: M.portInvalid })
  port!: number;

  @ApiProperty({ description: 'TLS from the start (port 465); otherwise STARTTLS when offered' })
  @IsBoolean()
  secure!: boolean;

  @ApiProperty({ maxLength: 255, description: 'Blank: no authentication' })
  @IsString()
  @Trim()
  @MaxLength(255)
  username!: string;

  @ApiProperty({ maxLength: 1024, description: 'The password, or the mask from GET to keep the stored one' })
  @IsString()
  @MaxLength(1024)
  password!: string;

  @ApiProperty({ maxLength: 254 })
  @IsString({ message: M.fromInvalid })
  @Trim()
  @MaxLength(254, { message: M.fromInvalid })
  @IsEmail({}, { message: M.fromInvalid })
  from_address!: string;
}

/** The password is masked: '********' and at most its last 4 characters. */
export class SmtpSettingsDto implements SmtpSettings {
  @ApiProperty() host!: string;
  @ApiProperty() port!: number;
  @ApiProperty() secure!: boolean;
  @ApiProperty() username!: string;
  @ApiProperty({ example: '********' }) password!: string;
  @ApiProperty() from_address!: string;
}
