import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ACCOUNT_STATS_LIST_QUERY, ACCOUNT_STATS_OPTIONS_QUERY, PROFILE_STATS_LIST_QUERY, PROFILE_STATS_OPTION_FIELDS, PROFILE_STATS_OPTIONS_QUERY } from '@console/contracts';
import { Section } from '../access/access.decorators';
import { pageAnswer } from '../common/pagination/pagination';
import { AccountStatsListDto, AccountStatsOptionsQuery, AccountStatsQuery, ProfileStatsListDto, ProfileStatsOptionsQuery, ProfileStatsQuery, StatsOptionListDto } from './stats.dto';
import { StatsService } from './stats.service';

@ApiTags('stats')
@Controller('strategies')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Section('profiles_stats', 'read', { project: true, query: PROFILE_STATS_LIST_QUERY })
  @Get('profiles-stats/')
  @ApiOkResponse({ type: ProfileStatsListDto })
  async profiles(@Req() req: Request, @Query() query: ProfileStatsQuery) {
    return pageAnswer(req, await this.stats.profiles(query));
  }

  @Section('profiles_stats', 'read', { project: PROFILE_STATS_OPTION_FIELDS, query: PROFILE_STATS_OPTIONS_QUERY })
  @Get('profiles-stats/for-filters/')
  @ApiOkResponse({ type: StatsOptionListDto })
  async profileOptions(@Req() req: Request, @Query() query: ProfileStatsOptionsQuery) {
    return pageAnswer(req, await this.stats.profileOptions(query));
  }

  @Section('account_stats', 'read', { query: ACCOUNT_STATS_LIST_QUERY })
  @Get('account-stats/')
  @ApiOkResponse({ type: AccountStatsListDto })
  async accounts(@Req() req: Request, @Query() query: AccountStatsQuery) {
    return pageAnswer(req, await this.stats.accounts(query));
  }

  @Section('account_stats', 'read', { query: ACCOUNT_STATS_OPTIONS_QUERY })
  @Get('account-stats/for-filters/')
  @ApiOkResponse({ type: StatsOptionListDto })
  async accountOptions(@Req() req: Request, @Query() query: AccountStatsOptionsQuery) {
    return pageAnswer(req, await this.stats.accountOptions(query));
  }
}
