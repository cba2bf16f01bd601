import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ParseIdPipe } from '../common/validation/ids';
import { StrategySettingsDto } from './strategy-profiles.dto';
import { StrategyProfilesService } from './strategy-profiles.service';

/** A strategy profile's settings document, under the profile-settings section. */
@ApiTags('strategy-profiles')
@Controller('strategies/strategy-settings')
export class StrategySettingsController {
  constructor(private readonly profiles: StrategyProfilesService) {}

  @Section('profile_settings', 'read')
  @Get(':id/')
  @ApiOkResponse({ type: StrategySettingsDto })
  get(@Param('id', ParseIdPipe) id: number): Promise<StrategySettingsDto> {
    return this.profiles.settings(id);
  }

  /** 400 names each refused field as `settings.<block>.<field>` with the spec's message. */
  @Section('profile_settings', 'write')
  @Put(':id/')
  @ApiOkResponse({ type: StrategySettingsDto })
  save(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Body() body: StrategySettingsDto): Promise<StrategySettingsDto> {
    return this.profiles.saveSettings(principal, id, body);
  }
}
