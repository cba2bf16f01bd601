/** Shapes both sides agree on: list answers, error bodies, auth payloads, API paths. */
import type { PrivilegeGroup } from './groups';

export const API_PREFIX = '/api/v2';

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const ERROR_CODES = {
  tokenNotValid: 'token_not_valid',
  secondFactorRequired: 'second_factor_required',
  throttled: 'throttled',
  /** Sign-in: this account is past its failure threshold; solve a `harder` bot-check (SIGN_IN_LIMITS) and send it. */
  harderBotCheck: 'harder_bot_check_required',
} as const;

export interface TokenPair {
  refresh: string;
  access: string;
}

export interface RefreshAnswer extends TokenPair {
  is_sec_factor_passed: boolean;
}

export interface TotpCreateAnswer {
  url: string;
  qr: string;
  is_verified: boolean;
}

/**
 * Google reCAPTCHA v2 (CAPTCHA_PROVIDER=recaptcha): the script the SPA loads, and the origins the
 * Content-Security-Policy then opens to its script and its frames (Google's CSP guidance).
 */
export const RECAPTCHA = {
  scriptUrl: 'https://www.google.com/recaptcha/api.js',
  scriptSources: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frameSources: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
} as const;

/** The reCAPTCHA form of `captcha-challenge/`: the public site key the widget is rendered with. */
export interface RecaptchaChallenge {
  provider: 'recaptcha';
  site_key: string;
}

export interface CaptchaVerifyAnswer {
  is_robot: boolean;
  captcha_token: string | null;
}

export interface CurrentUser {
  id: number;
  email: string;
  is_active: boolean;
  /** The user's group with every section's perm. */
  group: Pick<PrivilegeGroup, 'id' | 'name' | 'perms'> | null;
}

export interface HealthAnswer {
  status: 'ok' | 'down';
  database: 'up' | 'down';
  redis: 'up' | 'down';
  worker: 'up' | 'down';
  /** The engine process: its heartbeat is fresh. */
  engine: 'up' | 'down';
  /**
   * The read replica, only when one is configured (DATABASE_READ_URL). Not part of `status`: while it is
   * down, its reads go to the primary.
   */
  replica?: 'up' | 'down';
  /** How far the replica's replay is behind, in seconds (0: caught up); null when it is down. */
  replica_lag_seconds?: number | null;
}

/** The engine beats engine_state.heartbeat_at every second; older than this, health reports it down. */
export const ENGINE_HEARTBEAT_STALE_SECONDS = 15;

/**
 * The browser's session: the SPA sends this header on every call, and then the API keeps the refresh
 * token in an httpOnly cookie (scoped to the refresh and logout paths) instead of the answer's body.
 * The header also guards those two calls against cross-site requests (a form cannot set it).
 */
export const REFRESH_COOKIE = { name: 'console_refresh', header: 'X-Refresh-Cookie' } as const;

/** API paths under API_PREFIX, trailing slash included. */
export const API_PATHS = {
  health: '/health/',
  captchaChallenge: '/users/captcha-challenge/',
  captchaVerify: '/users/google-captcha-verify/',
  login: '/users/login/',
  totpCreate: '/users/totp/create/',
  totpLogin: (code: string) => `/users/totp/login/${encodeURIComponent(code)}/`,
  tokenRefresh: '/users/token-refresh/',
  logout: '/users/logout/',
  currentUser: '/users/current-user/',
  user: (id: number) => `/users/users/${id}/`,
  users: '/users/users/',
  /** The groups a users manager may put users in (within their own levels), under the users section. */
  userGroupOptions: '/users/users/group_options/',
  updateUserGroup: (id: number) => `/users/users/${id}/update_user/`,
  /** The signed-in user's own live sessions; one of them; all but the current one. */
  ownSessions: '/users/sessions/',
  ownSession: (familyId: string) => `/users/sessions/${encodeURIComponent(familyId)}/`,
  endOtherSessions: '/users/sessions/end-others/',
  ownSignInHistory: '/users/sign-in-history/',
  /** A user's sessions and sign-in history, for those who manage users. */
  userSessions: (id: number) => `/users/users/${id}/sessions/`,
  userSession: (id: number, familyId: string) => `/users/users/${id}/sessions/${encodeURIComponent(familyId)}/`,
  endUserSessions: (id: number) => `/users/users/${id}/sessions/end-all/`,
  userSignInHistory: (id: number) => `/users/users/${id}/sign-in-history/`,
  groups: '/users/groups/',
  /** The signed-in user's own API tokens (api-tokens.ts); a session manages them, never a token. */
  apiTokens: '/users/tokens/',
  apiToken: (id: number) => `/users/tokens/${id}/`,
  /** The signed-in user's own alert channels and their delivery log (alert-channels.ts). */
  alertChannels: '/users/alert-channels/',
  alertDeliveries: '/users/alert-channels/deliveries/',
  /** The signed-in user's own Telegram chat link (telegram-chat.ts). */
  telegramLink: '/users/telegram-link/',
  /** Where Telegram posts the bot's updates in webhook mode (PUBLIC_URL https); public, its secret in a header. */
  telegramWebhook: '/telegram/webhook/',
  group: (id: number) => `/users/groups/${id}/`,
  logs: '/logs/',
  logFilterOptions: '/logs/for_filters/',
  notifications: '/notifications/',
  exchangeAccounts: '/strategies/exchange-accounts/',
  exchangeAccount: (id: number) => `/strategies/exchange-accounts/${id}/`,
  exchangeAccountGoLive: (id: number) => `/strategies/exchange-accounts/${id}/live/`,
  exchangeAccountTestConnection: (id: number) => `/strategies/exchange-accounts/${id}/test-connection/`,
  tgBotSettings: '/notifications/tg-bot-settings/',
  smtpSettings: '/notifications/smtp-settings/',
  investorReportSettings: '/notifications/investor-reports-settings/',
  investorReportSchedules: '/notifications/investor-reports-scheduler/',
  investorReportSchedule: (id: number) => `/notifications/investor-reports-scheduler/${id}/`,
  pairs: '/strategies/pairs/',
  pair: (id: number) => `/strategies/pairs/${id}/`,
  pairOptions: '/strategies/pairs/for-filters/',
  tickerConfigs: '/strategies/tickers-configs/',
  tickerConfig: (id: number) => `/strategies/tickers-configs/${id}/`,
  mmProfiles: '/strategies/mm-profiles/',
  mmProfile: (id: number) => `/strategies/mm-profiles/${id}/`,
  changeMmDeposit: '/strategies/change-deposit-mm-profiles/',
  autoMmDeposit: '/strategies/auto-change-deposit-mm-profiles/',
  mmDepositInfo: '/strategies/mm-profiles-deposit-info/',
  strategyProfiles: '/strategies/profiles/',
  strategyProfile: (id: number) => `/strategies/profiles/${id}/`,
  startStrategyProfile: (id: number) => `/strategies/profiles/${id}/start/`,
  stopStrategyProfile: (id: number) => `/strategies/profiles/${id}/stop/`,
  strategyProfileOptions: '/strategies/profiles/for-filters/',
  strategySettings: (id: number) => `/strategies/strategy-settings/${id}/`,
  mmProfileOptions: '/strategies/mm-profiles/for-filters/',
  systemStatus: '/system-status/',
  profilesStats: '/strategies/profiles-stats/',
  profilesStatsOptions: '/strategies/profiles-stats/for-filters/',
  accountStats: '/strategies/account-stats/',
  accountStatsOptions: '/strategies/account-stats/for-filters/',
  statisticsAdmin: '/statistics/statistics-admin/',
  statisticsClient: '/statistics/statistics-client/',
  systemData: '/strategies/system-data/',
  statisticsChart: '/statistics/statistics-chart/',
  positions: '/position-administration/',
  lostPositions: '/position-administration/lost-positions/',
  accountInfo: '/position-administration/account-info/',
  accountDeposit: (accountId: number) => `/position-administration/account-info/${accountId}/`,
  closeLostPosition: '/position-administration/close-lost-position/',
  /** A position's own actions take the position's id. */
  recoverKExit: (positionId: string) => `/position-administration/${positionId}/recovery-k-exit/`,
  skipCheckKExit: (positionId: string) => `/position-administration/${positionId}/skip-check-k-exit/`,
  bulkSkipCheckKExit: '/position-administration/bulk-skip-check-k-exit/',
  reducePosition: (positionId: string) => `/position-administration/${positionId}/reduce-position/`,
  bulkReducePosition: '/position-administration/bulk-reduce-position/',
  /** The close calls live under signals and take the SIGNAL's id, not the position's. */
  closeMarket: (signalId: string) => `/signals/position/${signalId}/close-market/`,
  closeLimit: (signalId: string) => `/signals/position/${signalId}/close-limit/`,
  closeBestLimit: (signalId: string) => `/signals/positions/${signalId}/close-best-limit/`,
  bulkCloseBestLimit: '/signals/positions/bulk-close-best-limit/',
  bulkCloseMarket: '/signals/positions/bulk-close-market/',
  riskControls: '/strategies/risk-controls/',
  riskControl: (id: number) => `/strategies/risk-controls/${id}/`,
  riskControlGroups: '/strategies/risk-controls/groups/',
  engineCommand: (id: string) => `/engine/commands/${id}/`,
  /** The strategy settings document as JSON Schema, for a team's own engine. */
  engineSettingsSchema: '/engine/settings-schema/',
  signals: '/signals/signals/',
  cancelSignal: (id: string) => `/signals/position/${id}/cancel/`,
  orders: '/orders/orders/',
  cancelOrder: (id: string) => `/orders/order/${id}/cancel/`,
} as const;

/** One group a user may be put in (`users/users/group_options/`), and a user's group in the users list. */
export type GroupOption = Pick<PrivilegeGroup, 'id' | 'name'>;
