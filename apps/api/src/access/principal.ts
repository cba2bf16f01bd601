import type { Perm, PermHolder, SectionName } from '@console/contracts';

/** Who is calling, resolved fresh on every request so group changes and deactivation apply at once. */
export interface Principal extends PermHolder {
  userId: number;
  email: string;
  familyId: string;
  secondFactorPassed: boolean;
  groupId: number | null;
  groupName: string | null;
  perms: Perm[];
  /** The perm of the route's section, when the route declares one. */
  perm?: Perm;
  /** The perm of the list an export route reads (`@Section(…, { source })`). */
  sourcePerm?: Perm;
  ip: string;
  userAgent: string;
  /**
   * Set when the caller is a personal API token: its perms are then the token's over the group's, and
   * these sections it may read but never write (read-only where the group is Limited).
   */
  apiToken?: { id: number; name: string; readOnlySections: readonly SectionName[] };
}
