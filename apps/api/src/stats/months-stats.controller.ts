import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Section } from '../access/access.decorators';
import { AccountQuery, MonthsStatsDto, MonthsStatsQuery, SystemDataDto } from './months-stats.dto';
import { MonthsStatsService } from './months-stats.service';

@ApiTags('stats')
@Controller()
export class MonthsStatsController {
  constructor(private readonly months: MonthsStatsService) {}

  @Section('stats_by_months', 'read')
  @Get('statistics/statistics-admin/')
  @ApiOkResponse({ type: MonthsStatsDto })
  admin(@Query() query: MonthsStatsQuery): Promise<MonthsStatsDto> {
    return this.months.months('admin', query);
  }

  @Section('stats_by_months', 'read')
  @Get('statistics/statistics-client/')
  @ApiOkResponse({ type: MonthsStatsDto })
  client(@Query() query: MonthsStatsQuery): Promise<MonthsStatsDto> {
    return this.months.months('client', query);
  }

  @Section('stats_by_months', 'read')
  @Get('strategies/system-data/')
  @ApiOkResponse({ type: SystemDataDto })
  systemData(@Query() query: AccountQuery): Promise<SystemDataDto> {
    return this.months.systemData(query);
  }
}
