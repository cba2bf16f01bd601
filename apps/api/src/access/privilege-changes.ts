/**
 * Privileges cannot be raised from inside: the checks every change of a group, of a user's group or of
 * a user's standing goes through. Pure rules live in the contracts (arePermsWithin, isFullOnEverything).
 */
import type { EntityManager } from 'typeorm';
import { arePermsWithin, isFullOnEverything, OWN_MESSAGES, type Perm } from '@console/contracts';
import { BadRequestDetail, ForbiddenDetail } from '../common/errors/api-errors';
import type { Principal } from './principal';

/** One lock for every change that can take away the last administrator, so two cannot race past the check. */
const PRIVILEGE_CHANGE_LOCK = 7_310_001;

/** A group (or perms) the actor may grant or edit: every section at or below the actor's own. */
export function assertWithinActor(actor: Principal, perms: readonly Partial<Perm>[] | null, message: string): void {
  if (!arePermsWithin({ perms }, actor)) throw new ForbiddenDetail(message);
}

export async function groupPerms(m: EntityManager, groupId: number | null): Promise<Perm[] | null> {
  if (groupId === null) return null;
  const rows: { perms: Perm[] }[] = await m.query(`SELECT perms FROM groups WHERE id = $1`, [groupId]);
  return rows[0]?.perms ?? null;
}

async function hasActiveAdministrator(m: EntityManager): Promise<boolean> {
  const groups: { perms: Perm[] }[] = await m.query(
    `SELECT g.perms FROM groups g WHERE EXISTS (SELECT 1 FROM users u WHERE u.group_id = g.id AND u.is_active)`,
  );
  return groups.some((g) => isFullOnEverything(g));
}

/**
 * Runs a change (inside the transaction `m`) that could take away the last active user whose group is
 * Full on every section, and refuses it (rolled back with the transaction) when it does. Changes of this
 * kind are serialised by a transaction lock, so two of them cannot each leave "another" administrator.
 */
export async function keepingAnAdministrator<T>(m: EntityManager, change: () => Promise<T>): Promise<T> {
  await m.query(`SELECT pg_advisory_xact_lock($1)`, [PRIVILEGE_CHANGE_LOCK]);
  const before = await hasActiveAdministrator(m);
  const result = await change();
  if (before && !(await hasActiveAdministrator(m))) throw new BadRequestDetail(OWN_MESSAGES.lastAdministrator);
  return result;
}
