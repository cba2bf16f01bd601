import { DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { LiveStreams } from './live-streams.service';
import { LiveTicketsModule } from './live-tickets';
import { LiveVisibility } from './live-visibility';
import { LiveController } from './live.controller';

@Module({})
export class LiveModule {
  /** `features`: the modules that export SESSION_CHECK (access.ports.ts), so live imports no feature. */
  static forRoot(features: NonNullable<ModuleMetadata['imports']>): DynamicModule {
    return {
      module: LiveModule,
      imports: [LiveTicketsModule, ...features],
      controllers: [LiveController],
      providers: [LiveStreams, LiveVisibility],
    };
  }
}
