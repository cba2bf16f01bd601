import { Injectable } from '@nestjs/common';
import type { AccountStatsRow, NamedRef, ProfileStatsRow } from '@console/contracts';
import { ListPage, queryListPage } from '../common/list-query/list-query';
import { ACCOUNT_STATS_LIST, ACCOUNT_STATS_OPTION_LIST } from './account-stats.list';
import { PROFILE_STATS_LIST, PROFILE_STATS_OPTION_LIST } from './profiles-stats.list';
import type { AccountStatsOptionsQuery, AccountStatsQuery, ProfileStatsOptionsQuery, ProfileStatsQuery } from './stats.dto';
import { ReadDb } from '../common/database/read-replica';

/** The profile and account statistics tables: pages of their list declarations over the rollups. */
@Injectable()
export class StatsService {
  constructor(private readonly reads: ReadDb) {}

  profiles(query: ProfileStatsQuery): Promise<ListPage<ProfileStatsRow>> {
    return queryListPage(this.reads, PROFILE_STATS_LIST, query);
  }

  profileOptions(query: ProfileStatsOptionsQuery): Promise<ListPage<NamedRef>> {
    return queryListPage(this.reads, PROFILE_STATS_OPTION_LIST, query);
  }

  accounts(query: AccountStatsQuery): Promise<ListPage<AccountStatsRow>> {
    return queryListPage(this.reads, ACCOUNT_STATS_LIST, query);
  }

  accountOptions(query: AccountStatsOptionsQuery): Promise<ListPage<NamedRef>> {
    return queryListPage(this.reads, ACCOUNT_STATS_OPTION_LIST, query);
  }
}
