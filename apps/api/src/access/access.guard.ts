import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ERROR_CODES, isFieldAllowed, limitedQueryRefusal, OWN_MESSAGES, permOf } from '@console/contracts';
import { ForbiddenDetail, TokenNotValidError } from '../common/errors/api-errors';
import { SessionService } from '../auth/session.service';
import { ACCESS_METADATA, AccessRule, type SectionOptions } from './access.decorators';
import { Principal } from './principal';

export type AccessRequest = Request & { principal?: Principal; rowScope?: readonly string[] };

/** The one guard: every privilege rule of ARCHITECTURE.md is decided here, from the route's declaration. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_METADATA, [ctx.getHandler(), ctx.getClass()]);
    if (!rule) throw new Error(`Route ${ctx.getClass().name}.${ctx.getHandler().name} declares no access`);
    if (rule.kind === 'public') return true;

    const req = ctx.switchToHttp().getRequest<AccessRequest>();
    const token = bearerToken(req);
    if (!token) throw new TokenNotValidError(OWN_MESSAGES.credentialsMissing);
    const principal = await this.sessions.resolveAccessToken(token, clientAddress(req), req.get('user-agent') ?? '');
    req.principal = principal;

    const pendingAllowed = rule.kind === 'signed-in' && rule.pendingSecondFactor;
    if (!principal.secondFactorPassed && !pendingAllowed) {
      throw new ForbiddenDetail(OWN_MESSAGES.secondFactorRequired, ERROR_CODES.secondFactorRequired);
    }
    if (rule.kind === 'signed-in') return true;

    const perm = permOf(principal, rule.section);
    principal.perm = perm;
    req.rowScope = rule.options.rows?.where(perm) ?? [];
    if (perm.status === 'NP') throw new ForbiddenDetail();
    if (rule.mode === 'write' && perm.status === 'ReadOnly') throw new ForbiddenDetail();
    if (perm.status === 'Limited') {
      const { gate, query = {} } = rule.options;
      if (gate && !isFieldAllowed(perm, gate)) throw new ForbiddenDetail(OWN_MESSAGES.fieldNotAllowed);
      const refusal = limitedQueryRefusal(perm, query, req.query as Record<string, unknown>);
      if (refusal) throw new ForbiddenDetail(OWN_MESSAGES[refusal]);
    }
    if (rule.options.source) this.checkSource(principal, rule.options.source, req);
    return true;
  }

  /** An export's list: the user must see it, and at Limited may use only the params the list screen allows. */
  private checkSource(principal: Principal, source: NonNullable<SectionOptions['source']>, req: AccessRequest): void {
    const perm = permOf(principal, source.section);
    principal.sourcePerm = perm;
    if (perm.status === 'NP') throw new ForbiddenDetail();
    const refusal = limitedQueryRefusal(perm, source.query ?? {}, req.query as Record<string, unknown>);
    if (refusal) throw new ForbiddenDetail(OWN_MESSAGES[refusal]);
  }
}

function bearerToken(req: Request): string | null {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? '';
}
