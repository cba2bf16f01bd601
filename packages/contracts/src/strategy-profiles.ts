/**
 * Strategy profiles: the list, statuses and their actions. Quoted
 * texts are the spec's; the rest are our own words.
 */
import type { ListQueryAccess } from './list-query';
import type { AnswerFields } from './perms';

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
} as const;

/**
 * `GET strategies/profiles/`: direction filter, visibility (`show_hide=true` shows hidden profiles too)
 * and the direction sort, each with the field a Limited group must see.
 */
export const STRATEGY_PROFILE_LIST_QUERY = {
  filters: { direction: 'profile_direction', show_hide: 'is_show' },
  orderings: { profile_direction: 'profile_direction' },
} as const satisfies ListQueryAccess;

/** `for-filters/?search=`: profiles (and templates) by title or id. */
export const STRATEGY_PROFILE_OPTIONS_QUERY = {
  filters: { search: 'title' },
  orderings: {},
} as const satisfies ListQueryAccess;

/** The fields an option of that lookup shows (a Limited group without `title` gets ids only). */
export const STRATEGY_PROFILE_OPTION_FIELDS = { title: 'title' } as const satisfies AnswerFields;
