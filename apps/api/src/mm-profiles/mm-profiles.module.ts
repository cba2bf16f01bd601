import { Module } from '@nestjs/common';
import { EngineModule } from '../engine/engine.module';
import { MmDepositsController } from './mm-deposits.controller';
import { MmDepositsRepository } from './mm-deposits.repository';
import { MmDepositsService } from './mm-deposits.service';
import { MmProfilesController } from './mm-profiles.controller';
import { MmProfilesRepository } from './mm-profiles.repository';
import { MmProfilesService } from './mm-profiles.service';

@Module({ imports: [EngineModule], controllers: [MmProfilesController, MmDepositsController], providers: [MmProfilesService, MmProfilesRepository, MmDepositsService, MmDepositsRepository] })
export class MmProfilesModule {}
