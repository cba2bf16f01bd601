import { Body, Controller, Get, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Action, CurrentPrincipal, Section } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { AutoDepositDto, ChangeDepositDto, DepositInfoDto } from './mm-deposits.dto';
import { MmDepositsService } from './mm-deposits.service';

/** The MM deposit: its change, the daily re-invest setting and the info chips. */
@ApiTags('mm-profiles')
@Controller('strategies')
export class MmDepositsController {
  constructor(private readonly deposits: MmDepositsService) {}

  /** Every MM profile's quotas up or down by `size` percent; answers the deposit info after it. */
  @Action('changeMmDeposit')
  @Post('change-deposit-mm-profiles/')
  @ApiOkResponse({ type: DepositInfoDto })
  change(@CurrentPrincipal() principal: Principal, @Body() body: ChangeDepositDto): Promise<DepositInfoDto> {
    return this.deposits.change(principal, body);
  }

  @Section('mm_profiles', 'read')
  @Get('auto-change-deposit-mm-profiles/')
  @ApiOkResponse({ type: AutoDepositDto })
  autoSettings(): Promise<AutoDepositDto> {
    return this.deposits.autoSettings();
  }

  @Action('changeMmDeposit')
  @Put('auto-change-deposit-mm-profiles/')
  @ApiOkResponse({ type: AutoDepositDto })
  saveAutoSettings(@CurrentPrincipal() principal: Principal, @Body() body: AutoDepositDto): Promise<AutoDepositDto> {
    return this.deposits.saveAutoSettings(principal, body);
  }

  @Section('mm_profiles', 'read')
  @Get('mm-profiles-deposit-info/')
  @ApiOkResponse({ type: DepositInfoDto })
  info(@CurrentPrincipal() principal: Principal): Promise<DepositInfoDto> {
    return this.deposits.info(principal);
  }
}
