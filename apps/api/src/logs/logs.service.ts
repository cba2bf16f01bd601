import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { LogEntry } from '@console/contracts';
import { countList, ListPage, queryListPage } from '../common/list-query/list-query';
import { LogsQuery } from './logs.dto';
import { LOG_LIST } from './logs.list';

/** The log list: its page and its exact count, both from the one declaration (logs.list.ts). */
@Injectable()
export class LogsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  list(query: LogsQuery): Promise<ListPage<LogEntry>> {
    return queryListPage<LogEntry, LogsQuery>(this.dataSource, LOG_LIST, query);
  }

  /** The exact count for the same filters (may take longer on a huge unfiltered table). */
  exactCount(query: LogsQuery): Promise<number> {
    return countList(this.dataSource, LOG_LIST, query);
  }
}
