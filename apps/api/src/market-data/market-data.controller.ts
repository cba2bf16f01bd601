import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiBody, ApiConsumes, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CANDLE_COVERAGE_RESOURCE } from '@console/contracts';
import { CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { CandleBarDto, CandleCoverageDto, CandleDownloadBodyDto, CandleDownloadDto, CandleImportBodyDto, CandleImportDto, CandleImportStartDto, CandlesQuery, CoverageQuery } from './market-data.dto';
import { MarketDataService } from './market-data.service';

@ApiTags('market-data')
@Controller('market-data')
export class MarketDataController {
  constructor(private readonly marketData: MarketDataService) {}

  @Section('market_data', 'write')
  @Post('imports/')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: CandleImportBodyDto })
  @ApiAcceptedResponse({ type: CandleImportStartDto })
  @ApiBadRequestResponse({ description: 'No files, a file that is not .csv or .zip, or a missing or malformed exchange or symbol' })
  start(@CurrentPrincipal() principal: Principal, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<CandleImportStartDto> {
    return this.marketData.start(principal, req, res);
  }

  @Section('market_data', 'read')
  @Get('imports/:id/')
  @ApiOkResponse({ type: CandleImportDto })
  @ApiNotFoundResponse({ description: 'No such import' })
  state(@Param('id') id: string): Promise<CandleImportDto> {
    return this.marketData.state(id);
  }

  @Section('market_data', 'write')
  @Post('downloads/')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: CandleImportStartDto })
  @ApiBadRequestResponse({ description: 'A malformed exchange, symbol or date-time, an exchange ccxt does not know, an empty or too long range' })
  startDownload(@CurrentPrincipal() principal: Principal, @Body() body: CandleDownloadBodyDto): Promise<CandleImportStartDto> {
    return this.marketData.startDownload(principal, body);
  }

  @Section('market_data', 'read')
  @Get('downloads/:id/')
  @ApiOkResponse({ type: CandleDownloadDto })
  @ApiNotFoundResponse({ description: 'No such download' })
  downloadState(@Param('id') id: string): Promise<CandleDownloadDto> {
    return this.marketData.downloadState(id);
  }

  @Section('market_data', 'read', { query: CANDLE_COVERAGE_RESOURCE.query })
  @Get('coverage/')
  @ApiOkResponse({ type: [CandleCoverageDto] })
  coverage(@Query() query: CoverageQuery): Promise<CandleCoverageDto[]> {
    return this.marketData.coverage(query);
  }

  @Section('market_data', 'read')
  @Get('candles/')
  @ApiOkResponse({ type: [CandleBarDto] })
  @ApiBadRequestResponse({ description: 'A missing or malformed exchange, symbol, time frame or date-time, from after to, or more bars than the cap' })
  candles(@Query() query: CandlesQuery): Promise<CandleBarDto[]> {
    return this.marketData.candles(query);
  }
}
