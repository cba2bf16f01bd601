import { Module } from '@nestjs/common';
import { EngineController, EngineSettingsSchemaController } from './engine.controller';
import { EngineCommandsRepository } from './engine-commands.repository';
import { EngineCommandsService } from './engine-commands.service';

/** The API side of the engine boundary: submitting commands (for the trading features) and reading their state. */
@Module({ controllers: [EngineController, EngineSettingsSchemaController], providers: [EngineCommandsService, EngineCommandsRepository], exports: [EngineCommandsService, EngineCommandsRepository] })
export class EngineModule {}
