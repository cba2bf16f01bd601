import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, Section } from '../../access/access.decorators';
import type { Principal } from '../../access/principal';
import { CreateGroupDto, GroupDto, GroupListDto, GroupsQuery, UpdateGroupDto } from './groups.dto';
import { GroupsService } from './groups.service';
import { ParseIdPipe } from '../../common/validation/ids';
import { pageAnswer } from '../../common/pagination/pagination';

@ApiTags('groups')
@Controller('users/groups')
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

  @Section('groups', 'read')
  @Get('/')
  @ApiOkResponse({ type: GroupListDto })
  async list(@Req() req: Request, @Query() query: GroupsQuery) {
    return pageAnswer(req, await this.groups.list(query));
  }

  @Section('groups', 'write')
  @Post('/')
  @ApiOkResponse({ type: GroupDto })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateGroupDto) {
    return this.groups.create(principal, body);
  }

  @Section('groups', 'read')
  @Get(':id/')
  @ApiOkResponse({ type: GroupDto })
  get(@Param('id', ParseIdPipe) id: number) {
    return this.groups.get(id);
  }

  @Section('groups', 'write')
  @Put(':id/')
  @ApiOkResponse({ type: GroupDto })
  update(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateGroupDto) {
    return this.groups.update(principal, id, body);
  }

  @Section('groups', 'write')
  @Delete(':id/')
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number) {
    return this.groups.remove(principal, id);
  }
}
