import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { TICKER_CONFIG_LIST_QUERY } from '@console/contracts';
import { CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { pageAnswer } from '../common/pagination/pagination';
import { ParseIdPipe } from '../common/validation/ids';
import { CreateTickerConfigDto, TickerConfigDto, TickerConfigListDto, TickerConfigsQuery, UpdateTickerConfigDto } from './ticker-configs.dto';
import { TickerConfigsService } from './ticker-configs.service';

@ApiTags('tickers-configs')
@Controller('strategies/tickers-configs')
export class TickerConfigsController {
  constructor(private readonly configs: TickerConfigsService) {}

  @Section('tickers_configs', 'read', { query: TICKER_CONFIG_LIST_QUERY })
  @Get('/')
  @ApiOkResponse({ type: TickerConfigListDto })
  async list(@Req() req: Request, @Query() query: TickerConfigsQuery) {
    return pageAnswer(req, await this.configs.list(query));
  }

  /** New configs are inactive unless `status` is active, which asks the engine to start them. */
  @Section('tickers_configs', 'write')
  @Post('/')
  @ApiCreatedResponse({ type: TickerConfigDto })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateTickerConfigDto): Promise<TickerConfigDto> {
    return this.configs.create(principal, body);
  }

  @Section('tickers_configs', 'write')
  @Put(':id/')
  @ApiOkResponse({ type: TickerConfigDto })
  update(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateTickerConfigDto): Promise<TickerConfigDto> {
    return this.configs.update(principal, id, body);
  }

  @Section('tickers_configs', 'write')
  @Delete(':id/')
  @HttpCode(204)
  @ApiNoContentResponse()
  async remove(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.configs.remove(principal, id);
  }
}
