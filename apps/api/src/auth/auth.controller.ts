import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, Public, SignedIn } from '../access/access.decorators';
import { clientAddress } from '../access/access.guard';
import type { Principal } from '../access/principal';
import {
  CaptchaVerifyAnswerDto,
  CaptchaVerifyDto,
  CurrentUserDto,
  LoginDto,
  LogoutDto,
  RefreshAnswerDto,
  RefreshDto,
  TokenPairDto,
  TotpCreateAnswerDto,
} from './auth.dto';
import { AuthService } from './auth.service';
import { CaptchaService } from './captcha.service';
import { SessionService } from './session.service';

@ApiTags('users')
@Controller('users')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly captcha: CaptchaService,
    private readonly sessions: SessionService,
  ) {}

  @Public()
  @Get('captcha-challenge/')
  @ApiOkResponse({ description: 'An ALTCHA challenge, or {provider} when another provider (or none) is configured' })
  challenge() {
    return this.captcha.challenge();
  }

  @Public()
  @Post('google-captcha-verify/')
  @HttpCode(200)
  @ApiOkResponse({ type: CaptchaVerifyAnswerDto })
  verifyCaptcha(@Body() body: CaptchaVerifyDto): Promise<CaptchaVerifyAnswerDto> {
    return this.captcha.verify(body.response);
  }

  @Public()
  @Post('login/')
  @HttpCode(200)
  @ApiOkResponse({ type: TokenPairDto, description: 'Tokens whose second factor is pending' })
  login(@Body() body: LoginDto, @Req() req: Request): Promise<TokenPairDto> {
    return this.auth.login(body.email, body.password, body.captcha_token ?? undefined, clientOf(req));
  }

  @SignedIn({ pendingSecondFactor: true })
  @Post('totp/create/')
  @HttpCode(200)
  @ApiOkResponse({ type: TotpCreateAnswerDto })
  createTotp(@CurrentPrincipal() principal: Principal): Promise<TotpCreateAnswerDto> {
    return this.auth.createTotp(principal);
  }

  @SignedIn({ pendingSecondFactor: true })
  @Post('totp/login/:code/')
  @HttpCode(200)
  @ApiOkResponse({ type: TokenPairDto, description: 'Tokens with the second factor passed' })
  loginWithTotp(@CurrentPrincipal() principal: Principal, @Param('code') code: string): Promise<TokenPairDto> {
    return this.auth.loginWithTotp(principal, code);
  }

  @Public()
  @Post('token-refresh/')
  @HttpCode(200)
  @ApiOkResponse({ type: RefreshAnswerDto })
  refresh(@Body() body: RefreshDto): Promise<RefreshAnswerDto> {
    return this.sessions.rotate(body.refresh);
  }

  /** Public: the refresh token is the credential, so a session can end even after its access token expired. */
  @Public()
  @Post('logout/')
  @HttpCode(200)
  @ApiOkResponse({ description: '{detail}' })
  async logout(@Body() body: LogoutDto, @Req() req: Request): Promise<{ detail: string }> {
    await this.auth.logout(body.refresh_token, clientOf(req));
    return { detail: 'Logged out.' };
  }

  @SignedIn({ pendingSecondFactor: true })
  @Get('current-user/')
  @ApiOkResponse({ type: CurrentUserDto })
  currentUser(@CurrentPrincipal() principal: Principal): Promise<CurrentUserDto> {
    return this.auth.currentUser(principal);
  }
}

function clientOf(req: Request) {
  return { ip: clientAddress(req), userAgent: req.get('user-agent') ?? '' };
}
