import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AfterQueryEvent, DataSource, EntitySubscriberInterface } from 'typeorm';
import { dbPools, dbQueryDuration } from './metrics';

type Pool = { totalCount: number; idleCount: number; waitingCount: number };

/** Feeds the database metrics: every statement's duration (TypeORM's afterQuery event) and the pool's use. */
@Injectable()
export class DatabaseMetrics implements OnModuleInit, OnModuleDestroy {
  private pool?: Pool;
  private readonly subscriber: EntitySubscriberInterface = {
    afterQuery: (event: AfterQueryEvent) => {
      if (event.executionTime !== undefined) dbQueryDuration.observe({ outcome: event.success ? 'ok' : 'error' }, event.executionTime / 1000);
    },
  };

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this.subscriber);
    this.pool = (this.dataSource.driver as unknown as { master?: Pool }).master;
    if (this.pool) dbPools.add(this.pool);
  }

  onModuleDestroy(): void {
    if (this.pool) dbPools.delete(this.pool);
  }
}
