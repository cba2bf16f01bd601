import { Body, Controller, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { MM_PROFILE_LIST_QUERY, MM_PROFILE_OPTION_FIELDS, MM_PROFILE_OPTIONS_QUERY, type MmProfileList } from '@console/contracts';
import { CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { pageAnswer } from '../common/pagination/pagination';
import { ParseIdPipe } from '../common/validation/ids';
import { MmProfileDto, MmProfileFormDto, MmProfileListDto, MmProfileOptionListDto, MmProfileOptionsQuery, MmProfilesQuery, UpdateMmProfileDto } from './mm-profiles.dto';
import { MmProfilesService } from './mm-profiles.service';

@ApiTags('mm-profiles')
@Controller('strategies/mm-profiles')
export class MmProfilesController {
  constructor(private readonly profiles: MmProfilesService) {}

  @Section('mm_profiles', 'read', { project: true, query: MM_PROFILE_LIST_QUERY })
  @Get('/')
  @ApiOkResponse({ type: MmProfileListDto })
  async list(@Req() req: Request, @CurrentPrincipal() principal: Principal, @Query() query: MmProfilesQuery): Promise<MmProfileList> {
    const page = await this.profiles.list(principal, query);
    return { ...pageAnswer(req, page), summary: page.summary };
  }

  @Section('mm_profiles', 'read', { project: MM_PROFILE_OPTION_FIELDS, query: MM_PROFILE_OPTIONS_QUERY })
  @Get('for-filters/')
  @ApiOkResponse({ type: MmProfileOptionListDto })
  async options(@Req() req: Request, @Query() query: MmProfileOptionsQuery) {
    return pageAnswer(req, await this.profiles.options(query));
  }

  @Section('mm_profiles', 'read', { project: true })
  @Get(':id/')
  @ApiOkResponse({ type: MmProfileDto })
  get(@Param('id', ParseIdPipe) id: number): Promise<MmProfileDto> {
    return this.profiles.get(id);
  }

  @Section('mm_profiles', 'write')
  @Post('/')
  @ApiCreatedResponse({ type: MmProfileDto })
  create(@CurrentPrincipal() principal: Principal, @Body() body: MmProfileFormDto): Promise<MmProfileDto> {
    return this.profiles.create(principal, body);
  }

  /** The form (inactive profiles), `status` (start/stop, an engine command) or `is_show` (visibility). */
  @Section('mm_profiles', 'write', { project: true })
  @Put(':id/')
  @ApiOkResponse({ type: MmProfileDto })
  update(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateMmProfileDto): Promise<MmProfileDto> {
    return this.profiles.update(principal, id, body);
  }
}
