import { Body, Controller, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, Section } from '../../access/access.decorators';
import type { Principal } from '../../access/principal';
import { TgBotSettingsDto, TgBotSettingsInputDto } from './tg-bot-settings.dto';
import { TgBotSettingsService } from './tg-bot-settings.service';
import { ParseIdPipe } from '../../common/validation/ids';

@ApiTags('telegram')
@Controller('notifications/tg-bot-settings')
export class TgBotSettingsController {
  constructor(private readonly settings: TgBotSettingsService) {}

  @Section('tg_bot', 'read')
  @Get('/')
  @ApiOkResponse({ type: TgBotSettingsDto })
  get() {
    return this.settings.get();
  }

  /** Creates the settings when none exist (201), else updates them (200). */
  @Section('tg_bot', 'write')
  @Post('/')
  @ApiCreatedResponse({ type: TgBotSettingsDto })
  @ApiOkResponse({ type: TgBotSettingsDto })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: TgBotSettingsInputDto, @Res({ passthrough: true }) res: Response): Promise<TgBotSettingsDto> {
    const { created, ...settings } = await this.settings.save(principal, body);
    res.status(created ? 201 : 200);
    return settings;
  }

  @Section('tg_bot', 'write')
  @Put('/')
  @ApiOkResponse({ type: TgBotSettingsDto })
  async update(@CurrentPrincipal() principal: Principal, @Body() body: TgBotSettingsInputDto): Promise<TgBotSettingsDto> {
    const { created: _created, ...settings } = await this.settings.save(principal, body);
    return settings;
  }

  @Section('tg_bot', 'write')
  @Put(':id/')
  @ApiOkResponse({ type: TgBotSettingsDto })
  async updateById(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Body() body: TgBotSettingsInputDto): Promise<TgBotSettingsDto> {
    const { created: _created, ...settings } = await this.settings.save(principal, body, id);
    return settings;
  }
}
