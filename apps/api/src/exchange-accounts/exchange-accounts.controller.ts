import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { CreateExchangeAccountDto, ExchangeAccountDto, ExchangeAccountListDto, ExchangeAccountsQuery, GoLiveDto, UpdateExchangeAccountDto, ConnectionTestAnswerDto } from './exchange-accounts.dto';
import { AccountLiveSwitchService } from './account-live-switch.service';
import { ExchangeConnectionService } from './exchange-connection.service';
import { ExchangeAccountsService } from './exchange-accounts.service';
import { ParseIdPipe } from '../common/validation/ids';
import { pageAnswer } from '../common/pagination/pagination';

@ApiTags('exchange-accounts')
@Controller('strategies/exchange-accounts')
export class ExchangeAccountsController {
  constructor(
    private readonly accounts: ExchangeAccountsService,
    private readonly liveSwitch: AccountLiveSwitchService,
    private readonly connection: ExchangeConnectionService,
  ) {}

  @Section('exchange_account', 'read')
  @Get('/')
  @ApiOkResponse({ type: ExchangeAccountListDto })
  async list(@Req() req: Request, @Query() query: ExchangeAccountsQuery) {
    return pageAnswer(req, await this.accounts.list(query));
  }

  @Section('exchange_account', 'write')
  @Post('/')
  @ApiOkResponse({ type: ExchangeAccountDto })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateExchangeAccountDto) {
    return this.accounts.create(principal, body);
  }

  @Section('exchange_account', 'write')
  @Put(':id/')
  @ApiOkResponse({ type: ExchangeAccountDto })
  update(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateExchangeAccountDto) {
    return this.accounts.update(principal, id, body);
  }

  /** Real funds: Full only, a signed-in session only (never an API token), the TOTP code and the typed title. */
  @Section('exchange_account', 'write', { full: true, area: 'live_switch' })
  @Post(':id/live/')
  @HttpCode(200)
  @ApiOkResponse({ type: ExchangeAccountDto })
  goLive(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Body() body: GoLiveDto) {
    return this.liveSwitch.goLive(principal, id, body);
  }

  /** Uses the stored secret against the exchange, so it takes the level that may change the keys. */
  @Section('exchange_account', 'write')
  @Post(':id/test-connection/')
  @HttpCode(200)
  @ApiOkResponse({ type: ConnectionTestAnswerDto })
  testConnection(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number) {
    return this.connection.test(principal, id);
  }

  @Section('exchange_account', 'write')
  @Delete(':id/')
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number) {
    return this.accounts.remove(principal, id);
  }
}
