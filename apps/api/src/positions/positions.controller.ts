import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { LOST_POSITION_LIST_QUERY, POSITION_LIST_QUERY } from '@console/contracts';
import { Action, CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { pageAnswer } from '../common/pagination/pagination';
import { ParseBigIdPipe, ParseIdPipe } from '../common/validation/ids';
import { EngineCommandStateDto } from '../engine/engine.dto';
import { IdempotencyKey } from '../engine/idempotency-key';
import { PositionActionsService } from './position-actions.service';
import {
  AccountAdminMetricsDto,
  BulkReducePositionDto,
  BulkSkipCheckDto,
  CloseLostPositionDto,
  DepositEditDto,
  LostPositionsQuery,
  PositionListDto,
  PositionsQuery,
  ReducePositionDto,
  SkipCheckDto,
} from './positions.dto';
import { PositionsService } from './positions.service';

/** Position administration (section APA). Every action answers 202 with its engine command(s). */
@ApiTags('position-administration')
@Controller('position-administration')
export class PositionsController {
  constructor(
    private readonly positions: PositionsService,
    private readonly actions: PositionActionsService,
  ) {}

  @Section('APA', 'read', { project: true, query: POSITION_LIST_QUERY })
  @Get('/')
  @ApiOkResponse({ type: PositionListDto })
  async list(@Req() req: Request, @Query() query: PositionsQuery) {
    return pageAnswer(req, await this.positions.list(query));
  }

  @Section('APA', 'read', { project: true, query: LOST_POSITION_LIST_QUERY })
  @Get('lost-positions/')
  @ApiOkResponse({ type: PositionListDto })
  async lost(@Req() req: Request, @Query() query: LostPositionsQuery) {
    return pageAnswer(req, await this.positions.lost(query));
  }

  /** The side list: each exchange account's newest metrics (not projected: the APA fields are the table's columns). */
  @Section('APA', 'read')
  @Get('account-info/')
  @ApiOkResponse({ type: [AccountAdminMetricsDto] })
  accountInfo(): Promise<AccountAdminMetricsDto[]> {
    return this.positions.accountInfo();
  }

  /** The deposit edit of an account's metrics (path and method ours: docs/decisions/positions-and-risk-control.md). */
  @Action('changeAccountDeposit')
  @Put('account-info/:id/')
  @ApiOkResponse({ type: AccountAdminMetricsDto })
  editDeposit(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Body() body: DepositEditDto): Promise<AccountAdminMetricsDto> {
    return this.positions.editDeposit(principal, id, body);
  }

  @Action('closeLostPosition')
  @Post('close-lost-position/')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: EngineCommandStateDto })
  closeLost(@CurrentPrincipal() principal: Principal, @Body() body: CloseLostPositionDto, @IdempotencyKey() key?: string): Promise<EngineCommandStateDto> {
    return this.actions.closeLost(principal, body, key);
  }

  @Action('skipCheck')
  @Put('bulk-skip-check-k-exit/')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: [EngineCommandStateDto] })
  bulkSkipCheck(@CurrentPrincipal() principal: Principal, @Body() body: BulkSkipCheckDto, @IdempotencyKey() key?: string): Promise<EngineCommandStateDto[]> {
    return this.actions.bulkSkipCheck(principal, body.signals_ids, body, key);
  }

  @Action('reducePosition')
  @Post('bulk-reduce-position/')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: [EngineCommandStateDto] })
  bulkReduce(@CurrentPrincipal() principal: Principal, @Body() body: BulkReducePositionDto, @IdempotencyKey() key?: string): Promise<EngineCommandStateDto[]> {
    return this.actions.bulkReduce(principal, body.signals_ids, body.percent, key);
  }

  @Action('recoverKExit')
  @Post(':id/recovery-k-exit/')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: EngineCommandStateDto })
  recoverKExit(@CurrentPrincipal() principal: Principal, @Param('id', ParseBigIdPipe) id: number, @IdempotencyKey() key?: string): Promise<EngineCommandStateDto> {
    return this.actions.recoverKExit(principal, id, key);
  }

  @Action('skipCheck')
  @Put(':id/skip-check-k-exit/')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: EngineCommandStateDto })
  skipCheck(@CurrentPrincipal() principal: Principal, @Param('id', ParseBigIdPipe) id: number, @Body() body: SkipCheckDto, @IdempotencyKey() key?: string): Promise<EngineCommandStateDto> {
    return this.actions.skipCheck(principal, id, body, key);
  }

  @Action('reducePosition')
  @Post(':id/reduce-position/')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: EngineCommandStateDto })
  reduce(@CurrentPrincipal() principal: Principal, @Param('id', ParseBigIdPipe) id: number, @Body() body: ReducePositionDto, @IdempotencyKey() key?: string): Promise<EngineCommandStateDto> {
    return this.actions.reduce(principal, id, body.percent, key);
  }
}
