import { CallHandler, ExecutionContext, Inject, Injectable, InternalServerErrorException, Logger, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { mergeMap, Observable } from 'rxjs';
import { ACCESS_METADATA, type AccessRule } from '../access/access.decorators';
import type { AccessRequest } from '../access/access.guard';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { currentAuditContext } from './audit-context';
import { AuditService } from './audit.service';

/**
 * The audit trail's safety net. Every feature writes its own `user` row inside the transaction of its
 * change; should a write route (now or later) succeed without one, this writes a generic row with the
 * method, route and masked body, and warns. With AUDIT_STRICT=true (the tests) it fails the request
 * instead, so a missing audit row breaks the suite rather than passing unnoticed.
 */
@Injectable()
export class AuditNetInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_METADATA, [ctx.getHandler(), ctx.getClass()]);
    const audit = currentAuditContext();
    if (rule?.kind !== 'section' || rule.mode !== 'write' || !audit) return next.handle();
    const req = ctx.switchToHttp().getRequest<AccessRequest>();
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        if (audit.rows === 0 && !audit.unchanged) await this.unaudited(req);
        return answer;
      }),
    );
  }

  private async unaudited(req: AccessRequest): Promise<void> {
    const route = `${req.method} ${(req.route as { path?: string } | undefined)?.path ?? req.path}`;
    if (this.config.auditStrict) throw new InternalServerErrorException(`${route} changed data without an audit row`);
    this.logger.warn(`${route} wrote no audit row of its own; a generic one was written`);
    await this.audit.write({
      type: 'user',
      event_type: 'api_write',
      user_id: req.principal?.userId ?? null,
      log_data: { route, path: req.originalUrl, body: req.body as unknown },
    });
  }
}
