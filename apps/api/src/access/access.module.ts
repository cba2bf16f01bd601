import { Global, Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { AuthModule } from '../auth/auth.module';
import { RouteCatalog } from './access-declarations';
import { AccessGuard } from './access.guard';
import { ProjectionInterceptor } from './projection.interceptor';

@Global()
@Module({
  imports: [DiscoveryModule, AuthModule],
  providers: [
    RouteCatalog,
    { provide: APP_GUARD, useClass: AccessGuard },
    { provide: APP_INTERCEPTOR, useClass: ProjectionInterceptor },
  ],
  exports: [RouteCatalog],
})
export class AccessModule {}
