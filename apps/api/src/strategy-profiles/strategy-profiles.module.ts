import { Module } from '@nestjs/common';
import { EngineModule } from '../engine/engine.module';
import { StrategyProfilesController } from './strategy-profiles.controller';
import { StrategyProfilesRepository } from './strategy-profiles.repository';
import { StrategyProfilesService } from './strategy-profiles.service';
import { StrategySettingsController } from './strategy-settings.controller';

@Module({ imports: [EngineModule], controllers: [StrategyProfilesController, StrategySettingsController], providers: [StrategyProfilesService, StrategyProfilesRepository], exports: [StrategyProfilesService] })
export class StrategyProfilesModule {}
