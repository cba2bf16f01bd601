import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { BACKTEST_CANDLE_FIELDS, BACKTEST_CANDLES_QUERY, BACKTEST_EQUITY_FIELDS, BACKTEST_LIST_QUERY, BACKTEST_TRADE_FIELDS, type Backtest, type BacktestEquityPoint, type Paginated, type BacktestRow, type BacktestTradeRow, type CandleBar } from '@console/contracts';
import { CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { pageAnswer, PageQuery } from '../common/pagination/pagination';
import { CandleBarDto } from '../market-data/market-data.dto';
import { BacktestCandlesQuery, BacktestCreatedDto, BacktestDto, BacktestEquityPointDto, BacktestListDto, BacktestsQuery, BacktestTradeListDto, CreateBacktestDto, PromoteDraftDto } from './backtests.dto';
import { StrategyProfileDto, StrategySettingsDto } from '../strategy-profiles/strategy-profiles.dto';
import { BacktestsService } from './backtests.service';

@ApiTags('backtests')
@Controller('backtests')
export class BacktestsController {
  constructor(private readonly backtests: BacktestsService) {}

  /** The profile's own section is read as well: a profile the user may not see cannot be tested (403). */
  @Section('backtests', 'write', { source: { section: 'profiles' } })
  @Post('/')
  @ApiCreatedResponse({ type: BacktestCreatedDto })
  @ApiBadRequestResponse({ description: 'An empty or too long period, a missing profile or pair, the store market, settings that are not valid' })
  @ApiTooManyRequestsResponse({ description: 'The user already has as many runs waiting or running as one user may' })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateBacktestDto): Promise<BacktestCreatedDto> {
    return this.backtests.create(principal, body);
  }

  @Section('backtests', 'read', { project: true, query: BACKTEST_LIST_QUERY })
  @Get('/')
  @ApiOkResponse({ type: BacktestListDto })
  async list(@Req() req: Request, @Query() query: BacktestsQuery): Promise<Paginated<BacktestRow>> {
    return pageAnswer(req, await this.backtests.list(query));
  }

  @Section('backtests', 'read', { project: true })
  @Get(':id/')
  @ApiOkResponse({ type: BacktestDto })
  @ApiNotFoundResponse({ description: 'No such backtest' })
  get(@Param('id') id: string): Promise<Backtest> {
    return this.backtests.get(id);
  }

  @Section('backtests', 'read', { project: BACKTEST_TRADE_FIELDS })
  @Get(':id/trades/')
  @ApiOkResponse({ type: BacktestTradeListDto })
  @ApiNotFoundResponse({ description: 'No such backtest' })
  async trades(@Req() req: Request, @Param('id') id: string, @Query() query: PageQuery): Promise<Paginated<BacktestTradeRow>> {
    return pageAnswer(req, await this.backtests.trades(id, query));
  }

  @Section('backtests', 'read', { project: BACKTEST_EQUITY_FIELDS })
  @Get(':id/equity/')
  @ApiOkResponse({ type: [BacktestEquityPointDto] })
  @ApiNotFoundResponse({ description: 'No such backtest' })
  equity(@Param('id') id: string): Promise<BacktestEquityPoint[]> {
    return this.backtests.equity(id);
  }

  /** A store run's candles are read here without the market data section: they are part of the run's page. */
  @Section('backtests', 'read', { project: BACKTEST_CANDLE_FIELDS, query: BACKTEST_CANDLES_QUERY })
  @Get(':id/candles/')
  @ApiOkResponse({ type: [CandleBarDto] })
  @ApiBadRequestResponse({ description: 'A pair that is not the run’s, a time frame that is not one, or more bars over the period than the cap' })
  @ApiNotFoundResponse({ description: 'No such backtest' })
  candles(@Param('id') id: string, @Query() query: BacktestCandlesQuery): Promise<CandleBar[]> {
    return this.backtests.candles(id, query);
  }

  @Section('backtests', 'write')
  @Post(':id/cancel/')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: BacktestDto, description: 'The run, now CANCELLED' })
  @ApiBadRequestResponse({ description: 'The run has already ended' })
  @ApiNotFoundResponse({ description: 'No such backtest' })
  cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<Backtest> {
    return this.backtests.cancel(principal, id);
  }

  /**
   * Writing a profile's settings is the profile settings section's write, as the settings page's save;
   * the run itself needs only to be seen.
   */
  @Section('profile_settings', 'write', { source: { section: 'backtests' } })
  @Post(':id/promote/')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: StrategySettingsDto, description: "The profile's settings, now the run's" })
  @ApiBadRequestResponse({ description: 'The profile is running, was deleted, or the settings break its rules' })
  @ApiNotFoundResponse({ description: 'No such backtest' })
  promote(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<StrategySettingsDto> {
    return this.backtests.promote(principal, id);
  }

  /** Creating a profile is the profiles section's write, as its create; the run itself needs only to be seen. */
  @Section('profiles', 'write', { source: { section: 'backtests' } })
  @Post(':id/promote-draft/')
  @ApiCreatedResponse({ type: StrategyProfileDto, description: 'The new draft profile, with the run’s settings' })
  @ApiBadRequestResponse({ description: 'The run’s profile was deleted, or the title is not valid' })
  @ApiNotFoundResponse({ description: 'No such backtest' })
  promoteDraft(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: PromoteDraftDto): Promise<StrategyProfileDto> {
    return this.backtests.promoteDraft(principal, id, body.title);
  }

  @Section('backtests', 'write')
  @Delete(':id/')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The run and its results are deleted' })
  @ApiNotFoundResponse({ description: 'No such backtest' })
  async remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.backtests.remove(principal, id);
  }
}
