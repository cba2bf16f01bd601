/** What other features may use of the system settings: the exchange accounts (the backtest form reads an account's exchange). */
export { useExchangeAccounts } from './api/get-exchange-accounts';
