import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentPrincipal, Public, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ParseIdPipe } from '../common/validation/ids';
import { AlertAcceptedDto, AlertBodyDto, AlertSecretAnswerDto, AlertSettingsDto, EnableAlertsDto } from './alerts.dto';
import { AlertsService } from './alerts.service';

/** A strategy profile's alert settings. */
@ApiTags('strategy-profiles')
@Controller('strategies/profiles/:id/alerts')
export class AlertSettingsController {
  constructor(private readonly alerts: AlertsService) {}

  @Section('profiles', 'read')
  @Get('/')
  @ApiOkResponse({ type: AlertSettingsDto })
  settings(@Param('id', ParseIdPipe) id: number): Promise<AlertSettingsDto> {
    return this.alerts.settings(id);
  }

  /** On, with a new secret each call (the old one stops working at once). */
  @Section('profiles', 'write')
  @Post('/')
  @ApiCreatedResponse({ type: AlertSecretAnswerDto })
  enable(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number, @Body() body: EnableAlertsDto): Promise<AlertSecretAnswerDto> {
    return this.alerts.enable(principal, id, body.max_lag_seconds);
  }

  @Section('profiles', 'write')
  @Delete('/')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  disable(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.alerts.disable(principal, id);
  }
}

/** The webhook TradingView posts to: no session, the profile's secret in the body is the credential. */
@ApiTags('alerts')
@Controller('alerts')
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Public()
  @Post(':profile_key/')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiBody({ type: AlertBodyDto })
  @ApiAcceptedResponse({ type: AlertAcceptedDto, description: 'An engine command on the profile; a repeated alert_id answers as the first' })
  @ApiUnauthorizedResponse({ description: 'Wrong profile key or secret (counted for the profile’s lockout)' })
  @ApiConflictResponse({ description: 'The profile is not running, or the bot is off' })
  @ApiTooManyRequestsResponse({ description: 'Too many alerts a minute, or the profile is locked out after wrong secrets (Retry-After)' })
  receive(@Param('profile_key') profileKey: string, @Body() body: unknown): Promise<AlertAcceptedDto> {
    return this.alerts.receive(profileKey, body);
  }
}
