import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { LogFilterOption } from '@console/contracts';
import { ListPage, queryListPage } from '../common/list-query/list-query';
import { LogFilterOptionsQuery } from './log-filters.dto';
import { LOG_FILTER_OPTION_LISTS } from './log-filters.list';

/** Searchable options of the logs page's Pair and Profile filters (log-filters.list.ts). */
@Injectable()
export class LogFiltersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  options(query: LogFilterOptionsQuery): Promise<ListPage<LogFilterOption>> {
    return queryListPage<LogFilterOption, LogFilterOptionsQuery>(this.dataSource, LOG_FILTER_OPTION_LISTS[query.field], query);
  }
}
