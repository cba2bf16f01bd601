/**
 * Strategy profiles: the list, statuses and their actions. Quoted
 * texts are the spec's; the rest are our own words.
 */
import { FORMATS } from './columns';
import type { ListQueryAccess } from './list-query';
import type { AnswerFields } from './perms';
import type { NamedRef } from './positions';
import { defineResource } from './resource';
import type { ActionState, Direction, StrategyProfileStatus, StrategySettingsSchemaType, Timeframe } from './trading';

export const STRATEGY_PROFILE_MESSAGES = {
  titleBlank: 'Strategy profile name can’t be blank',
  titleTooLong: 'Strategy profile name could be maximum 64 symbols',
  mmProfileBlank: 'MM Profile can’t be blank',
  tickersBlank: 'Tickers list can’t be blank',
  incomplete: 'Include all necessary fields',
  mmProfileUnknown: 'Pick an existing MM profile.',
  tickersUnknown: 'Pick an existing ticker list.',
  templateUnknown: 'Pick an existing strategy profile as the template.',
  onlyWhenStopped: 'Stop the profile before changing it.',
  statusByActions: 'Start and stop a profile with its Start and Stop actions.',
  cannotStart: 'Only an inactive or stopping profile can start.',
  cannotStop: 'Only an active profile can stop.',
  draftCannotStart: 'Finish the profile before starting it.',
  settingsIncomplete: 'Complete the profile’s settings before starting it.',
} as const;

export const STRATEGY_PROFILE_TITLE_MAX = 64;
export const STRATEGY_PROFILE_PAGE_SIZE = 20;

/** The list screen's own texts and display rules. */
export const STRATEGY_PROFILE_UI = {
  listTitle: 'Strategy profiles list',
  listEmpty: 'There are no strategy profiles yet...',
  hideUnpicked: 'Hide Unpicked',
  showAll: 'Show All',
  addFormTitle: 'New strategy profile',
  /** A row lists this many pairs; the rest fold away. */
  pairsShown: 2,
  /** The fixed page of the list: 20 rows, no size choice. */
  pageSizes: { options: [STRATEGY_PROFILE_PAGE_SIZE], default: STRATEGY_PROFILE_PAGE_SIZE },
  /** The wizard's query parameter naming the draft it continues. */
  wizardProfileParam: 'id',
  /** Stopping a running profile ends its trading, so it is asked first; starting is not. */
  stopConfirmTitle: 'Stop the strategy profile?',
  stopConfirmText: (title: string) => `${title} is trading. Stopping it takes no new signals until it is started again.`,
  stopConfirmLabel: 'Stop',
  /** Toasts when the engine has answered a start or stop (or has not, after engineAnswerWaitMs). */
  started: (title: string) => `${title} started.`,
  stopped: (title: string) => `${title} stopped.`,
  engineRefused: (title: string, command: 'start' | 'stop') => `The engine did not ${command} ${title}. The logs say why.`,
  engineSilent: (title: string) => `The engine has not answered for ${title} yet; its status changes when it does.`,
  engineAnswerWaitMs: 60_000,
} as const;

/** How the list and its direction filter name a direction. */
export const PROFILE_DIRECTION_LABELS: Record<Direction, string> = { long: 'Long', short: 'Short' };

/** A strategy profile as `GET strategies/profiles/` and `…/{id}/` answer it at Full (and its writes and actions). */
export interface StrategyProfile {
  id: number;
  title: string;
  status: StrategyProfileStatus;
  /** CHANGING while the engine has a start or stop to confirm. */
  action_state: ActionState;
  profile_direction: Direction;
  /** The template profile's id. */
  template: number | null;
  mm_profile: NamedRef | null;
  /** The ticker list's id. */
  tickers: number | null;
  ticker_configs_name: string | null;
  timeframe: Timeframe | null;
  exchange_account: NamedRef | null;
  /** The tickers of its list. */
  pairs: string[];
  is_show: boolean;
  created_at: string;
}

/** A profile as a group gets it, in the list and alone: at Limited only the group's fields and the id. */
export type StrategyProfileRow = Pick<StrategyProfile, 'id'> & Partial<StrategyProfile>;

/** An option of `for-filters/` (profiles to pick, templates): its title only where the group sees it. */
export type StrategyProfileOption = Pick<StrategyProfile, 'id'> & Partial<Pick<StrategyProfile, 'title'>>;

/**
 * `GET`/`PUT strategies/strategy-settings/{id}/`: the settings document as stored (a draft holds the
 * blocks filled so far).
 */
export interface StrategySettings {
  schema_type: StrategySettingsSchemaType;
  settings: Record<string, unknown>;
}

/**
 * `GET strategies/profiles/`: direction filter, visibility (`show_hide=true` shows hidden profiles too)
 * and the direction sort, each with the field a Limited group must see.
 */
export const STRATEGY_PROFILE_LIST_QUERY = {
  filters: { direction: 'profile_direction', show_hide: 'is_show' },
  orderings: { profile_direction: 'profile_direction' },
} as const satisfies ListQueryAccess;

/**
 * 'Strategy profiles list': the name, account, direction (sortable), time frame, ticker list, MM profile
 * and status; the screen adds the visibility checkbox and the action.
 */
export const STRATEGY_PROFILE_RESOURCE = defineResource<StrategyProfileRow>()({
  name: 'strategy-profiles',
  section: 'profiles',
  query: STRATEGY_PROFILE_LIST_QUERY,
  columns: [
    { field: 'title', header: 'Strategy profile', format: FORMATS.text, limited: true },
    { field: 'exchange_account', header: 'Exchange account', format: FORMATS.text, limited: true },
    { field: 'profile_direction', header: 'Signal direction', format: FORMATS.labels(PROFILE_DIRECTION_LABELS), limited: true },
    { field: 'timeframe', header: 'Time frame', format: FORMATS.text, limited: true },
    { field: 'ticker_configs_name', header: 'Ticker list', format: FORMATS.text, limited: true },
    { field: 'mm_profile', header: 'MM profile', format: FORMATS.text, limited: true },
    { field: 'status', header: 'Status', format: FORMATS.text, limited: true },
  ],
});

/** `for-filters/?search=`: profiles (and templates) by title or id. */
export const STRATEGY_PROFILE_OPTIONS_QUERY = {
  filters: { search: 'title' },
  orderings: {},
} as const satisfies ListQueryAccess;

/** The fields an option of that lookup shows (a Limited group without `title` gets ids only). */
export const STRATEGY_PROFILE_OPTION_FIELDS = { title: 'title' } as const satisfies AnswerFields;
