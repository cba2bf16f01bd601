import { Body, Controller, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RISK_CONTROL_LIST_QUERY, RISK_GROUP_OPTIONS_QUERY } from '@console/contracts';
import { CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { pageAnswer } from '../common/pagination/pagination';
import { ParseIdPipe } from '../common/validation/ids';
import { CreateRiskTriggerDto, RiskControlsQuery, RiskGroupOptionListDto, RiskGroupsQuery, RiskTriggerDto, RiskTriggerListDto, UpdateRiskTriggerDto } from './risk-controls.dto';
import { RiskControlsService } from './risk-controls.service';

/** The Risk Control Service's triggers (section risk_control: Full or NP). */
@ApiTags('risk-controls')
@Controller('strategies/risk-controls')
export class RiskControlsController {
  constructor(private readonly triggers: RiskControlsService) {}

  @Section('risk_control', 'read', { query: RISK_CONTROL_LIST_QUERY })
  @Get('/')
  @ApiOkResponse({ type: RiskTriggerListDto })
  async list(@Req() req: Request, @Query() query: RiskControlsQuery) {
    return pageAnswer(req, await this.triggers.list(query));
  }

  /** The group multi-select's options, a page at a time: the strategy profiles, without needing the profiles section. */
  @Section('risk_control', 'read', { query: RISK_GROUP_OPTIONS_QUERY })
  @Get('groups/')
  @ApiOkResponse({ type: RiskGroupOptionListDto })
  async groups(@Req() req: Request, @Query() query: RiskGroupsQuery) {
    return pageAnswer(req, await this.triggers.groups(query));
  }

  @Section('risk_control', 'write')
  @Post('/')
  @ApiCreatedResponse({ type: RiskTriggerDto })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateRiskTriggerDto): Promise<RiskTriggerDto> {
    return this.triggers.create(principal, body);
  }

  @Section('risk_control', 'write')
  @Put(':id/')
  @ApiOkResponse({ type: RiskTriggerDto })
  update(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateRiskTriggerDto): Promise<RiskTriggerDto> {
    return this.triggers.update(principal, id, body);
  }
}
