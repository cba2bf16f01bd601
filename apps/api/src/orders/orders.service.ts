import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { OrderRow } from '@console/contracts';
import { ListPage, mapRows, queryListPage } from '../common/list-query/list-query';
import { OrdersQuery } from './orders.dto';
import { ORDER_LIST, StoredOrder, toOrderRow } from './orders.list';

@Injectable()
export class OrdersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(query: OrdersQuery): Promise<ListPage<OrderRow>> {
    return mapRows(await queryListPage<StoredOrder, OrdersQuery>(this.dataSource, ORDER_LIST, query), toOrderRow);
  }
}
