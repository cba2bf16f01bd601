import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditNetInterceptor } from './audit-net.interceptor';
import { AuditService } from './audit.service';

/** The log writer, for every feature of the API and the worker, and the net under the API's write routes. */
@Global()
@Module({ providers: [AuditService, { provide: APP_INTERCEPTOR, useClass: AuditNetInterceptor }], exports: [AuditService] })
export class AuditModule {}
