import { Body, Controller, Param, ParseIntPipe, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, SignedIn } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { AccountService } from './account.service';
import { OwnAccountDto, UpdateOwnAccountDto } from './users.dto';

@ApiTags('users')
@Controller('users/users')
export class UsersController {
  constructor(private readonly account: AccountService) {}

  /** The signed-in user's own email and password (account details). */
  @SignedIn()
  @Put(':id/')
  @ApiOkResponse({ type: OwnAccountDto })
  updateOwnAccount(@CurrentPrincipal() principal: Principal, @Param('id', ParseIntPipe) id: number, @Body() body: UpdateOwnAccountDto): Promise<OwnAccountDto> {
    return this.account.update(principal, id, body);
  }
}
