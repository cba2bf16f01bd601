import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ListPage, queryListPage } from '../common/list-query/list-query';
import { ACCOUNT_STATS_LIST, ACCOUNT_STATS_OPTION_LIST } from './account-stats.list';
import { PROFILE_STATS_LIST, PROFILE_STATS_OPTION_LIST } from './profiles-stats.list';
import type { AccountStatsDto, AccountStatsOptionsQuery, AccountStatsQuery, ProfileStatsDto, ProfileStatsOptionsQuery, ProfileStatsQuery, StatsOptionDto } from './stats.dto';

/** The profile and account statistics tables: pages of their list declarations over the rollups. */
@Injectable()
export class StatsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  profiles(query: ProfileStatsQuery): Promise<ListPage<ProfileStatsDto>> {
    return queryListPage(this.dataSource, PROFILE_STATS_LIST, query);
  }

  profileOptions(query: ProfileStatsOptionsQuery): Promise<ListPage<StatsOptionDto>> {
    return queryListPage(this.dataSource, PROFILE_STATS_OPTION_LIST, query);
  }

  accounts(query: AccountStatsQuery): Promise<ListPage<AccountStatsDto>> {
    return queryListPage(this.dataSource, ACCOUNT_STATS_LIST, query);
  }

  accountOptions(query: AccountStatsOptionsQuery): Promise<ListPage<StatsOptionDto>> {
    return queryListPage(this.dataSource, ACCOUNT_STATS_OPTION_LIST, query);
  }
}
