import { canOpenRoute, canWrite, isFieldAllowed, mayRunAction, permOf, type MmProfileStatus, type PermHolder } from '@console/contracts';

/** What the MM list offers a group: each control only where the API would take its call. */
export interface MmListActions {
  /** Any write (ReadOnly has none). */
  write: boolean;
  /** The visibility switch sends is_show: at Limited the group must hold that field. */
  visibility: boolean;
  /** Start/Stop sends status: at Limited the group must hold that field. */
  statusAction: boolean;
  /** Add and the edit link open the form, whose route needs its fields and the exchange accounts. */
  form: boolean;
  /** 'Re-invest daily' and 'Change MM Deposit': the declared changeMmDeposit action. */
  deposit: boolean;
}

export function mmListActions(holder: PermHolder | null | undefined): MmListActions {
  const perm = permOf(holder, 'mm_profiles');
  const write = canWrite(holder, 'mm_profiles');
  return {
    write,
    visibility: write && isFieldAllowed(perm, 'is_show'),
    statusAction: write && isFieldAllowed(perm, 'status'),
    form: canOpenRoute(holder, 'addMmProfile'),
    deposit: mayRunAction(perm, 'changeMmDeposit'),
  };
}

/** Start for inactive, Stop for active; a stopping profile shows Stop, disabled; a draft has none. */
export function mmStatusAction(status: MmProfileStatus | undefined): { label: 'Start' | 'Stop'; target: 'active' | 'inactive'; disabled: boolean } | null {
  if (status === 'inactive') return { label: 'Start', target: 'active', disabled: false };
  if (status === 'active' || status === 'stopping') return { label: 'Stop', target: 'inactive', disabled: status === 'stopping' };
  return null;
}

/** The title opens the edit page only for an inactive profile and a group the form's route admits. */
export function mmTitleLinks(status: MmProfileStatus | undefined, actions: MmListActions): boolean {
  return actions.form && status === 'inactive';
}
