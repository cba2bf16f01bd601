import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { IdempotencyKey } from '../engine/idempotency-key';
import { SetSystemStatusDto, SystemStatusDto } from './system-status.dto';
import { SystemStatusService } from './system-status.service';

/** A `trading-bot/{x}/` path is not served: this pair of calls covers it (docs/decisions/ticker-configs-and-mm-profiles.md). */
@ApiTags('system-status')
@Controller('system-status')
export class SystemStatusController {
  constructor(private readonly system: SystemStatusService) {}

  @Section('bot_status', 'read')
  @Get('/')
  @ApiOkResponse({ type: SystemStatusDto })
  read(): Promise<SystemStatusDto> {
    return this.system.read();
  }

  /** 202: the engine turns the bot on or off; the answer shows CHANGING until it has. */
  @Section('bot_status', 'write')
  @Post('/')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: SystemStatusDto })
  set(@CurrentPrincipal() principal: Principal, @Body() body: SetSystemStatusDto, @IdempotencyKey() clientKey?: string): Promise<SystemStatusDto> {
    return this.system.set(principal, body, clientKey);
  }
}
