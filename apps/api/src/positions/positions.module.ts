import { Module } from '@nestjs/common';
import { EngineCommandsRepository } from '../engine/engine-commands.repository';
import { EngineModule } from '../engine/engine.module';
import { StatsRepository } from '../stats/stats.repository';
import { PositionActionsService } from './position-actions.service';
import { PositionsController } from './positions.controller';
import { PositionsRepository } from './positions.repository';
import { PositionsService } from './positions.service';

/** Position administration: the positions, lost positions and account metrics lists, and the actions on positions. */
@Module({ imports: [EngineModule], controllers: [PositionsController], providers: [PositionsService, PositionActionsService, PositionsRepository, EngineCommandsRepository, StatsRepository] })
export class PositionsModule {}
