import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiHeader, ApiTags } from '@nestjs/swagger';
import { ENGINE_MESSAGES, IDEMPOTENCY_KEY_HEADER, OPEN_ORDER_STATUSES } from '@console/contracts';
import { CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { BadRequestDetail } from '../common/errors/api-errors';
import { ParseBigIdPipe } from '../common/validation/ids';
import { EngineCommandStateDto } from '../engine/engine.dto';
import { EngineCommandsService } from '../engine/engine-commands.service';
import { IdempotencyKey } from '../engine/idempotency-key';

const OPEN: readonly string[] = OPEN_ORDER_STATUSES;

@ApiTags('orders')
@Controller('orders')
export class OrdersController {
  constructor(private readonly commands: EngineCommandsService) {}

  /** Asks the engine to cancel an open order: 202 with the command; the order shows CANCELLING until it is done. */
  @Section('orders', 'write')
  @Post('order/:id/cancel/')
  @HttpCode(202)
  @ApiHeader({ name: IDEMPOTENCY_KEY_HEADER, required: false, description: 'The same key again answers the same command' })
  @ApiAcceptedResponse({ type: EngineCommandStateDto })
  cancel(@CurrentPrincipal() principal: Principal, @Param('id', ParseBigIdPipe) id: number, @IdempotencyKey() clientKey?: string): Promise<EngineCommandStateDto> {
    return this.commands.submit(principal, {
      kind: 'cancel_order',
      targetId: id,
      clientKey,
      check: (order) => {
        if (!OPEN.includes(String(order.status))) throw new BadRequestDetail(ENGINE_MESSAGES.orderNotOpen);
      },
    });
  }
}
