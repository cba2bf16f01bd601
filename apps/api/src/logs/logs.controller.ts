import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Section } from '../access/access.decorators';
import { LOG_FILTER_PARAMS, LogCountDto, LogListDto, LogsQuery } from './logs.dto';
import { LogsService } from './logs.service';

@ApiTags('logs')
@Controller('logs')
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  @Section('logs', 'read', { project: true, filterParams: LOG_FILTER_PARAMS })
  @Get('/')
  @ApiOkResponse({ type: LogListDto })
  list(@Req() req: Request, @Query() query: LogsQuery) {
    return this.logs.list(req, query);
  }

  @Section('logs', 'read', { filterParams: LOG_FILTER_PARAMS })
  @Get('for_count/')
  @ApiOkResponse({ type: LogCountDto })
  async count(@Query() query: LogsQuery): Promise<LogCountDto> {
    return { count: await this.logs.exactCount(query) };
  }
}
