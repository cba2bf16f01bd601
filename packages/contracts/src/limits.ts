/** Business constants and limits. */
export const LIMITS = {
  nameMax: 64,
  apiKeyMax: 64,
  brokerIdMax: 64,
  botTokenMax: 512,
  chatIdMax: 16,
  investorChatIdMax: 512,
  leverageMin: 0,
  leverageMax: 100,
  investorReportHourMax: 6,
  passwordMin: 8,
  errorMessageMax: 350,
  accountTitleTruncate: 35,
  accountsScrollAt: 6,
  pairsScrollAt: 10,
  usersAndGroupsPageSize: 40,
  toastMs: 3000,
  notificationsScrollDebounceMs: 700,
  fieldSearchDebounceMs: 300,
  autocompleteBottomPx: 5,
  /** Rows an autocomplete asks for at a time: enough to overflow its list, so scrolling can ask for more. */
  autocompletePageSize: 20,
  sideMenuOpenPx: 240,
  sideMenuClosedPx: 74,
} as const;

export const PAGE_SIZES = {
  generic: { options: [10, 25, 100], default: 10 },
  signals: { options: [10, 20, 50, 100, 200, 500], default: 200 },
  logs: { options: [50, 100, 200, 500], default: 500 },
  mmProfiles: { options: [50, 100, 200, 500], default: 50 },
} as const;

/** The most ids a list's `…__in` filter takes at once. */
export const ID_LIST_MAX = 100;

/** The largest page any list serves, whatever page_size asks. */
export const MAX_PAGE_SIZE = 500;

export const DATE_FORMATS = {
  date: 'dd.MM.yyyy',
  dateTime: 'dd.MM.yyyy HH:mm:ss',
} as const;

export const EMPTY_VALUE = '-';

/** Text cut at `max` characters (whole characters, emoji included), with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** An exchange account's title as every screen shows it: cut at 35 characters, with an ellipsis when cut. */
export function formatAccountTitle(title: string): string {
  return truncateText(title, LIMITS.accountTitleTruncate);
}

/** Account-details password: 8+ with lower, upper, digit and symbol. */
export const ACCOUNT_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/;

/**
 * What a change of one's own account is: a new email needs the current password in
 * old_password; a password change needs both passwords. The API and the account form read it alike.
 */
export function ownAccountChange(currentEmail: string, change: { email: string; old_password?: string; new_password?: string }) {
  const emailChanging = change.email.trim().toLowerCase() !== currentEmail.trim().toLowerCase();
  const oldPassword = change.old_password ?? '';
  const newPassword = change.new_password ?? '';
  const changingPassword = newPassword !== '' || (oldPassword !== '' && !emailChanging);
  return { emailChanging, changingPassword, needsOldPassword: emailChanging || changingPassword };
}
/** New-user password: 8+ with a letter, a number and a special character. */
export const NEW_USER_PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
