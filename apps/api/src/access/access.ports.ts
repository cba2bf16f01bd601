/**
 * What the access layer needs from features, as interfaces and Nest tokens: access imports no feature
 * folder; auth, users and groups provide these (see their modules), and AccessModule.forRoot receives
 * the modules that export them.
 */
import type { Perm } from '@console/contracts';
import type { EntityManager } from 'typeorm';
import type { Principal } from './principal';

/** A live session's user and group as they are now. */
export interface SessionStanding {
  familyId: string;
  userId: number;
  groupId: number | null;
  perms: Perm[];
}

/** Resolves a request's access token to its principal, or throws the 401 of a token not valid. */
export interface SessionCheck {
  resolveAccessToken(token: string, ip: string, userAgent: string): Promise<Principal>;
  /** The principal of a session known by its family (a redeemed stream ticket names it), or the 401. */
  resolveSession(familyId: string, userId: number, ip: string, userAgent: string): Promise<Principal>;
  /** Of these sessions, the ones still live (not revoked, user active), in one look-up. */
  standingOf(familyIds: readonly string[]): Promise<SessionStanding[]>;
}
export const SESSION_CHECK = Symbol('SessionCheck');

/** Redeems a one-use stream ticket (live/): the session it was issued to, or null when unknown, used or expired. */
export interface TicketCheck {
  redeem(ticket: string): Promise<{ userId: number; familyId: string } | null>;
}
export const TICKET_CHECK = Symbol('TicketCheck');

/** The perms of an active user's group, as they are now; undefined when the user is not active. */
export interface ActorPermsSource {
  activePerms(m: EntityManager, userId: number): Promise<Perm[] | undefined>;
}
export const ACTOR_PERMS = Symbol('ActorPermsSource');

/** The perms of groups: one group, and every group that has an active user. */
export interface GroupPermsSource {
  permsOf(m: EntityManager, groupId: number): Promise<Perm[] | undefined>;
  permsOfGroupsInUse(m: EntityManager): Promise<Perm[][]>;
}
export const GROUP_PERMS = Symbol('GroupPermsSource');

/** Resolves a personal API token (contracts' API_TOKEN_PREFIX) to its principal, counts the request, or the 401/429. */
export interface ApiTokenCheck {
  resolveApiToken(token: string, ip: string, userAgent: string): Promise<Principal>;
}
export const API_TOKEN_CHECK = Symbol('ApiTokenCheck');
