import { Module } from '@nestjs/common';
import { EngineModule } from '../engine/engine.module';
import { SystemStatusController } from './system-status.controller';
import { SystemStatusRepository } from './system-status.repository';
import { SystemStatusService } from './system-status.service';

@Module({ imports: [EngineModule], controllers: [SystemStatusController], providers: [SystemStatusService, SystemStatusRepository] })
export class SystemStatusModule {}
