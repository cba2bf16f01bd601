import { DynamicModule, Global, Module, type ModuleMetadata } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { RouteCatalog } from './access-declarations';
import { AccessGuard } from './access.guard';
import { PrivilegeChanges } from './privilege-changes';
import { ProjectionInterceptor } from './projection.interceptor';

@Global()
@Module({})
export class AccessModule {
  /**
   * `features` are the modules that export SESSION_CHECK, ACTOR_PERMS and GROUP_PERMS (access.ports.ts):
   * the app names them here, so the access layer imports no feature.
   */
  static forRoot(features: NonNullable<ModuleMetadata['imports']>): DynamicModule {
    return {
      module: AccessModule,
      imports: [DiscoveryModule, ...features],
      providers: [
        RouteCatalog,
        PrivilegeChanges,
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_INTERCEPTOR, useClass: ProjectionInterceptor },
      ],
      exports: [RouteCatalog, PrivilegeChanges],
    };
  }
}
