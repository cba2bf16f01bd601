import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, Section, SignedIn } from '../../access/access.decorators';
import type { Principal } from '../../access/principal';
import { AccountService } from './account.service';
import { UsersAdminService } from './users-admin.service';
import { CreateUserDto, GroupOptionListDto, OwnAccountDto, UpdateOwnAccountDto, UpdateUserGroupDto, UserDto, UserListDto, UsersQuery } from './users.dto';
import { ParseIdPipe } from '../../common/validation/ids';
import { pageAnswer } from '../../common/pagination/pagination';

@ApiTags('users')
@Controller('users/users')
export class UsersController {
  constructor(
    private readonly account: AccountService,
    private readonly users: UsersAdminService,
  ) {}

  @Section('users', 'read')
  @Get('/')
  @ApiOkResponse({ type: UserListDto })
  async list(@Req() req: Request, @Query() query: UsersQuery) {
    return pageAnswer(req, await this.users.list(query));
  }

  /** Names and ids of the groups the caller may put users in (within the caller's own levels). */
  @Section('users', 'read')
  @Get('group_options/')
  @ApiOkResponse({ type: GroupOptionListDto })
  groupOptions(@CurrentPrincipal() principal: Principal): Promise<GroupOptionListDto> {
    return this.users.groupOptions(principal);
  }

  @Section('users', 'write')
  @Post('/')
  @ApiOkResponse({ type: UserDto })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateUserDto) {
    return this.users.create(principal, body);
  }

  /** The signed-in user's own email and password (account details). */
  @SignedIn({ area: 'passwords' })
  @Put(':id/')
  @ApiOkResponse({ type: OwnAccountDto })
  updateOwnAccount(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateOwnAccountDto): Promise<OwnAccountDto> {
    return this.account.update(principal, id, body);
  }

  /** Moves a user to another group (PUT {group}). */
  @Section('users', 'write')
  @Put(':id/update_user/')
  @ApiOkResponse({ type: UserDto })
  changeGroup(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateUserGroupDto) {
    return this.users.changeGroup(principal, id, body.group);
  }

  /** Deactivates the user: is_active false, history kept, sessions ended at once. */
  @Section('users', 'write')
  @Delete(':id/')
  @HttpCode(204)
  @ApiNoContentResponse()
  deactivate(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number) {
    return this.users.deactivate(principal, id);
  }
}
