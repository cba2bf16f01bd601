/**
 * Money-management profiles: the list, the profile form and the deposit change. Quoted
 * texts are the spec's; the rest are our own words.
 */
import type { Paginated } from './api';
import { FORMATS } from './columns';
import type { ListQueryAccess } from './list-query';
import type { AnswerFields } from './perms';
import type { NamedRef } from './positions';
import { defineResource } from './resource';
import type { SECTION_FIELDS } from './sections';
import { TRADING_DECIMALS, type MmProfileStatus } from './trading';

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

/** An MM profile as `GET strategies/mm-profiles/` and `…/{id}/` answer it at Full (and its writes). */
export interface MmProfile {
  id: number;
  title: string;
  /** The strategy profiles that use it. */
  profiles: NamedRef[];
  max_signals_amount: number;
  max_factor_amount: number;
  /** USD. */
  all_signals_quota: number;
  /** all_signals_quota / max_signals_amount, 2 decimals. */
  one_signal_quota: number;
  exchange_account: NamedRef;
  status: MmProfileStatus;
  is_show: boolean;
  created_at: string;
}

/** A profile as a group gets it, in the list and alone: at Limited only the group's fields and the id. */
export type MmProfileRow = Pick<MmProfile, 'id'> & Partial<MmProfile>;

/** The list's summary row: sums over every profile the filters match, each only where its field is visible. */
export interface MmProfileSummary {
  sum_all_signals_quota?: number;
  sum_one_signal_quota?: number;
}

/** `GET strategies/mm-profiles/`: the page and the summary. */
export interface MmProfileList extends Paginated<MmProfileRow> {
  summary: MmProfileSummary;
}

/** An option of `for-filters/`: its title only where the group sees it. */
export type MmProfileOption = Pick<MmProfile, 'id'> & Partial<Pick<MmProfile, 'title'>>;

/**
 * `GET strategies/mm-profiles-deposit-info/` (and the answer of a deposit change): the chips, USD. A
 * Limited group gets a chip only when it sees every field it is summed from (MM_DEPOSIT_INFO_FIELDS).
 */
export interface MmDepositInfo {
  ideo_r_long?: number;
  ideo_r_short?: number;
  mm_asset_sum: number;
  mm_deposit?: number;
}

/**
 * The MM profile fields each deposit chip is summed from: a total over every profile tells as much about
 * a quota as the quota itself, so it follows the field. The asset sum comes from the accounts' metrics.
 */
export const MM_DEPOSIT_INFO_FIELDS = {
  ideo_r_long: ['all_signals_quota', 'max_factor_amount'],
  ideo_r_short: ['all_signals_quota', 'max_factor_amount'],
  mm_asset_sum: [],
  mm_deposit: ['all_signals_quota'],
} as const satisfies Record<keyof MmDepositInfo, readonly (typeof SECTION_FIELDS)['mm_profiles'][number][]>;

/** `GET`/`PUT strategies/auto-change-deposit-mm-profiles/`: the daily re-invest (percent 0 while off). */
export interface MmAutoDeposit {
  is_auto_change_mm_depo_enabled: boolean;
  auto_change_mm_depo_percent: number;
}

/** Quotas are dollars to the cent, written without the symbol as the form takes them (and the summary sums them). */
const QUOTA = FORMATS.number(TRADING_DECIMALS.oneSignalQuota);

/**
 * 'Money management profiles list': each row's figures and links; the screen adds the visibility switch
 * and the action where the group may use them.
 */
export const MM_PROFILE_RESOURCE = defineResource<MmProfileRow>()({
  name: 'mm-profiles',
  section: 'mm_profiles',
  query: MM_PROFILE_LIST_QUERY,
  columns: [
    { field: 'title', header: 'Title', format: FORMATS.text, limited: true },
    { field: 'profiles', header: 'Strategy profiles', format: FORMATS.text, limited: true },
    { field: 'max_signals_amount', header: 'Max signals', format: FORMATS.integer, limited: true },
    { field: 'max_factor_amount', header: 'Max factor', format: FORMATS.number(2), limited: true },
    { field: 'all_signals_quota', header: 'All signals quota', format: QUOTA, limited: true },
    { field: 'one_signal_quota', header: 'One signal quota', format: QUOTA, limited: true },
    { field: 'exchange_account', header: 'Exchange account', format: FORMATS.text, limited: true },
    { field: 'status', header: 'Status', format: FORMATS.text, limited: true },
    { field: 'created_at', header: 'Created', format: FORMATS.dateTime, limited: true },
  ],
});

/** `GET strategies/mm-profiles/for-filters/?mm_profile=`: options by title. */
export const MM_PROFILE_OPTIONS_QUERY = {
  filters: { mm_profile: 'title' },
  orderings: {},
} as const satisfies ListQueryAccess;

/** The fields an option of that lookup shows (a Limited group without `title` gets ids only). */
export const MM_PROFILE_OPTION_FIELDS = { title: 'title' } as const satisfies AnswerFields;
