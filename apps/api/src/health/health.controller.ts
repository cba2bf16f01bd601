import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { HealthAnswer } from '@console/contracts';
import { Public } from '../access/access.decorators';
import { HealthService } from './health.service';

class HealthDto implements HealthAnswer {
  status!: 'ok' | 'down';
  database!: 'up' | 'down';
  redis!: 'up' | 'down';
  worker!: 'up' | 'down';
  engine!: 'up' | 'down';
  replica?: 'up' | 'down';
  replica_lag_seconds?: number | null;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly healthService: HealthService) {}

  @Public()
  @Get('/')
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ type: HealthDto })
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthAnswer> {
    const answer = await this.healthService.check();
    if (answer.status === 'down') res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return answer;
  }
}
