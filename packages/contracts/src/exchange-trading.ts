/**
 * Trading on an exchange: an account's mode, the exchanges it may trade on outside paper, the switch to
 * live and the connection test. Written once; the API validates with it and the SPA's form reads it.
 */

/**
 * `paper`: the engine's own fills (today's behaviour, the default); `demo`: the exchange's demo or
 * testnet (ccxt's sandbox mode); `live`: real money, reached only through the switch to live.
 */
export const ACCOUNT_MODES = ['paper', 'demo', 'live'] as const;
export type AccountMode = (typeof ACCOUNT_MODES)[number];
export const DEFAULT_ACCOUNT_MODE: AccountMode = 'paper';
/** The modes the account form may set; `live` needs its own confirmed switch. */
export const FORM_ACCOUNT_MODES = ['paper', 'demo'] as const satisfies readonly AccountMode[];
export const ACCOUNT_MODE_LABELS: Record<AccountMode, string> = {
  paper: 'Paper (simulated fills)',
  demo: 'Demo / testnet of the exchange',
  live: 'Live (real funds)',
};

/**
 * The ccxt exchanges an account may trade on in `demo` or `live` (the pairs are USDT perpetuals):
 * Binance USDⓈ-M futures and Bybit linear perpetuals. A paper account may name any ccxt id (whose candles
 * it reads).
 */
export const TRADING_EXCHANGES = [
  { id: 'binanceusdm', label: 'Binance USDⓈ-M futures' },
  { id: 'bybit', label: 'Bybit linear perpetuals' },
] as const;
export type TradingExchangeId = (typeof TRADING_EXCHANGES)[number]['id'];
export const TRADING_EXCHANGE_IDS: readonly string[] = TRADING_EXCHANGES.map((e) => e.id);

export const EXCHANGE_TRADING_LIMITS = {
  apiUrlMax: 255,
  /** An origin only (scheme, host, port): ccxt keeps each endpoint's path. Empty means none. */
  apiUrlPattern: /^$|^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\/?$/,
  confirmationMax: 64,
  /** How long a connection test waits for the exchange. */
  connectionTimeoutMs: 10_000,
} as const;

export const EXCHANGE_TRADING_MESSAGES = {
  modeInvalid: `The mode is one of ${FORM_ACCOUNT_MODES.join(', ')}; live has its own switch.`,
  exchangeNotTradable: `Demo and live trading work on ${TRADING_EXCHANGE_IDS.join(', ')} only.`,
  apiUrlInvalid: 'Enter the API URL as http(s)://host[:port] with no path, or leave it empty.',
  apiUrlTooLong: `API URL could be maximum ${EXCHANGE_TRADING_LIMITS.apiUrlMax} symbols`,
  totpRequired: 'Enter the current code of your authenticator app.',
  totpWrong: 'The authenticator code is wrong or was used already.',
  totpNotSetUp: 'Set up two-factor authentication on your account before switching an account to live.',
  confirmationRequired: 'Type the account’s title to confirm.',
  confirmationWrong: 'The confirmation does not match the account’s title.',
  alreadyLive: 'This account is live already.',
  paperHasNoConnection: 'A paper account trades on no exchange: choose demo or live first.',
} as const;

/** `POST strategies/exchange-accounts/{id}/live/`: the user's current TOTP code and the account's title typed again. */
export interface GoLiveBody {
  totp_code: string;
  confirmation: string;
}

/** One currency of the exchange's balance, amounts as the exchange gave them (decimal strings). */
export interface ConnectionBalance {
  currency: string;
  free: string | null;
  used: string | null;
  total: string | null;
}

/**
 * `POST strategies/exchange-accounts/{id}/test-connection/`: whether the exchange accepted the keys,
 * its balances when it did, else its own error message. Never the secret.
 */
export interface ConnectionTestAnswer {
  ok: boolean;
  exchange: string;
  mode: AccountMode;
  balances: ConnectionBalance[];
  error: string | null;
}

export const EXCHANGE_TRADING_UI = {
  mode: 'Mode',
  apiUrl: 'API URL (optional)',
  apiUrlHelp: 'Another host for the exchange’s API: a testnet, a regional host or a proxy.',
  demoFirst: 'Run a new account in demo first; switch it to live once its orders look right.',
  goLive: 'Switch to live',
  goLiveTitle: (title: string) => `Switch “${title}” to live`,
  goLiveText: 'Orders will be placed with real funds. Type the account’s title and your authenticator code.',
  confirmation: 'Account title',
  totpCode: 'Authenticator code',
  wentLive: 'The account is live.',
  testConnection: 'Test connection',
  connectionOk: 'The exchange accepted the keys.',
  connectionFailed: 'The exchange refused:',
  noBalances: 'No balances.',
} as const;
