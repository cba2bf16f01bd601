/**
 * Every route declares its access with exactly one of these; the global AccessGuard reads them and a
 * start-up check refuses to boot when a route has none.
 */
import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ACTIONS, type ActionName, type AnswerFields, type ApiTokenForbiddenArea, type ListQueryAccess, type SectionName } from '@console/contracts';
import type { Principal } from './principal';
import type { RowScope } from './row-scopes';

export const ACCESS_METADATA = 'access:rule';

export type AccessRule =
  | { kind: 'public' }
  /**
   * Any signed-in user; `pendingSecondFactor` also admits tokens that have not passed 2FA yet. `area`
   * names the forbidden area (contracts' API_TOKEN_FORBIDDEN_AREAS) the route belongs to: a personal
   * API token is refused there (403), only a session may use it.
   */
  | { kind: 'signed-in'; pendingSecondFactor: boolean; area?: ApiTokenForbiddenArea }
  /** The live stream: signed in through a one-use ticket in the query (EventSource sends no headers), never a bearer token. */
  | { kind: 'ticket' }
  | { kind: 'section'; section: SectionName; mode: 'read' | 'write'; options: SectionOptions };

export interface SectionOptions {
  /**
   * The declared action (contracts' ACTIONS) this route runs: any of its rights allows it, each judged by
   * its own section's level and gate, instead of the route's section alone. An action with a `bodyKey`
   * applies only to a body that carries that key. Set by `@Action`, or given beside `@Section`.
   */
  action?: ActionName;
  /**
   * The list's query: its filters, orderings and option lookups, each with the field it reads (contracts'
   * ListQueryAccess). At Limited a param whose field the group does not see, or that is not declared, is
   * refused (403), besides the group's filtering and sorting switches; undeclared means none at all.
   */
  query?: ListQueryAccess;
  /**
   * At Limited, answers keep only the group's fields (lists, single rows and exports alike): `true` when
   * the answer's keys are the section's field names, else how its keys map to them (AnswerFields), or
   * that map chosen by the query (an option lookup whose `?field=` picks the list).
   */
  project?: true | AnswerFields | ((query: Readonly<Record<string, unknown>>) => AnswerFields | undefined);
  /** Which rows the group may see at all (row-scopes.ts); the service gets them with `@ScopedRows()`. */
  rows?: RowScope;
  /**
   * Another section whose level applies as well (NP → 403; at Limited its query rules above, on that
   * section's perm): the list an export reads, or the strategy profiles a backtest runs. The service gets
   * that perm as `principal.sourcePerm`.
   */
  source?: { section: SectionName; query?: ListQueryAccess };
  /** Only the Full level allows the route: a Limited level's gates are not enough (switching an account to live). */
  full?: true;
  /** The forbidden area (contracts' API_TOKEN_FORBIDDEN_AREAS) the route belongs to: a personal API token is refused (403). */
  area?: ApiTokenForbiddenArea;
}

export const Public = () => SetMetadata(ACCESS_METADATA, { kind: 'public' } satisfies AccessRule);

export const SignedIn = (opts: { pendingSecondFactor?: boolean; area?: ApiTokenForbiddenArea } = {}) =>
  applyDecorators(
    SetMetadata(ACCESS_METADATA, { kind: 'signed-in', pendingSecondFactor: opts.pendingSecondFactor ?? false, ...(opts.area ? { area: opts.area } : {}) } satisfies AccessRule),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'token_not_valid' }),
  );

/** A route opened with a stream ticket (contracts' LIVE_PARAMS.ticket) that a signed-in user asked for. */
export const StreamTicket = () =>
  applyDecorators(
    SetMetadata(ACCESS_METADATA, { kind: 'ticket' } satisfies AccessRule),
    ApiUnauthorizedResponse({ description: 'token_not_valid: the ticket is unknown, used or expired' }),
  );

export const Section = (section: SectionName, mode: 'read' | 'write', options: SectionOptions = {}) =>
  applyDecorators(
    SetMetadata(ACCESS_METADATA, { kind: 'section', section, mode, options } satisfies AccessRule),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'token_not_valid' }),
    ApiForbiddenResponse({ description: `needs ${section} at a level that allows ${mode}` }),
  );

/**
 * A write that runs a declared action: the route's section is the action's first right's, and the guard
 * allows it when any right does (see SectionOptions.action).
 */
export const Action = (action: ActionName, options: Omit<SectionOptions, 'action'> = {}) =>
  Section(ACTIONS[action].rights[0].section, 'write', { ...options, action });

/** The signed-in user of this request, as the guard resolved it. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const req = ctx.switchToHttp().getRequest<{ principal?: Principal }>();
  if (!req.principal) throw new Error('CurrentPrincipal used on a route without a signed-in user');
  return req.principal;
});

/** The SQL conditions of the route's row scope for this request's group (empty: every row). */
export const ScopedRows = createParamDecorator((_: unknown, ctx: ExecutionContext): readonly string[] => {
  return ctx.switchToHttp().getRequest<{ rowScope?: readonly string[] }>().rowScope ?? [];
});
