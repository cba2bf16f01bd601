import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, SignedIn } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { AlertChannelSettingsDto, AlertChannelSettingsInputDto, AlertDeliveryLogDto } from './alert-channels.dto';
import { AlertChannelsService } from './alert-channels.service';

/**
 * The signed-in user's own alert channels (account details). Nobody sets another user's: a destination
 * receives that user's notifications. A token cannot change where alerts go.
 */
@ApiTags('users')
@Controller('users/alert-channels')
export class AlertChannelsController {
  constructor(private readonly channels: AlertChannelsService) {}

  @SignedIn({ area: 'alert_channels' })
  @Get('/')
  @ApiOkResponse({ type: AlertChannelSettingsDto })
  get(@CurrentPrincipal() principal: Principal): Promise<AlertChannelSettingsDto> {
    return this.channels.get(principal);
  }

  @SignedIn({ area: 'alert_channels' })
  @Put('/')
  @ApiOkResponse({ type: AlertChannelSettingsDto })
  save(@CurrentPrincipal() principal: Principal, @Body() body: AlertChannelSettingsInputDto): Promise<AlertChannelSettingsDto> {
    return this.channels.save(principal, body);
  }

  @SignedIn({ area: 'alert_channels' })
  @Get('deliveries/')
  @ApiOkResponse({ type: AlertDeliveryLogDto })
  deliveries(@CurrentPrincipal() principal: Principal): Promise<AlertDeliveryLogDto> {
    return this.channels.deliveries(principal);
  }
}
