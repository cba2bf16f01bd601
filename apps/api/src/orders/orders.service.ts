import { Injectable } from '@nestjs/common';
import { ENGINE_MESSAGES, OPEN_ORDER_STATUSES, type EngineCommandState, type OrderRow } from '@console/contracts';
import type { Principal } from '../access/principal';
import { BadRequestDetail } from '../common/errors/api-errors';
import { ListPage, mapRows, queryListPage } from '../common/list-query/list-query';
import { EngineCommandsService } from '../engine/engine-commands.service';
import { OrdersQuery } from './orders.dto';
import { ORDER_LIST, StoredOrder, toOrderRow } from './orders.list';
import { ReadDb } from '../common/database/read-replica';

const OPEN: readonly string[] = OPEN_ORDER_STATUSES;

@Injectable()
export class OrdersService {
  constructor(
    private readonly reads: ReadDb,
    private readonly commands: EngineCommandsService,
  ) {}

  async list(query: OrdersQuery): Promise<ListPage<OrderRow>> {
    return mapRows(await queryListPage<StoredOrder, OrdersQuery>(this.reads, ORDER_LIST, query), toOrderRow);
  }

  /** Asks the engine to cancel an order; only an open order can be cancelled (400 otherwise). */
  cancel(principal: Principal, id: number, clientKey?: string): Promise<EngineCommandState> {
    return this.commands.submit(principal, {
      kind: 'cancel_order',
      targetId: id,
      clientKey,
      check: (order) => {
        if (!OPEN.includes(order.status)) throw new BadRequestDetail(ENGINE_MESSAGES.orderNotOpen);
      },
    });
  }
}
