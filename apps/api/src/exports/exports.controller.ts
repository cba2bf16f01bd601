/**
 * The export calls of each exported list, under the list's own path: start a task with the
 * list screen's query, poll its state, download its file, cancel it. The export section gates them; so does the list's
 * own section, on every call (a user who lost the list loses its files), and it decides what the user may
 * filter on and what the file holds.
 */
import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query, StreamableFile, type Type } from '@nestjs/common';
import { ApiBadRequestResponse, ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  ACCOUNT_STATS_LIST_QUERY,
  BACKTEST_TRADE_EXPORT_QUERY,
  EXPORT_KIND_RULES,
  type ExportedList,
  exportTaskRoute,
  type ListQueryAccess,
  PROFILE_STATS_LIST_QUERY,
  SIGNAL_LIST_QUERY,
} from '@console/contracts';
import { CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { BacktestTradesExportQuery } from '../backtests/backtests.dto';
import { SignalsQuery } from '../signals/signals.dto';
import { AccountStatsQuery, ProfileStatsQuery } from '../stats/stats.dto';
import { ExportStartDto, ExportTaskDto } from './exports.dto';
import { ExportsService } from './exports.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ExportRoutes {
  /** The class name: it names the OpenAPI operations (`<name>_start`, …). */
  name: string;
  kind: ExportedList;
  /** The list's path, and the start call's path under it. */
  path: string;
  startPath: string;
  /** The list's query DTO (validated and published as the start call's query) and its access rules. */
  queryDto: Type<object>;
  listQuery: ListQueryAccess;
}

/** One list's four export calls (contracts' EXPORT_PATHS). */
function exportController({ name, kind, path, startPath, queryDto, listQuery }: ExportRoutes): Type<unknown> {
  const rules = EXPORT_KIND_RULES[kind];

  @ApiTags('exports')
  @Controller(path)
  class ExportController {
    constructor(private readonly exports: ExportsService) {}

    // A list exported at its own section's level (no export section) is judged by that list's params there too.
    @Section(rules.exportSection, 'read', { source: { section: rules.listSection, query: listQuery }, ...(rules.exportSection === rules.listSection ? { query: listQuery } : {}) })
    @Get(startPath)
    @ApiOkResponse({ type: ExportStartDto })
    start(@CurrentPrincipal() principal: Principal, @Query() query: object): Promise<ExportStartDto> {
      return this.exports.start(principal, kind, query);
    }

    @Section(rules.exportSection, 'read', { source: { section: rules.listSection } })
    @Get(exportTaskRoute('result'))
    @ApiOkResponse({ type: ExportTaskDto })
    @ApiNotFoundResponse({ description: 'No such task of this user' })
    state(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ExportTaskDto> {
      return this.exports.state(principal, kind, id);
    }

    @Section(rules.exportSection, 'read', { source: { section: rules.listSection } })
    @Get(exportTaskRoute('file'))
    @ApiProduces(XLSX)
    @ApiOkResponse({ description: 'The xlsx file' })
    @ApiGoneResponse({ description: 'The file expired' })
    file(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<StreamableFile> {
      return this.exports.file(principal, kind, id);
    }

    // Gated as the state call: whoever may start and follow an export may stop their own.
    @Section(rules.exportSection, 'read', { source: { section: rules.listSection } })
    @Post(exportTaskRoute('cancel'))
    @HttpCode(HttpStatus.OK)
    @ApiOkResponse({ type: ExportTaskDto, description: 'The task, now CANCELLED' })
    @ApiBadRequestResponse({ description: 'The task has already ended (finished, failed or expired)' })
    @ApiNotFoundResponse({ description: 'No such task of this user' })
    cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ExportTaskDto> {
      return this.exports.cancel(principal, kind, id);
    }
  }
  // The query's type is the list's DTO: the validation pipe and the OpenAPI document read it from here.
  Reflect.defineMetadata('design:paramtypes', [Object, queryDto], ExportController.prototype, 'start');
  Object.defineProperty(ExportController, 'name', { value: name });
  return ExportController;
}

export const EXPORT_CONTROLLERS = [
  exportController({ name: 'SignalsExportController', kind: 'signals', path: 'signals', startPath: 'export/signals/', queryDto: SignalsQuery, listQuery: SIGNAL_LIST_QUERY }),
  exportController({
    name: 'ProfilesStatsExportController',
    kind: 'profiles_stats',
    path: 'strategies/profiles-stats',
    startPath: 'export/',
    queryDto: ProfileStatsQuery,
    listQuery: PROFILE_STATS_LIST_QUERY,
  }),
  exportController({
    name: 'AccountStatsExportController',
    kind: 'account_stats',
    path: 'strategies/account-stats',
    startPath: 'export/',
    queryDto: AccountStatsQuery,
    listQuery: ACCOUNT_STATS_LIST_QUERY,
  }),
  exportController({
    name: 'BacktestTradesExportController',
    kind: 'backtest_trades',
    path: 'backtests/trades',
    startPath: 'export/',
    queryDto: BacktestTradesExportQuery,
    listQuery: BACKTEST_TRADE_EXPORT_QUERY,
  }),
];
