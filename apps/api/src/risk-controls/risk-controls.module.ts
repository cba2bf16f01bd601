import { Module } from '@nestjs/common';
import { RiskControlsController } from './risk-controls.controller';
import { RiskControlsRepository } from './risk-controls.repository';
import { RiskControlsService } from './risk-controls.service';

/** The Risk Control Service: triggers, their values, toggles and groups. */
@Module({ controllers: [RiskControlsController], providers: [RiskControlsService, RiskControlsRepository] })
export class RiskControlsModule {}
