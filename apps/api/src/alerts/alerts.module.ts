import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EngineModule } from '../engine/engine.module';
import { AlertsController, AlertSettingsController } from './alerts.controller';
import { AlertsRepository } from './alerts.repository';
import { AlertsService } from './alerts.service';

/** The app's one Clock (AuthModule's), so an alert's age is judged on the clock a test pins. */
@Module({ imports: [AuthModule, EngineModule], controllers: [AlertSettingsController, AlertsController], providers: [AlertsService, AlertsRepository] })
export class AlertsModule {}
