import { Module } from '@nestjs/common';
import { EngineModule } from '../engine/engine.module';
import { TickerConfigsController } from './ticker-configs.controller';
import { TickerConfigsRepository } from './ticker-configs.repository';
import { TickerConfigsService } from './ticker-configs.service';

@Module({ imports: [EngineModule], controllers: [TickerConfigsController], providers: [TickerConfigsService, TickerConfigsRepository] })
export class TickerConfigsModule {}
