import { EXCHANGE_ACCOUNT_RESOURCE } from '@console/contracts';
import { defineList } from '../common/list-query/list-declaration';
import type { ExchangeAccountsQuery } from './exchange-accounts.dto';

/** One account as stored, without its secret. */
export const ACCOUNT_COLUMNS = `id, title, api_key, leverage, broker_id, broker_program_is_active, broker_program_is_available, exchange, market, mode, api_url`;

/** The exchange accounts, oldest first (the settings block scrolls through them). */
export const ACCOUNT_LIST = defineList<ExchangeAccountsQuery, typeof EXCHANGE_ACCOUNT_RESOURCE.query>(EXCHANGE_ACCOUNT_RESOURCE.query, {
  name: 'exchange accounts',
  from: 'exchange_accounts',
  columns: ACCOUNT_COLUMNS,
  key: 'exchange_accounts.id',
  filters: {},
  orderings: {},
  defaultOrder: [{ column: 'exchange_accounts.id' }],
  defaultPageSize: 100,
  count: { kind: 'exact' },
});
