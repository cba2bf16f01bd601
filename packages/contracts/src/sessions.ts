/**
 * Sessions (a user's live sign-ins) and sign-in history, as the account details screen and the users
 * screen show them. Our own words: the spec gives none.
 */
import { PAGE_SIZES } from './limits';

/** What a sign-in attempt came to, as the history shows it. */
export const SIGN_IN_OUTCOMES = ['success', 'wrong_password', 'wrong_code', 'locked', 'bot_check_failed', 'inactive'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

export const SIGN_IN_OUTCOME_LABELS: Record<SignInOutcome, string> = {
  success: 'Success',
  wrong_password: 'Wrong password',
  wrong_code: 'Wrong code',
  locked: 'Locked',
  bot_check_failed: 'Bot-check failed',
  inactive: 'Account deactivated',
};

/**
 * Limits on guessing passwords (OWASP ASVS 2.2), counted so that nobody can lock the owner out: failures
 * per account *and client address* (the limit one attacker meets, then 429) and per address (then 429);
 * failures on the account from anywhere never refuse anyone: past `perAccount.max` in its window every
 * attempt on that account needs the harder bot-check, `harderWorkFactor` times the usual proof of work
 * (a few seconds in the owner's browser, as much for each guess of an attacker). Only attempts that
 * passed a bot-check are counted, so pushing an account over its threshold is never free.
 */
export const SIGN_IN_LIMITS = {
  perAccountAndAddress: { max: 5, windowSeconds: 15 * 60 },
  perAddress: { max: 20, windowSeconds: 60 },
  perAccount: { max: 50, windowSeconds: 60 * 60 },
  harderWorkFactor: 20,
} as const;

/** The bot-check's levels: `?level=harder` on the challenge asks for the costlier one. */
export const CAPTCHA_LEVELS = ['usual', 'harder'] as const;
export type CaptchaLevel = (typeof CAPTCHA_LEVELS)[number];
export const CAPTCHA_LEVEL_PARAM = 'level';

export const SESSION_LIMITS = {
  /** The history reaches this far back (older rows also leave with the logs they are). */
  historyDays: 90,
  /** The history's count is exact up to this many rows, an estimate beyond. */
  historyCountCap: 1_000,
  historyPageSizes: PAGE_SIZES.generic,
  /** A session's last activity is written at most this often, so busy sessions do not write on every request. */
  lastActiveEverySeconds: 60,
  /** The longest user agent kept with a session. */
  userAgentMax: 512,
} as const;

/** One live session (`users/sessions/`, `users/users/{id}/sessions/`): newest activity first. */
export interface UserSession {
  id: string;
  browser: string;
  system: string;
  address: string;
  signed_in_at: string;
  last_active_at: string;
  /** The session this request comes from (always false in another user's list). */
  is_current: boolean;
}

/** `GET users/sessions/`, `users/users/{id}/sessions/`: every live session, no pages. */
export interface UserSessionList {
  results: UserSession[];
}

/** What ending one or more sessions answers: the message to show, and how many were ended. */
export interface SessionsEnded {
  detail: string;
  ended: number;
}

/** One sign-in attempt (`users/sign-in-history/`, `users/users/{id}/sign-in-history/`): newest first. */
export interface SignInAttempt {
  id: string;
  created_at: string;
  address: string;
  browser: string;
  system: string;
  outcome: SignInOutcome;
}

/** 'Chrome on Linux': how a notice and the new-device check name a browser. */
export function deviceName(browser: string, system: string): string {
  return system ? `${browser} on ${system}` : browser;
}

export const SESSION_MESSAGES = {
  sessionEnded: 'The session was ended.',
  otherSessionsEnded: 'Your other sessions were ended.',
  userSessionsEnded: 'Every session of this user was ended.',
  /** The users screen ends others' sessions; one's own are ended from the account details. */
  ownSessionsFromAccount: 'End your own sessions from Account details.',
  familyIdInvalid: 'Please enter the valid session id',
} as const;

const END_SESSION = 'End session';

export const SESSION_UI = {
  sessionsTitle: 'Sessions',
  historyTitle: 'Sign-in history',
  browser: 'Browser',
  system: 'System',
  address: 'Address',
  signedInAt: 'Signed in at',
  lastActiveAt: 'Last active at',
  time: 'Time',
  outcome: 'Outcome',
  end: 'End',
  endAction: END_SESSION,
  thisSession: 'This session',
  endOthers: 'End all other sessions',
  endAll: 'End all sessions',
  details: 'Sessions',
  /** The accessible names of a row's buttons, which name what they act on. */
  detailsOf: (email: string) => `Sessions of ${email}`,
  endActionFor: (device: string, address: string) => `${END_SESSION}: ${device}, ${address}`,
  noSessions: 'No live sessions',
  noHistory: `No sign-in attempts in the last ${SESSION_LIMITS.historyDays} days`,
  unknown: 'Unknown',
  endOneTitle: END_SESSION,
  endOneText: (device: string) => `${device} will be signed out at its next request.`,
  endOthersTitle: 'End all other sessions',
  endOthersText: 'Every session but this one will be signed out at its next request.',
  endAllTitle: 'End all sessions',
  endAllText: (email: string) => `${email} will be signed out everywhere at the next request.`,
  userDialogTitle: (email: string) => `Sessions of ${email}`,
  close: 'Close',
} as const;
