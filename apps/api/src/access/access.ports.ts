/**
 * What the access layer needs from features, as interfaces and Nest tokens: access imports no feature
 * folder; auth, users and groups provide these (see their modules), and AccessModule.forRoot receives
 * the modules that export them.
 */
import type { Perm } from '@console/contracts';
import type { EntityManager } from 'typeorm';
import type { Principal } from './principal';

/** Resolves a request's access token to its principal, or throws the 401 of a token not valid. */
export interface SessionCheck {
  resolveAccessToken(token: string, ip: string, userAgent: string): Promise<Principal>;
}
export const SESSION_CHECK = Symbol('SessionCheck');

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
