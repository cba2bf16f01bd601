import { Module } from '@nestjs/common';
import { EngineModule } from '../engine/engine.module';
import { SignalsController } from './signals.controller';
import { SignalsRepository } from './signals.repository';
import { SignalsService } from './signals.service';

@Module({ imports: [EngineModule], controllers: [SignalsController], providers: [SignalsService, SignalsRepository] })
export class SignalsModule {}
