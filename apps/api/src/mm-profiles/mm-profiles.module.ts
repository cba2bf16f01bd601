import { Module } from '@nestjs/common';
import { EngineModule } from '../engine/engine.module';
import { MmProfilesController } from './mm-profiles.controller';
import { MmProfilesRepository } from './mm-profiles.repository';
import { MmProfilesService } from './mm-profiles.service';

@Module({ imports: [EngineModule], controllers: [MmProfilesController], providers: [MmProfilesService, MmProfilesRepository] })
export class MmProfilesModule {}
