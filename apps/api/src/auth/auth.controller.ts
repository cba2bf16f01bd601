import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiQuery, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CAPTCHA_LEVEL_PARAM, CAPTCHA_LEVELS, ERROR_CODES, MESSAGES, OWN_MESSAGES } from '@console/contracts';
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
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { FieldValidationError } from '../common/errors/api-errors';
import { AuthService } from './auth.service';
import { clearRefreshCookie, keepRefreshInCookie, refreshFromCookie } from './refresh-cookie';
import { CaptchaService } from './captcha.service';
import { SessionService } from './session.service';

@ApiTags('users')
@Controller('users')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly captcha: CaptchaService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('captcha-challenge/')
  @ApiOkResponse({ description: 'An ALTCHA challenge, or {provider} when another provider (or none) is configured' })
  @ApiQuery({ name: CAPTCHA_LEVEL_PARAM, required: false, enum: CAPTCHA_LEVELS, description: 'harder: the costlier proof a sign-in asks for past its account failure threshold' })
  challenge(@Query(CAPTCHA_LEVEL_PARAM) level?: unknown) {
    return this.captcha.challenge(level === 'harder' ? 'harder' : 'usual');
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
  @ApiBadRequestResponse({
    description: `Invalid credentials or bot-check; code "${ERROR_CODES.harderBotCheck}" when the account is past its failure threshold: solve a challenge asked with ?${CAPTCHA_LEVEL_PARAM}=harder and send its captcha_token`,
  })
  @ApiTooManyRequestsResponse({ description: 'Too many failures from this address, or for this account from this address (Retry-After)' })
  async login(@Body() body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<TokenPairDto> {
    const pair = await this.auth.login(body.email, body.password, body.captcha_token ?? undefined, clientOf(req));
    return keepRefreshInCookie(req, res, pair, this.config.refreshTokenTtlSeconds);
  }

  @SignedIn({ pendingSecondFactor: true, area: 'passwords' })
  @Post('totp/create/')
  @HttpCode(200)
  @ApiOkResponse({ type: TotpCreateAnswerDto })
  createTotp(@CurrentPrincipal() principal: Principal): Promise<TotpCreateAnswerDto> {
    return this.auth.createTotp(principal);
  }

  @SignedIn({ pendingSecondFactor: true, area: 'passwords' })
  @Post('totp/login/:code/')
  @HttpCode(200)
  @ApiOkResponse({ type: TokenPairDto, description: 'Tokens with the second factor passed' })
  async loginWithTotp(
    @CurrentPrincipal() principal: Principal,
    @Param('code') code: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TokenPairDto> {
    return keepRefreshInCookie(req, res, await this.auth.loginWithTotp(principal, code), this.config.refreshTokenTtlSeconds);
  }

  @Public()
  @Post('token-refresh/')
  @HttpCode(200)
  @ApiOkResponse({ type: RefreshAnswerDto })
  async refresh(@Body() body: RefreshDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RefreshAnswerDto> {
    const token = body.refresh || refreshFromCookie(req);
    if (!token) throw FieldValidationError.of('refresh', MESSAGES.fieldRequired);
    return keepRefreshInCookie(req, res, await this.sessions.rotate(token), this.config.refreshTokenTtlSeconds);
  }

  /** Public: the refresh token is the credential, so a session can end even after its access token expired. */
  @Public()
  @Post('logout/')
  @HttpCode(200)
  @ApiOkResponse({ description: '{detail}' })
  async logout(@Body() body: LogoutDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ detail: string }> {
    const token = body.refresh_token || refreshFromCookie(req);
    if (!token) throw FieldValidationError.of('refresh_token', MESSAGES.fieldRequired);
    await this.auth.logout(token, clientOf(req));
    clearRefreshCookie(req, res);
    return { detail: OWN_MESSAGES.loggedOut };
  }

  @SignedIn({ pendingSecondFactor: true })
  @Get('current-user/')
  @ApiOkResponse({ type: CurrentUserDto })
  currentUser(@CurrentPrincipal() principal: Principal): CurrentUserDto {
    return this.auth.currentUser(principal);
  }
}

function clientOf(req: Request) {
  return { ip: clientAddress(req), userAgent: req.get('user-agent') ?? '' };
}
