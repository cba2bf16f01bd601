import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { map, Observable } from 'rxjs';
import { projectRow, type AnswerFields } from '@console/contracts';
import { ACCESS_METADATA, AccessRule } from './access.decorators';
import type { AccessRequest } from './access.guard';

/**
 * At Limited, only the group's fields (and the identity keys) leave the server: in single rows and in
 * `results` of lists, option lookups included (their keys mapped to the fields they show).
 */
@Injectable()
export class ProjectionInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_METADATA, [ctx.getHandler(), ctx.getClass()]);
    if (rule?.kind !== 'section' || !rule.options.project) return next.handle();
    const req = ctx.switchToHttp().getRequest<AccessRequest>();
    const perm = req.principal?.perm;
    if (!perm || perm.status !== 'Limited') return next.handle();
    const declared = rule.options.project;
    const fields: AnswerFields | undefined =
      declared === true ? undefined : typeof declared === 'function' ? declared(req.query as Record<string, unknown>) ?? {} : declared;
    const project = (row: unknown) => (row && typeof row === 'object' ? projectRow(perm, row as Record<string, unknown>, fields) : row);
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
