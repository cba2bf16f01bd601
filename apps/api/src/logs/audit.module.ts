import { Global, Module } from '@nestjs/common';
import { AuditService } from './audit.service';

/** The log writer, for every feature of the API and the worker. */
@Global()
@Module({ providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
