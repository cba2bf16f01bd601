import {
  canOpenRoute,
  canWrite,
  isFieldAllowed,
  mayRunAction,
  mayWriteFields,
  PATHS,
  permOf,
  STRATEGY_PROFILE_UI,
  type ActionState,
  type PermHolder,
  type StrategyProfileStatus,
} from '@console/contracts';

/** What the strategy profiles list offers a group: each button only where the API would take its call. */
export interface StrategyListActions {
  /** Add (a dialog that sends the title): the declared add action, and the title field at Limited. */
  add: boolean;
  /** The visibility checkbox: the declared visibility action (at Limited the `is_show` field). */
  visibility: boolean;
  /** Start and Stop: not at ReadOnly. */
  statusAction: boolean;
  /** Continue opens the wizard: only for a group the wizard's route admits. */
  continueDraft: boolean;
  /** 'Hide Unpicked' / 'Show All' and the direction filter read the fields they filter on (as the API checks). */
  showAllToggle: boolean;
  directionFilter: boolean;
  /** The name opens the profile page only for a group its route admits (profiles and profile_settings). */
  nameLinks: boolean;
}

export function strategyListActions(holder: PermHolder | null | undefined): StrategyListActions {
  const profiles = permOf(holder, 'profiles');
  return {
    add: mayRunAction(profiles, 'addStrategyProfile') && mayWriteFields(profiles, ['title']),
    visibility: mayRunAction(profiles, 'strategyProfileVisibility'),
    statusAction: canWrite(holder, 'profiles'),
    continueDraft: canOpenRoute(holder, 'addStrategyProfile'),
    showAllToggle: profiles.filtering && isFieldAllowed(profiles, 'is_show'),
    directionFilter: profiles.filtering && isFieldAllowed(profiles, 'profile_direction'),
    nameLinks: canOpenRoute(holder, 'strategyProfile'),
  };
}

export type StrategyStatusAction = { label: 'Start'; command: 'start' } | { label: 'Stop'; command: 'stop' } | { label: 'Continue'; command: 'continue' };

/** The status action: Stop when active, Start when inactive or stopping, Continue (the wizard) for a draft. */
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

/**
 * The detail page: Edit per block needs write on profile_settings (and a draft or inactive profile,
 * the only ones whose settings the API changes); Start/Stop write on profiles; Continue the wizard's route.
 */
export function strategyDetailActions(holder: PermHolder | null | undefined, status: StrategyProfileStatus | undefined) {
  return {
    edit: canWrite(holder, 'profile_settings') && (status === 'draft' || status === 'inactive'),
    statusAction: canWrite(holder, 'profiles'),
    continueDraft: canOpenRoute(holder, 'addStrategyProfile'),
  };
}

/** The status button shown for a profile: Continue only where the wizard opens. */
export function shownStatusAction(status: StrategyProfileStatus | undefined, actions: { statusAction: boolean; continueDraft: boolean }): StrategyStatusAction | null {
  const action = strategyStatusAction(status);
  if (!action || !actions.statusAction) return null;
  return action.command === 'continue' && !actions.continueDraft ? null : action;
}
