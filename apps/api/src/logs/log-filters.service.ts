import { Injectable } from '@nestjs/common';
import type { LogFilterOption } from '@console/contracts';
import { ListPage, queryListPage } from '../common/list-query/list-query';
import { LogFilterOptionsQuery } from './log-filters.dto';
import { LOG_FILTER_OPTION_LISTS } from './log-filters.list';
import { ReadDb } from '../common/database/read-replica';

/** Searchable options of the logs page's Pair and Profile filters (log-filters.list.ts). */
@Injectable()
export class LogFiltersService {
  constructor(private readonly reads: ReadDb) {}

  options(query: LogFilterOptionsQuery): Promise<ListPage<LogFilterOption>> {
    return queryListPage<LogFilterOption, LogFilterOptionsQuery>(this.reads, LOG_FILTER_OPTION_LISTS[query.field], query);
  }
}
