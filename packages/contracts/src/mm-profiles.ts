/**
 * Money-management profiles: the list, the profile form and the deposit change. Quoted
 * texts are the spec's; the rest are our own words.
 */
import type { ListQueryAccess } from './list-query';
import type { AnswerFields } from './perms';

export const MM_PROFILE_MESSAGES = {
  titleBlank: 'MM Profile name can’t be blank',
  titleTooLong: 'MM Profile name could be maximum 64 symbols',
  allSignalsQuotaBlank: 'All signals quota can’t be blank',
  maxSignalsBlank: 'Max signals can’t be blank',
  exchangeAccountBlank: 'Exchange acc name can’t be blank',
  maxFactorBlank: 'Max factor can’t be blank',
  maxSignalsInvalid: 'Max signals must be a whole number from 1 to 100000.',
  amountInvalid: 'Enter a number of at least 0 with at most 8 decimals.',
  exchangeAccountUnknown: 'Pick an existing exchange account.',
  onlyInactive: 'Only an inactive MM profile can be changed. Stop it first.',
  statusInvalid: 'Status must be active (start) or inactive (stop).',
  statusMoveInvalid: 'An MM profile starts when inactive and stops when active.',
  accountInUse: 'Strategy profiles trade this MM profile on its account. Give them another MM profile first.',
  operationRequired: 'Pick one option is required',
  sizeRequired: 'Field is required',
  sizeMin: 'min 0.01%',
  sizeMax: 'max 100%',
  reinvestPercentRange: 'Percent must be from 0.01 to 100.',
} as const;

export const MM_PROFILE_TITLE_MAX = 64;

/** The form's fields: create sends them all, an edit of any of them is a form edit (inactive profiles only). */
export const MM_PROFILE_FORM_FIELDS = ['title', 'max_signals_amount', 'max_factor_amount', 'all_signals_quota', 'exchange_account'] as const;

/** The MM screens' own texts and display rules. */
export const MM_PROFILE_UI = {
  listTitle: 'Money management profiles list',
  listEmpty: 'There are no money management profiles yet...',
  reinvestDaily: 'Re-invest daily',
  changeDeposit: 'Change MM Deposit',
  reinvestTooltip: 'Deposit is updated if the current asset sum differs from the previous one by X%.',
  backToProfiles: 'Back to profiles',
  stayOnPage: 'Stay on the page',
  /** A row lists this many strategy profiles; the rest fold away. */
  profilesShown: 2,
} as const;

/** The size presets of the deposit change: 5% to 100% in steps of 5. */
export const DEPOSIT_PERCENT_PRESETS: readonly number[] = Array.from({ length: 20 }, (_, index) => (index + 1) * 5);
export const MM_MAX_SIGNALS_MAX = 100_000;
/** The percent of a deposit change and of the daily re-invest: at least 0.01, a decrease at most 100. */
export const DEPOSIT_PERCENT_MIN = 0.01;
export const DEPOSIT_PERCENT_MAX = 100;
export const DEPOSIT_OPERATIONS = ['increase', 'decrease'] as const;
export type DepositOperation = (typeof DEPOSIT_OPERATIONS)[number];

/** `visibility`: the list shows visible profiles unless asked for hidden ones or all. */
export const MM_PROFILE_VISIBILITIES = ['visible', 'hidden', 'all'] as const;
export type MmProfileVisibility = (typeof MM_PROFILE_VISIBILITIES)[number];

/** `GET strategies/mm-profiles/`: each filter and the field a Limited group must see to use it. */
export const MM_PROFILE_LIST_QUERY = {
  filters: { status: 'status', visibility: 'is_show', direction: 'profiles' },
  orderings: {},
} as const satisfies ListQueryAccess;

/** `GET strategies/mm-profiles/for-filters/?mm_profile=`: options by title. */
export const MM_PROFILE_OPTIONS_QUERY = {
  filters: { mm_profile: 'title' },
  orderings: {},
} as const satisfies ListQueryAccess;

/** The fields an option of that lookup shows (a Limited group without `title` gets ids only). */
export const MM_PROFILE_OPTION_FIELDS = { title: 'title' } as const satisfies AnswerFields;
