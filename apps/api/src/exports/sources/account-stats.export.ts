import { ACCOUNT_STATS_LIST } from '../../stats/account-stats.list';
import type { AccountStatsQuery } from '../../stats/stats.dto';
import type { ExportColumn, ExportSource } from '../export-source';
import { FIGURE_COLUMNS } from './stats-columns';

const COLUMNS: readonly ExportColumn[] = [
  { field: 'account_id', header: 'Account ID', width: 10 },
  { field: 'account_title', header: 'Account', width: 28 },
  { field: 'qty_profiles', header: 'Profiles' },
  { field: 'nav', header: 'NAV, USD' },
  { field: 'deposit', header: 'Deposit, USD' },
  { field: 'return_percent', header: 'Return, %' },
  ...FIGURE_COLUMNS,
];

/** The exchange accounts' statistics as the Account stats tab filters and sorts them. */
export const ACCOUNT_STATS_EXPORT: ExportSource<AccountStatsQuery> = {
  kind: 'account_stats',
  list: ACCOUNT_STATS_LIST,
  sheet: 'Account stats',
  columns: COLUMNS,
};
