import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { SIGNAL_LIST_QUERY } from '@console/contracts';
import { toDbText } from '../common/decimal';
import { Action, CurrentPrincipal, ScopedRows, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { SIGNAL_ROWS } from '../access/row-scopes';
import { pageAnswer } from '../common/pagination/pagination';
import { ParseBigIdPipe } from '../common/validation/ids';
import { EngineCommandStateDto } from '../engine/engine.dto';
import { IdempotencyKey } from '../engine/idempotency-key';
import { BulkCommandsDto, CloseLimitDto, SignalsIdsDto } from './signal-actions.dto';
import { SignalListDto, SignalsQuery } from './signals.dto';
import { SignalsService } from './signals.service';

/**
 * The signals list and the actions on a signal. Each action answers 202 with its engine
 * command; the signal (cancel) or its position (closes) shows CANCELLING or CLOSING until the engine is done.
 */
@ApiTags('signals')
@Controller('signals')
export class SignalsController {
  constructor(private readonly signals: SignalsService) {}

  @Section('signals', 'read', { project: true, query: SIGNAL_LIST_QUERY, rows: SIGNAL_ROWS })
  @Get('signals/')
  @ApiOkResponse({ type: SignalListDto })
  async list(@Req() req: Request, @Query() query: SignalsQuery, @ScopedRows() scope: readonly string[]) {
    return pageAnswer(req, await this.signals.list(query, scope));
  }

  /** Only while the signal is active and not processed (state active_np). */
  @Action('cancelSignal', { rows: SIGNAL_ROWS })
  @Post('position/:id/cancel/')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: EngineCommandStateDto })
  cancel(@CurrentPrincipal() principal: Principal, @Param('id', ParseBigIdPipe) id: number, @ScopedRows() scope: readonly string[], @IdempotencyKey() key?: string) {
    return this.signals.cancel(principal, id, scope, key);
  }

  @Action('closeMarket', { rows: SIGNAL_ROWS })
  @Post('position/:id/close-market/')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: EngineCommandStateDto })
  closeMarket(@CurrentPrincipal() principal: Principal, @Param('id', ParseBigIdPipe) id: number, @ScopedRows() scope: readonly string[], @IdempotencyKey() key?: string) {
    return this.signals.close(principal, id, 'close_market', scope, key);
  }

  @Action('closeLimit', { rows: SIGNAL_ROWS })
  @Post('position/:id/close-limit/')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: EngineCommandStateDto })
  closeLimit(
    @CurrentPrincipal() principal: Principal,
    @Param('id', ParseBigIdPipe) id: number,
    @Body() body: CloseLimitDto,
    @ScopedRows() scope: readonly string[],
    @IdempotencyKey() key?: string,
  ) {
    return this.signals.close(principal, id, 'close_limit', scope, key, { coefficient: toDbText(body.coefficient, 'ratio') });
  }

  @Action('closeBestLimit', { rows: SIGNAL_ROWS })
  @Post('positions/:id/close-best-limit/')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: EngineCommandStateDto })
  closeBestLimit(@CurrentPrincipal() principal: Principal, @Param('id', ParseBigIdPipe) id: number, @ScopedRows() scope: readonly string[], @IdempotencyKey() key?: string) {
    return this.signals.close(principal, id, 'close_best_limit', scope, key);
  }

  @Action('closeBestLimit', { rows: SIGNAL_ROWS })
  @Post('positions/bulk-close-best-limit/')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: BulkCommandsDto })
  bulkCloseBestLimit(@CurrentPrincipal() principal: Principal, @Body() body: SignalsIdsDto, @ScopedRows() scope: readonly string[], @IdempotencyKey() key?: string) {
    return this.signals.bulkClose(principal, body.signals_ids, 'close_best_limit', scope, key);
  }

  /** Signals' positions only: a lost position has no signal, and closes through position administration. */
  @Action('closeMarket', { rows: SIGNAL_ROWS })
  @Post('positions/bulk-close-market/')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: BulkCommandsDto })
  bulkCloseMarket(@CurrentPrincipal() principal: Principal, @Body() body: SignalsIdsDto, @ScopedRows() scope: readonly string[], @IdempotencyKey() key?: string) {
    return this.signals.bulkClose(principal, body.signals_ids, 'close_market', scope, key);
  }
}
