import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, SignedIn } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { TelegramLinkStateDto } from './telegram-link.dto';
import { TelegramLinkService } from './telegram-link.service';

/**
 * The signed-in user's own Telegram chat link. A linked chat acts with the user's privileges, so a
 * personal API token may not link one (the alert channels' forbidden area).
 */
@ApiTags('users')
@Controller('users/telegram-link')
export class TelegramLinkController {
  constructor(private readonly links: TelegramLinkService) {}

  @SignedIn({ area: 'alert_channels' })
  @Get('/')
  @ApiOkResponse({ type: TelegramLinkStateDto })
  get(@CurrentPrincipal() principal: Principal): Promise<TelegramLinkStateDto> {
    return this.links.get(principal);
  }

  @SignedIn({ area: 'alert_channels' })
  @Post('/')
  @HttpCode(200)
  @ApiOkResponse({ type: TelegramLinkStateDto })
  issueCode(@CurrentPrincipal() principal: Principal): Promise<TelegramLinkStateDto> {
    return this.links.issueCode(principal);
  }

  @SignedIn({ area: 'alert_channels' })
  @Delete('/')
  @ApiOkResponse({ type: TelegramLinkStateDto })
  unlink(@CurrentPrincipal() principal: Principal): Promise<TelegramLinkStateDto> {
    return this.links.unlink(principal);
  }
}
