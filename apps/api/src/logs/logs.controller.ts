import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { LOG_FILTER_OPTION_FIELDS, LOG_FILTER_OPTIONS_QUERY, LOG_LIST_QUERY } from '@console/contracts';
import { Section } from '../access/access.decorators';
import { pageAnswer } from '../common/pagination/pagination';
import { LogFilterOptionListDto, LogFilterOptionsQuery } from './log-filters.dto';
import { LogFiltersService } from './log-filters.service';
import { LogCountDto, LogListDto, LogsQuery } from './logs.dto';
import { LogsService } from './logs.service';

/** What an option of the lookup `?field=` picks shows, as fields of the logs section. */
function optionFieldsOf(query: Readonly<Record<string, unknown>>) {
  const field = query.field;
  return typeof field === 'string' && Object.hasOwn(LOG_FILTER_OPTION_FIELDS, field) ? LOG_FILTER_OPTION_FIELDS[field as keyof typeof LOG_FILTER_OPTION_FIELDS] : undefined;
}

@ApiTags('logs')
@Controller('logs')
export class LogsController {
  constructor(
    private readonly logs: LogsService,
    private readonly filters: LogFiltersService,
  ) {}

  @Section('logs', 'read', { project: true, query: LOG_LIST_QUERY })
  @Get('/')
  @ApiOkResponse({ type: LogListDto })
  async list(@Req() req: Request, @Query() query: LogsQuery) {
    return pageAnswer(req, await this.logs.list(query));
  }

  @Section('logs', 'read', { query: LOG_LIST_QUERY })
  @Get('for_count/')
  @ApiOkResponse({ type: LogCountDto })
  async count(@Query() query: LogsQuery): Promise<LogCountDto> {
    return { count: await this.logs.exactCount(query) };
  }

  /** Searchable options of the Pair and Profile filters: `?field=pair|profile&search=…&page=`. */
  @Section('logs', 'read', { project: optionFieldsOf, query: LOG_FILTER_OPTIONS_QUERY })
  @Get('for_filters/')
  @ApiOkResponse({ type: LogFilterOptionListDto })
  async filterOptions(@Req() req: Request, @Query() query: LogFilterOptionsQuery) {
    return pageAnswer(req, await this.filters.options(query));
  }
}
