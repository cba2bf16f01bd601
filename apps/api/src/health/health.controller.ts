import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { HealthAnswer } from '@console/contracts';
import { Public } from '../access/access.decorators';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { REDIS } from '../common/redis/redis.module';
import { HEARTBEAT_STALE_MS, heartbeatKey } from '../queues/queues';

class HealthDto implements HealthAnswer {
  status!: 'ok' | 'down';
  database!: 'up' | 'down';
  redis!: 'up' | 'down';
  worker!: 'up' | 'down';
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('/')
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ type: HealthDto })
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthAnswer> {
    const [database, redis, worker] = await Promise.all([
      probe(() => this.dataSource.query('SELECT 1')),
      probe(() => this.redis.ping()),
      probe(async () => {
        const alive = await this.redis.zcount(heartbeatKey(this.config.redisPrefix), Date.now() - HEARTBEAT_STALE_MS, '+inf');
        if (alive < 1) throw new Error('no live worker');
      }),
    ]);
    const status = database === 'up' && redis === 'up' && worker === 'up' ? 'ok' : 'down';
    if (status === 'down') res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status, database, redis, worker };
  }
}

async function probe(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  try {
    await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
    return 'up';
  } catch {
    return 'down';
  }
}
