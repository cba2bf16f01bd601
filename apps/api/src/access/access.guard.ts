import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { isIP } from 'node:net';
import {
  ACTIONS, allowingRight, API_TOKEN_FORBIDDEN_SECTIONS, API_TOKEN_MESSAGES, ERROR_CODES, hiddenFieldWritten, isApiTokenText, limitedQueryRefusal, LIVE_PARAMS, OWN_MESSAGES, permOf,
  type Perm, type PermHolder,
} from '@console/contracts';
import { ForbiddenDetail, TokenNotValidError } from '../common/errors/api-errors';
import { currentRequestContext } from '../common/http/request-context';
import { ACCESS_METADATA, AccessRule, type SectionOptions } from './access.decorators';
import { API_TOKEN_CHECK, SESSION_CHECK, TICKET_CHECK, type ApiTokenCheck, type SessionCheck, type TicketCheck } from './access.ports';
import { Principal } from './principal';

export type AccessRequest = Request & { principal?: Principal; rowScope?: readonly string[] };

/** The one guard: every privilege rule of the API is decided here, from the route's declaration. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(SESSION_CHECK) private readonly sessions: SessionCheck,
    @Inject(TICKET_CHECK) private readonly tickets: TicketCheck,
    @Inject(API_TOKEN_CHECK) private readonly apiTokens: ApiTokenCheck,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_METADATA, [ctx.getHandler(), ctx.getClass()]);
    if (!rule) throw new Error(`Route ${ctx.getClass().name}.${ctx.getHandler().name} declares no access`);
    if (rule.kind === 'public') return true;

    const req = ctx.switchToHttp().getRequest<AccessRequest>();
    if (rule.kind === 'ticket') {
      req.principal = await this.ticketHolder(req);
      setCaller(req.principal);
      return true;
    }
    const token = bearerToken(req);
    if (!token) throw new TokenNotValidError(OWN_MESSAGES.credentialsMissing);
    const address = clientAddress(req);
    const userAgent = req.get('user-agent') ?? '';
    const principal = isApiTokenText(token)
      ? await this.apiTokens.resolveApiToken(token, address, userAgent)
      : await this.sessions.resolveAccessToken(token, address, userAgent);
    req.principal = principal;
    setCaller(principal);
    if (principal.apiToken && isForbiddenToTokens(rule)) throw new ForbiddenDetail(API_TOKEN_MESSAGES.areaForbidden);

    const pendingAllowed = rule.kind === 'signed-in' && rule.pendingSecondFactor;
    if (!principal.secondFactorPassed && !pendingAllowed) {
      throw new ForbiddenDetail(OWN_MESSAGES.secondFactorRequired, ERROR_CODES.secondFactorRequired);
    }
    if (rule.kind === 'signed-in') return true;

    const perm = this.decidingPerm(principal, rule, req);
    if (rule.options.full && perm.status !== 'Full') throw new ForbiddenDetail();
    principal.perm = perm;
    req.rowScope = rule.options.rows?.section === perm.section_name ? rule.options.rows.where(perm) : [];
    if (perm.status === 'Limited') {
      const refusal = limitedQueryRefusal(perm, rule.options.query ?? {}, req.query as Record<string, unknown>);
      if (refusal) throw new ForbiddenDetail(OWN_MESSAGES[refusal]);
      const hidden = rule.mode === 'write' ? hiddenFieldWritten(perm, req.body) : null;
      if (hidden) throw new ForbiddenDetail(OWN_MESSAGES.fieldNotWritable(hidden));
    }
    if (rule.options.source) this.checkSource(principal, rule.options.source, req);
    return true;
  }

  /** The session a stream ticket was issued to (only to sessions past 2FA), redeemed once; else the 401. */
  private async ticketHolder(req: AccessRequest): Promise<Principal> {
    const ticket = req.query[LIVE_PARAMS.ticket];
    const holder = typeof ticket === 'string' && ticket ? await this.tickets.redeem(ticket) : null;
    if (!holder) throw new TokenNotValidError();
    const principal = await this.sessions.resolveSession(holder.familyId, holder.userId, clientAddress(req), req.get('user-agent') ?? '');
    if (!principal.secondFactorPassed) throw new TokenNotValidError();
    return principal;
  }

  /**
   * The perm that allows the route, or a 403: the route's section at a level that allows its mode, or,
   * for a declared action, the first of its rights the group holds (each judged by its own section's
   * level and Limited gate).
   */
  private decidingPerm(principal: Principal, rule: Extract<AccessRule, { kind: 'section' }>, req: AccessRequest): Perm {
    const action = rule.options.action ? ACTIONS[rule.options.action] : undefined;
    const body = req.body as unknown;
    const carriesKey = (key: string) => !!body && typeof body === 'object' && Object.hasOwn(body, key);
    const holder = rule.mode === 'write' ? writingHolder(principal) : principal;
    if (action && (!('bodyKey' in action) || carriesKey(action.bodyKey))) {
      const allowed = allowingRight(holder, rule.options.action!);
      if (!allowed) throw new ForbiddenDetail(OWN_MESSAGES.actionNotAllowed(action.label));
      return allowed.perm;
    }
    const perm = permOf(holder, rule.section);
    if (perm.status === 'NP') throw new ForbiddenDetail();
    if (rule.mode === 'write' && perm.status === 'ReadOnly') throw new ForbiddenDetail();
    return perm;
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

/** A route of a forbidden area (contracts' API_TOKEN_FORBIDDEN_AREAS): its section is one, or it says which. */
function isForbiddenToTokens(rule: AccessRule): boolean {
  if (rule.kind === 'section') return rule.options.area !== undefined || API_TOKEN_FORBIDDEN_SECTIONS.includes(rule.section) || (!!rule.options.source && API_TOKEN_FORBIDDEN_SECTIONS.includes(rule.options.source.section));
  return rule.kind === 'signed-in' && rule.area !== undefined;
}

/** The perms a write is judged by: a token's read-only sections write nothing (NP), whatever the group's level there. */
function writingHolder(principal: Principal): PermHolder {
  const readOnly = principal.apiToken?.readOnlySections;
  if (!readOnly?.length) return principal;
  return { perms: principal.perms.map((perm) => (readOnly.includes(perm.section_name) ? { ...perm, status: 'NP' as const } : perm)) };
}

/** The `Authorization: Bearer …` credential of a request (the MCP endpoint reads it the same way). */
export function bearerToken(req: Request): string | null {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * The client's address: what a trusted hop's X-Forwarded-For names, only when that is a valid IP, else the
 * socket's peer. Any other text there (markup, a 300-digit string, a tab-injected value) would otherwise
 * be stored and shown in sessions, history, new-device notices and Telegram.
 */
export function clientAddress(req: Request): string {
  const forwarded = req.ip?.trim();
  if (forwarded && isIP(forwarded)) return forwarded;
  return req.socket.remoteAddress ?? '';
}

/** The caller, for what the request runs later and cannot be handed it (a list's page links). */
function setCaller(principal: Principal): void {
  const context = currentRequestContext();
  if (!context) return;
  context.caller.userId = principal.userId;
  if (principal.apiToken) context.caller.apiToken = { id: principal.apiToken.id, name: principal.apiToken.name };
}
