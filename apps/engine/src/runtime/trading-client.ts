/**
 * The ccxt client that trades as an exchange account: one definition for the API's "Test connection"
 * and the engine's exchange venue, so the test checks the very client the orders go through.
 */
import ccxt, { type Exchange } from 'ccxt';
import { EXCHANGE_TRADING_LIMITS, type AccountMode } from '@console/contracts';

/** ccxt's `urls.api`: an endpoint family's base URL, or families nested by name. */
export type ApiUrls = string | { [key: string]: ApiUrls };

/** Every base URL moved to `origin` (scheme, host, port), each endpoint keeping its path. */
export function pointAt(urls: ApiUrls, origin: string): ApiUrls {
  if (typeof urls === 'string') return urls.replace(/^https?:\/\/[^/]+/, origin.replace(/\/$/, ''));
  return Object.fromEntries(Object.entries(urls).map(([key, value]) => [key, pointAt(value, origin)]));
}

export interface TradingAccount {
  exchange: string;
  mode: AccountMode;
  api_url: string | null;
  api_key: string;
}

/** A ccxt client trading as the account: its keys, its mode's host (sandbox in demo), its API URL, the rate limit on. */
export function tradingClient(account: TradingAccount, secret: string): Exchange {
  const classes = ccxt as unknown as Record<string, new (config: object) => Exchange>;
  const client = new classes[account.exchange]({ apiKey: account.api_key, secret, enableRateLimit: true, timeout: EXCHANGE_TRADING_LIMITS.connectionTimeoutMs });
  if (account.mode === 'demo') client.setSandboxMode(true);
  if (account.api_url) client.urls.api = pointAt(client.urls.api as ApiUrls, account.api_url) as typeof client.urls.api;
  return client;
}
