import { ACCOUNT_STATS_RESOURCE } from '@console/contracts';
import { ACCOUNT_STATS_LIST } from '../../stats/account-stats.list';
import type { AccountStatsQuery } from '../../stats/stats.dto';
import { exportColumns, type ExportSource } from '../export-source';

/** The exchange accounts' statistics as the Account stats tab filters and sorts them. */
export const ACCOUNT_STATS_EXPORT: ExportSource<AccountStatsQuery> = {
  kind: 'account_stats',
  list: ACCOUNT_STATS_LIST,
  sheet: 'Account stats',
  columns: exportColumns(ACCOUNT_STATS_RESOURCE),
};
