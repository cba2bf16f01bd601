import { Module } from '@nestjs/common';
import { EngineModule } from '../engine/engine.module';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';

/** Orders: the list and the cancel action. */
@Module({ imports: [EngineModule], controllers: [OrdersController], providers: [OrdersService] })
export class OrdersModule {}
