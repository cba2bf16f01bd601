import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, SignedIn } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ParseIdPipe } from '../common/validation/ids';
import { ApiTokenListDto, CreateApiTokenDto, CreatedApiTokenDto } from './api-tokens.dto';
import { ApiTokensService } from './api-tokens.service';

/** The signed-in user's own personal API tokens (account details). A token cannot manage tokens. */
@ApiTags('users')
@Controller('users/tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @SignedIn({ area: 'tokens' })
  @Get('/')
  @ApiOkResponse({ type: ApiTokenListDto })
  list(@CurrentPrincipal() principal: Principal): Promise<ApiTokenListDto> {
    return this.tokens.list(principal);
  }

  @SignedIn({ area: 'tokens' })
  @Post('/')
  @ApiCreatedResponse({ type: CreatedApiTokenDto })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateApiTokenDto): Promise<CreatedApiTokenDto> {
    return this.tokens.create(principal, body);
  }

  @SignedIn({ area: 'tokens' })
  @Delete(':id/')
  @HttpCode(204)
  @ApiNoContentResponse()
  revoke(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.tokens.revoke(principal, id);
  }
}
