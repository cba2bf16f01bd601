import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ORDER_LIST_QUERY } from '@console/contracts';
import { Action, CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { pageAnswer } from '../common/pagination/pagination';
import { ParseBigIdPipe } from '../common/validation/ids';
import { EngineCommandStateDto } from '../engine/engine.dto';
import { IdempotencyKey } from '../engine/idempotency-key';
import { OrderListDto, OrdersQuery } from './orders.dto';
import { OrdersService } from './orders.service';

@ApiTags('orders')
@Controller('orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Section('orders', 'read', { project: true, query: ORDER_LIST_QUERY })
  @Get('orders/')
  @ApiOkResponse({ type: OrderListDto })
  async list(@Req() req: Request, @Query() query: OrdersQuery) {
    return pageAnswer(req, await this.orders.list(query));
  }

  /** Asks the engine to cancel an open order: 202 with the command; the order shows CANCELLING until it is done. */
  @Action('cancelOrder')
  @Post('order/:id/cancel/')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: EngineCommandStateDto })
  cancel(@CurrentPrincipal() principal: Principal, @Param('id', ParseBigIdPipe) id: number, @IdempotencyKey() clientKey?: string): Promise<EngineCommandStateDto> {
    return this.orders.cancel(principal, id, clientKey);
  }
}
