import { INPUT_LIMITS } from './input';

/** The spec's exact texts. Quoted there, used verbatim here. */

export const MESSAGES = {
  // error catalogue
  serverError: 'Server error. Please call system administrator',
  tooLongError: 'Some error occurred, please report it to development team',
  loginInvalid: 'Email or password are invalid.',
  captchaFailed: 'You did not pass captcha.',
  qrCodeError: 'Error with QR code for 2FA',
  twoFactorFailed: 'You didnt pass 2FA',
  valuesNotChanged: 'All values has not changed',

  // login
  emailInvalid: 'Please enter the valid email',
  emailBlank: 'Email can’t be blank',
  passwordBlank: 'Password can’t be blank',
  twoFactorRequired: '2FA code is required',
  scanQr: 'Scan QR-code with Google Authenticator',
  scanQrAnd: 'and',
  /** The modal names the app by kind (any authenticator app works), so it says 'Scan QR-code with' + that. */
  scanQrWith: 'Scan QR-code with',
  enterCode: 'Enter authentication code',

  // account details
  accountEmailInvalid: 'Please enter the valid email.',
  bothPasswordsRequired: 'If you want to change password, please fill in both password fields.',
  newPasswordSameAsOld: 'The new password should differs to old one.',
  dataUpdated: 'Your data updated.',

  // exchange account, telegram, investor
  nameBlank: 'Name can’t be blank',
  nameTooLong: 'Name could be maximum 64 symbols',
  leverageRange: 'Leverage could be maximum only 0-100',
  reportHourRange: 'Allowed time is from 00:00 until 6:00',

  // group form
  groupNameRequired: 'Group name is required',
  fieldRequired: 'This field is required',

  // empty states
  noNotifications: 'No notifications yet...',
  noLogs: 'There are no logs yet...',
  noGroups: 'There are no privileged groups yet...',
  noAccounts: 'No accounts yet',
  noPairs: 'No trading pairs yet',
  noData: 'No Data...',
} as const;

/** Titles and labels quoted by the spec. */
export const LABELS = {
  logsTitle: 'Logs dashboard',
  addNewGroup: 'Add New Group',
  addNewUser: 'Add New User',
  logOut: 'Log out',
  authenticatorApp: 'an authenticator app',
  authenticatorCode: 'Authenticator code',
  manualKey: 'Or enter this key in the app:',
} as const;

/** Messages of our own, where the product gives no text (docs/decisions/hardening.md). */
export const OWN_MESSAGES = {
  invalidCursor: 'This page link is no longer valid. Open the list from its first page.',
  ownGroupChange: 'You cannot change your own group.',
  grantBeyondOwn: 'You cannot grant more than your own privileges.',
  groupBeyondOwn: 'You cannot change a group that has more privileges than you.',
  userBeyondOwn: 'You cannot change a user whose group has more privileges than yours.',
  userBeyondOwnRead: 'You cannot see the sessions or sign-in history of a user whose group has more privileges than yours.',
  lastAdministrator: 'At least one active user must keep every privilege at Full.',
  userNotActive: 'This user is not active.',
  ownAccountDeactivation: 'You cannot delete your own account.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  harderBotCheck: 'Many sign-ins to this account have failed lately, so it now asks for a longer bot-check. Your browser solves it: try again.',
  secondFactorRequired: 'Two-factor authentication is required.',
  tokenNotValid: 'Token is invalid or expired',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  bodyTooLarge: 'Request body is too large.',
  malformedJson: 'Malformed JSON in request body.',
  unknownField: 'This field is not allowed.',
  oldPasswordWrong: 'The old password is incorrect.',
  currentPasswordForEmail: 'Enter your current password in Old password to change the email.',
  passwordRules: 'Password must have at least 8 characters, a lowercase letter, an uppercase letter, a digit and a symbol.',
  newUserPasswordRules: 'Password must have at least 8 characters with a letter, a number and a special character.',
  passwordsDoNotMatch: 'Passwords do not match.',
  emailTaken: 'A user with this email already exists.',
  groupNameTaken: 'A group with this name already exists.',
  groupRequired: 'Please pick a group.',
  groupHasUsers: 'This group still has users. Move them to another group first.',
  levelNotAllowed: 'This level is not allowed for this section.',
  filteringNotAllowed: 'Filtering is not allowed for your group.',
  sortingNotAllowed: 'Sorting is not allowed for your group.',
  fieldNotAllowed: 'Your group may not use this action.',
  /** An action (contracts' ACTIONS) no section of the group allows. */
  actionNotAllowed: (action: string) => `Your group may not use this action: ${action}.`,
  /** A write that would change a field the Limited group cannot see. */
  fieldNotWritable: (field: string) => `Your group may not change the field ${field}.`,
  gateNeedsFields: (gate: string, fields: readonly string[]) => `The ${gate} field allows an action that writes ${fields.join(' and ')}: make them visible too, or leave ${gate} off.`,
  sectionUnknown: 'Unknown section.',
  sectionListedTwice: 'This section is listed twice.',
  credentialsMissing: 'Authentication credentials were not provided.',
  loggedOut: 'Logged out.',
  logFilterFieldInvalid: 'Use field=pair or field=profile.',
  orderingUnknown: 'This list cannot be sorted that way.',
  botStatusInvalid: 'Status must be enabled or disabled.',

  // any route's input (input.ts): field messages in the spec's wording, bodies refused whole with {detail}
  idInvalid: 'Please enter the valid id',
  // a value of the wrong type, named by the type it should have (a field's own rule may say more)
  textExpected: 'This field must be text.',
  numberExpected: 'This field must be a number.',
  wholeNumberExpected: 'This field must be a whole number.',
  booleanExpected: 'Use true or false.',
  listExpected: 'This field must be a list.',
  objectExpected: 'This field must be an object.',
  pageInvalid: `Page could be only 1-${INPUT_LIMITS.pageMax}`,
  textInvalid: 'Please enter the text without NUL characters or broken symbols',
  bodyTooDeep: 'Request body is nested too deeply.',
  valueInvalid: 'A value in the request is malformed or out of range.',
  conflict: 'This conflicts with a change made at the same time. Please reload and try again.',
  bodyTimeout: 'Request body took too long to arrive.',
  badRequest: 'Bad request.',
} as const;
