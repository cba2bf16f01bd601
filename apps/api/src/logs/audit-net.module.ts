import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditNetInterceptor } from './audit-net.interceptor';

/**
 * The net under the API's write routes. The worker has no routes and does not load it, nor with it the
 * route decorators' OpenAPI library.
 */
@Module({ providers: [{ provide: APP_INTERCEPTOR, useClass: AuditNetInterceptor }] })
export class AuditNetModule {}
