import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, Section, SignedIn } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { pageAnswer } from '../common/pagination/pagination';
import { ParseIdPipe } from '../common/validation/ids';
import { ParseFamilyIdPipe } from './family-id.pipe';
import { SessionsEndedDto, SignInHistoryDto, SignInHistoryPageQuery, UserSessionListDto } from './sessions.dto';
import { UserSessionsService } from './user-sessions.service';

/** The signed-in user's own sessions and sign-in history (account details). */
@ApiTags('users')
@Controller('users')
export class OwnSessionsController {
  constructor(private readonly sessions: UserSessionsService) {}

  @SignedIn({ area: 'sessions' })
  @Get('sessions/')
  @ApiOkResponse({ type: UserSessionListDto })
  list(@CurrentPrincipal() principal: Principal): Promise<UserSessionListDto> {
    return this.sessions.list(principal.userId, principal.familyId);
  }

  @SignedIn({ area: 'sessions' })
  @Post('sessions/end-others/')
  @HttpCode(200)
  @ApiOkResponse({ type: SessionsEndedDto })
  endOthers(@CurrentPrincipal() principal: Principal): Promise<SessionsEndedDto> {
    return this.sessions.endOthers(principal);
  }

  @SignedIn({ area: 'sessions' })
  @Delete('sessions/:session/')
  @ApiOkResponse({ type: SessionsEndedDto })
  end(@CurrentPrincipal() principal: Principal, @Param('session', ParseFamilyIdPipe) familyId: string): Promise<SessionsEndedDto> {
    return this.sessions.endOwn(principal, familyId);
  }

  @SignedIn({ area: 'sessions' })
  @Get('sign-in-history/')
  @ApiOkResponse({ type: SignInHistoryDto })
  async history(@CurrentPrincipal() principal: Principal, @Req() req: Request, @Query() query: SignInHistoryPageQuery) {
    return pageAnswer(req, await this.sessions.history(principal.userId, query));
  }
}

/** Another user's sessions and sign-in history, for those who manage users. */
@ApiTags('users')
@Controller('users/users')
export class UserSessionsController {
  constructor(private readonly sessions: UserSessionsService) {}

  @Section('users', 'read', { project: true })
  @Get(':id/sessions/')
  @ApiOkResponse({ type: UserSessionListDto })
  list(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number): Promise<UserSessionListDto> {
    return this.sessions.listOf(principal, id);
  }

  @Section('users', 'read', { project: true })
  @Get(':id/sign-in-history/')
  @ApiOkResponse({ type: SignInHistoryDto })
  async history(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Req() req: Request, @Query() query: SignInHistoryPageQuery) {
    return pageAnswer(req, await this.sessions.historyOf(principal, id, query));
  }

  /** After a lost laptop: every session of the user stops at its next request. */
  @Section('users', 'write')
  @Post(':id/sessions/end-all/')
  @HttpCode(200)
  @ApiOkResponse({ type: SessionsEndedDto })
  endAll(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number): Promise<SessionsEndedDto> {
    return this.sessions.endAllOf(principal, id);
  }

  @Section('users', 'write')
  @Delete(':id/sessions/:session/')
  @ApiOkResponse({ type: SessionsEndedDto })
  end(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Param('session', ParseFamilyIdPipe) familyId: string): Promise<SessionsEndedDto> {
    return this.sessions.endOneOf(principal, id, familyId);
  }
}
