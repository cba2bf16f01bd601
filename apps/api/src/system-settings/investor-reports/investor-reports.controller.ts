import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, Section } from '../../access/access.decorators';
import type { Principal } from '../../access/principal';
import { InvestorReportSchedulesService } from './investor-report-schedules.service';
import { InvestorReportSettingsService } from './investor-report-settings.service';
import { CreateScheduleDto, InvestorReportSettingsDto, InvestorReportSettingsInputDto, ScheduleDto, ScheduleListDto, SchedulesQuery } from './investor-reports.dto';
import { ParseIdPipe } from '../../common/validation/ids';
import { pageAnswer } from '../../common/pagination/pagination';

/** Investor report settings and schedule: part of the Telegram bot section (tg_bot). */
@ApiTags('investor-reports')
@Controller('notifications')
export class InvestorReportsController {
  constructor(
    private readonly settings: InvestorReportSettingsService,
    private readonly schedules: InvestorReportSchedulesService,
  ) {}

  @Section('tg_bot', 'read')
  @Get('investor-reports-settings/')
  @ApiOkResponse({ type: InvestorReportSettingsDto })
  getSettings() {
    return this.settings.get();
  }

  @Section('tg_bot', 'write')
  @Put('investor-reports-settings/')
  @ApiOkResponse({ type: InvestorReportSettingsDto })
  updateSettings(@CurrentPrincipal() principal: Principal, @Body() body: InvestorReportSettingsInputDto) {
    return this.settings.update(principal, body);
  }

  @Section('tg_bot', 'read')
  @Get('investor-reports-scheduler/')
  @ApiOkResponse({ type: ScheduleListDto })
  async listSchedules(@Req() req: Request, @Query() query: SchedulesQuery) {
    return pageAnswer(req, await this.schedules.list(query));
  }

  @Section('tg_bot', 'write')
  @Post('investor-reports-scheduler/')
  @ApiOkResponse({ type: ScheduleDto })
  createSchedule(@CurrentPrincipal() principal: Principal, @Body() body: CreateScheduleDto) {
    return this.schedules.create(principal, body);
  }

  @Section('tg_bot', 'write')
  @Delete('investor-reports-scheduler/:id/')
  @HttpCode(204)
  @ApiNoContentResponse()
  removeSchedule(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number) {
    return this.schedules.remove(principal, id);
  }
}
