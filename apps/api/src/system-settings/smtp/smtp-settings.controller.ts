import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Section } from '../../access/access.decorators';
import type { Principal } from '../../access/principal';
import { SmtpSettingsDto, SmtpSettingsInputDto } from './smtp-settings.dto';
import { SmtpSettingsService } from './smtp-settings.service';

/** System settings: the SMTP server alerts are mailed through. Beside the Telegram bot, under its section. */
@ApiTags('notifications')
@Controller('notifications/smtp-settings')
export class SmtpSettingsController {
  constructor(private readonly settings: SmtpSettingsService) {}

  @Section('tg_bot', 'read')
  @Get('/')
  @ApiOkResponse({ type: SmtpSettingsDto })
  get(): Promise<SmtpSettingsDto> {
    return this.settings.get();
  }

  @Section('tg_bot', 'write')
  @Put('/')
  @ApiOkResponse({ type: SmtpSettingsDto })
  save(@CurrentPrincipal() principal: Principal, @Body() body: SmtpSettingsInputDto): Promise<SmtpSettingsDto> {
    return this.settings.save(principal, body);
  }
}
