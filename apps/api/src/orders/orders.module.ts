import { Module } from '@nestjs/common';
import { EngineModule } from '../engine/engine.module';
import { OrdersController } from './orders.controller';

/** Orders: for now the cancel action; the list comes with the signals and orders screens. */
@Module({ imports: [EngineModule], controllers: [OrdersController] })
export class OrdersModule {}
