import { Injectable } from '@nestjs/common';
import type { LogEntry } from '@console/contracts';
import { countList, ListPage, queryListPage } from '../common/list-query/list-query';
import { LogsQuery } from './logs.dto';
import { LOG_LIST } from './logs.list';
import { ReadDb } from '../common/database/read-replica';

/** The log list: its page and its exact count, both from the one declaration (logs.list.ts). */
@Injectable()
export class LogsService {
  constructor(private readonly reads: ReadDb) {}

  list(query: LogsQuery): Promise<ListPage<LogEntry>> {
    return queryListPage<LogEntry, LogsQuery>(this.reads, LOG_LIST, query);
  }

  /** The exact count for the same filters (may take longer on a huge unfiltered table). */
  exactCount(query: LogsQuery): Promise<number> {
    return countList(this.reads, LOG_LIST, query);
  }
}
