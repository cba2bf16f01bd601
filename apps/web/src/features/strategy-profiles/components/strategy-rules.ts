import { isFieldAllowed, PATHS, STRATEGY_PROFILE_UI, type ActionState, type Perm, type StrategyProfileStatus } from '@console/contracts';

/** What the strategy profiles list offers a group (trading.md 2, 6). */
export interface StrategyListActions {
  /** Add: a writer, at Limited only with the `add` field. */
  add: boolean;
  /** The visibility checkbox: a writer, at Limited only with the `is_show` field. */
  visibility: boolean;
  /** Start, Stop and Continue: not at ReadOnly. */
  statusAction: boolean;
  /** 'Hide Unpicked' / 'Show All' and the direction filter read the fields they filter on (as the API checks). */
  showAllToggle: boolean;
  directionFilter: boolean;
  /** The name opens the profile page only when the profile_settings section is not NP. */
  nameLinks: boolean;
}

export function strategyListActions(profiles: Perm, profileSettings: Perm): StrategyListActions {
  const write = profiles.status === 'Full' || profiles.status === 'Limited';
  return {
    add: write && isFieldAllowed(profiles, 'add'),
    visibility: write && isFieldAllowed(profiles, 'is_show'),
    statusAction: write,
    showAllToggle: profiles.filtering && isFieldAllowed(profiles, 'is_show'),
    directionFilter: profiles.filtering && isFieldAllowed(profiles, 'profile_direction'),
    nameLinks: profileSettings.status !== 'NP',
  };
}

export type StrategyStatusAction = { label: 'Start'; command: 'start' } | { label: 'Stop'; command: 'stop' } | { label: 'Continue'; command: 'continue' };

/** trading.md 4: Stop when active, Start when inactive or stopping, Continue (the wizard) for a draft. */
export function strategyStatusAction(status: StrategyProfileStatus | undefined): StrategyStatusAction | null {
  switch (status) {
    case 'active':
      return { label: 'Stop', command: 'stop' };
    case 'inactive':
    case 'stopping':
      return { label: 'Start', command: 'start' };
    case 'draft':
      return { label: 'Continue', command: 'continue' };
    default:
      return null;
  }
}

/** Continue opens the wizard on that draft. */
export const continueDraftPath = (id: number) => `${PATHS.addStrategyProfile}?${STRATEGY_PROFILE_UI.wizardProfileParam}=${id}`;

/**
 * The status as shown: while the engine has a start or stop to confirm (action_state CHANGING) the
 * profile reads 'starting' (already active in the API) or 'stopping'.
 */
export function strategyStatusLabel(status: StrategyProfileStatus | undefined, actionState: ActionState | undefined): { label: string; pending: boolean } | null {
  if (!status) return null;
  if (actionState === 'CHANGING') return { label: status === 'active' ? 'starting' : 'stopping', pending: true };
  return { label: status, pending: false };
}

/** The detail page: Edit per block needs write on profile_settings; the status button write on profiles. */
export function strategyDetailActions(profiles: Perm, profileSettings: Perm, status: StrategyProfileStatus | undefined) {
  const writes = (perm: Perm) => perm.status === 'Full' || perm.status === 'Limited';
  return {
    // The API changes settings of a draft or inactive profile only.
    edit: writes(profileSettings) && (status === 'draft' || status === 'inactive'),
    statusAction: writes(profiles),
  };
}
