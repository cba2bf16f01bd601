import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { map, Observable } from 'rxjs';
import { projectRow } from '@console/contracts';
import { ACCESS_METADATA, AccessRule } from './access.decorators';
import type { AccessRequest } from './access.guard';

/** At Limited, only the group's fields (and id) leave the server: in single rows and in `results` of lists. */
@Injectable()
export class ProjectionInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_METADATA, [ctx.getHandler(), ctx.getClass()]);
    if (rule?.kind !== 'section' || !rule.options.project) return next.handle();
    const perm = ctx.switchToHttp().getRequest<AccessRequest>().principal?.perm;
    if (!perm || perm.status !== 'Limited') return next.handle();
    const project = (row: unknown) => (row && typeof row === 'object' ? projectRow(perm, row as Record<string, unknown>) : row);
    return next.handle().pipe(
      map((body: unknown) => {
        if (Array.isArray(body)) return body.map(project);
        if (body && typeof body === 'object' && Array.isArray((body as { results?: unknown }).results)) {
          const list = body as { results: unknown[] };
          return { ...list, results: list.results.map(project) };
        }
        return project(body);
      }),
    );
  }
}
