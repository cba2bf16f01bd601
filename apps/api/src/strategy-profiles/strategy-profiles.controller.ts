import { Body, Controller, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { STRATEGY_PROFILE_LIST_QUERY, STRATEGY_PROFILE_OPTION_FIELDS, STRATEGY_PROFILE_OPTIONS_QUERY } from '@console/contracts';
import { Action, CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { pageAnswer } from '../common/pagination/pagination';
import { ParseIdPipe } from '../common/validation/ids';
import { IdempotencyKey } from '../engine/idempotency-key';
import {
  CreateStrategyProfileDto,
  StrategyProfileDto,
  StrategyProfileListDto,
  StrategyProfileOptionListDto,
  StrategyProfileOptionsQuery,
  StrategyProfilesQuery,
  UpdateStrategyProfileDto,
} from './strategy-profiles.dto';
import { StrategyProfilesService } from './strategy-profiles.service';

@ApiTags('strategy-profiles')
@Controller('strategies/profiles')
export class StrategyProfilesController {
  constructor(private readonly profiles: StrategyProfilesService) {}

  @Section('profiles', 'read', { project: true, query: STRATEGY_PROFILE_LIST_QUERY })
  @Get('/')
  @ApiOkResponse({ type: StrategyProfileListDto })
  async list(@Req() req: Request, @Query() query: StrategyProfilesQuery) {
    return pageAnswer(req, await this.profiles.list(query));
  }

  /** Profiles to pick: the filters' options and the wizard's templates. */
  @Section('profiles', 'read', { project: STRATEGY_PROFILE_OPTION_FIELDS, query: STRATEGY_PROFILE_OPTIONS_QUERY })
  @Get('for-filters/')
  @ApiOkResponse({ type: StrategyProfileOptionListDto })
  async options(@Req() req: Request, @Query() query: StrategyProfileOptionsQuery) {
    return pageAnswer(req, await this.profiles.options(query));
  }

  @Section('profiles', 'read', { project: true })
  @Get(':id/')
  @ApiOkResponse({ type: StrategyProfileDto })
  get(@Param('id', ParseIdPipe) id: number): Promise<StrategyProfileDto> {
    return this.profiles.get(id);
  }

  /** A draft. */
  @Action('addStrategyProfile', { project: true })
  @Post('/')
  @ApiCreatedResponse({ type: StrategyProfileDto })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateStrategyProfileDto): Promise<StrategyProfileDto> {
    return this.profiles.create(principal, body);
  }

  @Section('profiles', 'write', { project: true, action: 'strategyProfileVisibility' })
  @Put(':id/')
  @ApiOkResponse({ type: StrategyProfileDto })
  update(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateStrategyProfileDto): Promise<StrategyProfileDto> {
    return this.profiles.update(principal, id, body);
  }

  @Section('profiles', 'write', { project: true })
  @Put(':id/start/')
  @ApiOkResponse({ type: StrategyProfileDto })
  start(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @IdempotencyKey() clientKey?: string): Promise<StrategyProfileDto> {
    return this.profiles.start(principal, id, clientKey);
  }

  @Section('profiles', 'write', { project: true })
  @Put(':id/stop/')
  @ApiOkResponse({ type: StrategyProfileDto })
  stop(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @IdempotencyKey() clientKey?: string): Promise<StrategyProfileDto> {
    return this.profiles.stop(principal, id, clientKey);
  }
}
