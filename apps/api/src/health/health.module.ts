import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { EngineHeartbeatIndicator, RedisHealthIndicator, WorkerHeartbeatIndicator } from './health.indicators';
import { HealthService } from './health.service';

@Module({
  // Terminus logs each failed check (which probe, why) through the app's logger.
  imports: [TerminusModule.forRoot()],
  controllers: [HealthController],
  providers: [HealthService, RedisHealthIndicator, WorkerHeartbeatIndicator, EngineHeartbeatIndicator],
})
export class HealthModule {}
