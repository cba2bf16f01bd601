import { Body, Controller, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { PairDto, PairListDto, PairOptionListDto, PairsForFiltersQuery, PairsQuery, PairsSyncResultDto, UpdatePairDto } from './pairs.dto';
import { PairsService } from './pairs.service';
import { ParseIdPipe } from '../common/validation/ids';
import { pageAnswer } from '../common/pagination/pagination';

@ApiTags('pairs')
@Controller('strategies/pairs')
export class PairsController {
  constructor(private readonly pairs: PairsService) {}

  @Section('pairs', 'read')
  @Get('/')
  @ApiOkResponse({ type: PairListDto })
  async list(@Req() req: Request, @Query() query: PairsQuery) {
    return pageAnswer(req, await this.pairs.list(query));
  }

  /** Sync with the exchange's instrument list (empty body). */
  @Section('pairs', 'write')
  @Post('/')
  @ApiOkResponse({ type: PairsSyncResultDto })
  sync(@CurrentPrincipal() principal: Principal) {
    return this.pairs.sync(principal);
  }

  @Section('pairs', 'read')
  @Get('for-filters/')
  @ApiOkResponse({ type: PairOptionListDto })
  async forFilters(@Req() req: Request, @Query() query: PairsForFiltersQuery) {
    return pageAnswer(req, await this.pairs.forFilters(query));
  }

  /** Turns a pair on or off. */
  @Section('pairs', 'write')
  @Put(':id/')
  @ApiOkResponse({ type: PairDto })
  update(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Body() body: UpdatePairDto) {
    return this.pairs.update(principal, id, body);
  }
}
