/**
 * Privileges cannot be raised from inside: the checks every change of a group, of a user's group or of
 * a user's standing goes through. Pure rules live in the contracts (arePermsWithin, isFullOnEverything).
 */
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { arePermsWithin, isFullOnEverything, OWN_MESSAGES, type Perm, type PermHolder } from '@console/contracts';
import { BadRequestDetail, ForbiddenDetail, TokenNotValidError } from '../common/errors/api-errors';
import { ACTOR_PERMS, GROUP_PERMS, type ActorPermsSource, type GroupPermsSource } from './access.ports';
import type { Principal } from './principal';

/** One lock for every change of groups or of users' standing, so checks and writes see one state. */
const PRIVILEGE_CHANGE_LOCK = 7_310_001;

/** Held until the transaction ends; re-entrant within it. */
async function lockPrivilegeChanges(m: EntityManager): Promise<void> {
  await m.query(`SELECT pg_advisory_xact_lock($1)`, [PRIVILEGE_CHANGE_LOCK]);
}

/** A group (or perms) the actor may grant or edit: every section at or below the actor's own. */
export function assertWithinActor(actor: PermHolder, perms: readonly Partial<Perm>[] | null, message: string): void {
  if (!arePermsWithin({ perms }, actor)) throw new ForbiddenDetail(message);
}

/** The privilege-change transaction and its checks; the perms come from the users and groups features. */
@Injectable()
export class PrivilegeChanges {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ACTOR_PERMS) private readonly actors: ActorPermsSource,
    @Inject(GROUP_PERMS) private readonly groups: GroupPermsSource,
  ) {}

  /**
   * Runs a privilege change in one transaction that first takes the privilege-change lock, then reads the
   * actor's levels as they are now: a group lowered or an actor deactivated by a change that committed a
   * moment ago counts, not what the request's token resolved to. Changes are serialised by the lock, so
   * two of them cannot each pass a check on a state the other is about to change; the lock comes before
   * any row lock, so they cannot deadlock on each other.
   */
  async change<T>(
    principal: Principal,
    change: (m: EntityManager, actor: PermHolder) => Promise<T>,
  ): Promise<T> {
    return this.dataSource.transaction(async (m) => {
      await lockPrivilegeChanges(m);
      const perms = await this.actors.activePerms(m, principal.userId);
      if (!perms) throw new TokenNotValidError();
      return change(m, { perms });
    });
  }

  /** The perms of a group (null for none), read inside the change's transaction. */
  async groupPerms(m: EntityManager, groupId: number | null): Promise<Perm[] | null> {
    if (groupId === null) return null;
    return (await this.groups.permsOf(m, groupId)) ?? null;
  }

  private async hasActiveAdministrator(m: EntityManager): Promise<boolean> {
    return (await this.groups.permsOfGroupsInUse(m)).some((perms) => isFullOnEverything({ perms }));
  }

  /**
   * Runs a change (inside a change transaction `m`) that could take away the last active user
   * whose group is Full on every section, and refuses it (rolled back with the transaction) when it does.
   * The lock is taken again (it is re-entrant), so this guard holds even where it is called on its own.
   */
  async keepingAnAdministrator<T>(m: EntityManager, change: () => Promise<T>): Promise<T> {
    await lockPrivilegeChanges(m);
    const before = await this.hasActiveAdministrator(m);
    const result = await change();
    if (before && !(await this.hasActiveAdministrator(m))) throw new BadRequestDetail(OWN_MESSAGES.lastAdministrator);
    return result;
  }
}
