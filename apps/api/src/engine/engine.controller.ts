import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { strategySettingsJsonSchema, type JsonSchema } from '@console/contracts';
import { CurrentPrincipal, SignedIn } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ParseIdPipe } from '../common/validation/ids';
import { EngineCommandStateDto } from './engine.dto';
import { EngineCommandsService } from './engine-commands.service';

@ApiTags('engine')
@Controller('engine/commands')
export class EngineController {
  constructor(private readonly commands: EngineCommandsService) {}

  /**
   * A command's state, which the SPA polls while its target shows CANCELLING, CLOSING or CHANGING. Any
   * signed-in user who may read the command's section (each kind names one) sees it; others get 403.
   */
  @SignedIn()
  @Get(':id/')
  @ApiOkResponse({ type: EngineCommandStateDto })
  state(@CurrentPrincipal() principal: Principal, @Param('id', ParseIdPipe) id: number): Promise<EngineCommandStateDto> {
    return this.commands.state(principal, String(id));
  }
}

@ApiTags('engine')
@Controller('engine')
export class EngineSettingsSchemaController {
  /**
   * The strategy settings document (strategy_profiles.settings) as JSON Schema, generated from its one
   * declaration in the contracts, for a team writing its own engine; docs/strategy-settings.schema.json
   * holds the same. Open to any signed-in user and token: it is the document's shape, no data.
   */
  @SignedIn()
  @Get('settings-schema/')
  @ApiOkResponse({ description: 'A JSON Schema (draft 2020-12) document', schema: { type: 'object' } })
  settingsSchema(): JsonSchema {
    return strategySettingsJsonSchema();
  }
}
