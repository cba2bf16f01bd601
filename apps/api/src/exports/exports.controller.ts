/**
 * The export calls of each exported list, under the list's own path (trading.md 7): start a task with the
 * list screen's query, poll its state, download its file. The export section gates them; so does the list's
 * own section, on every call (a user who lost the list loses its files), and it decides what the user may
 * filter on and what the file holds.
 */
import { Controller, Get, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ACCOUNT_STATS_LIST_QUERY, EXPORT_KIND_RULES, PROFILE_STATS_LIST_QUERY, SIGNAL_LIST_QUERY } from '@console/contracts';
import { CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { SignalsQuery } from '../signals/signals.dto';
import { AccountStatsQuery, ProfileStatsQuery } from '../stats/stats.dto';
import { ExportStartDto, ExportTaskDto } from './exports.dto';
import { ExportsService } from './exports.service';

const SIGNALS = EXPORT_KIND_RULES.signals;
const PROFILES_STATS = EXPORT_KIND_RULES.profiles_stats;
const ACCOUNT_STATS = EXPORT_KIND_RULES.account_stats;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@ApiTags('exports')
@Controller('signals')
export class SignalsExportController {
  constructor(private readonly exports: ExportsService) {}

  @Section(SIGNALS.exportSection, 'read', { source: { section: SIGNALS.listSection, query: SIGNAL_LIST_QUERY } })
  @Get('export/signals/')
  @ApiOkResponse({ type: ExportStartDto })
  start(@CurrentPrincipal() principal: Principal, @Query() query: SignalsQuery): Promise<ExportStartDto> {
    return this.exports.start(principal, 'signals', query);
  }

  @Section(SIGNALS.exportSection, 'read', { source: { section: SIGNALS.listSection } })
  @Get('celery-result/:id/')
  @ApiOkResponse({ type: ExportTaskDto })
  @ApiNotFoundResponse({ description: 'No such task of this user' })
  state(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ExportTaskDto> {
    return this.exports.state(principal, 'signals', id);
  }

  @Section(SIGNALS.exportSection, 'read', { source: { section: SIGNALS.listSection } })
  @Get('export-file/:id/')
  @ApiProduces(XLSX)
  @ApiOkResponse({ description: 'The xlsx file' })
  @ApiGoneResponse({ description: 'The file expired' })
  file(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<StreamableFile> {
    return this.exports.file(principal, 'signals', id);
  }
}

@ApiTags('exports')
@Controller('strategies/profiles-stats')
export class ProfilesStatsExportController {
  constructor(private readonly exports: ExportsService) {}

  @Section(PROFILES_STATS.exportSection, 'read', { source: { section: PROFILES_STATS.listSection, query: PROFILE_STATS_LIST_QUERY } })
  @Get('export/')
  @ApiOkResponse({ type: ExportStartDto })
  start(@CurrentPrincipal() principal: Principal, @Query() query: ProfileStatsQuery): Promise<ExportStartDto> {
    return this.exports.start(principal, 'profiles_stats', query);
  }

  @Section(PROFILES_STATS.exportSection, 'read', { source: { section: PROFILES_STATS.listSection } })
  @Get('celery-result/:id/')
  @ApiOkResponse({ type: ExportTaskDto })
  @ApiNotFoundResponse({ description: 'No such task of this user' })
  state(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ExportTaskDto> {
    return this.exports.state(principal, 'profiles_stats', id);
  }

  @Section(PROFILES_STATS.exportSection, 'read', { source: { section: PROFILES_STATS.listSection } })
  @Get('export-file/:id/')
  @ApiProduces(XLSX)
  @ApiOkResponse({ description: 'The xlsx file' })
  @ApiGoneResponse({ description: 'The file expired' })
  file(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<StreamableFile> {
    return this.exports.file(principal, 'profiles_stats', id);
  }
}

@ApiTags('exports')
@Controller('strategies/account-stats')
export class AccountStatsExportController {
  constructor(private readonly exports: ExportsService) {}

  @Section(ACCOUNT_STATS.exportSection, 'read', { source: { section: ACCOUNT_STATS.listSection, query: ACCOUNT_STATS_LIST_QUERY } })
  @Get('export/')
  @ApiOkResponse({ type: ExportStartDto })
  start(@CurrentPrincipal() principal: Principal, @Query() query: AccountStatsQuery): Promise<ExportStartDto> {
    return this.exports.start(principal, 'account_stats', query);
  }

  @Section(ACCOUNT_STATS.exportSection, 'read', { source: { section: ACCOUNT_STATS.listSection } })
  @Get('celery-result/:id/')
  @ApiOkResponse({ type: ExportTaskDto })
  @ApiNotFoundResponse({ description: 'No such task of this user' })
  state(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ExportTaskDto> {
    return this.exports.state(principal, 'account_stats', id);
  }

  @Section(ACCOUNT_STATS.exportSection, 'read', { source: { section: ACCOUNT_STATS.listSection } })
  @Get('export-file/:id/')
  @ApiProduces(XLSX)
  @ApiOkResponse({ description: 'The xlsx file' })
  @ApiGoneResponse({ description: 'The file expired' })
  file(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<StreamableFile> {
    return this.exports.file(principal, 'account_stats', id);
  }
}

export const EXPORT_CONTROLLERS = [SignalsExportController, ProfilesStatsExportController, AccountStatsExportController];
