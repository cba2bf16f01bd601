import { isFieldAllowed, type MmProfileStatus, type Perm } from '@console/contracts';

/** What the MM list offers a group (trading.md 2, 4, 6). */
export interface MmListActions {
  /** Add, Start/Stop and the visibility switch: not at ReadOnly. */
  write: boolean;
  /** 'Re-invest daily' and 'Change MM Deposit': a writer that is not Limited, or Limited with the change_deposit field. */
  deposit: boolean;
}

export function mmListActions(perm: Perm): MmListActions {
  const write = perm.status === 'Full' || perm.status === 'Limited';
  return { write, deposit: write && isFieldAllowed(perm, 'change_deposit') };
}

/** Start for inactive, Stop for active; a stopping profile shows Stop, disabled; a draft has none. */
export function mmStatusAction(status: MmProfileStatus | undefined): { label: 'Start' | 'Stop'; target: 'active' | 'inactive'; disabled: boolean } | null {
  if (status === 'inactive') return { label: 'Start', target: 'active', disabled: false };
  if (status === 'active' || status === 'stopping') return { label: 'Stop', target: 'inactive', disabled: status === 'stopping' };
  return null;
}

/** The title opens the edit page only for an inactive profile and a user who may write. */
export function mmTitleLinks(status: MmProfileStatus | undefined, actions: MmListActions): boolean {
  return actions.write && status === 'inactive';
}
