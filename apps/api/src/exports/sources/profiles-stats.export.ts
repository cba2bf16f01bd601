import { PROFILE_STATS_LIST } from '../../stats/profiles-stats.list';
import type { ProfileStatsQuery } from '../../stats/stats.dto';
import type { ExportColumn, ExportSource } from '../export-source';
import { FIGURE_COLUMNS } from './stats-columns';

const COLUMNS: readonly ExportColumn[] = [
  { field: 'profile_id', header: 'Profile ID', width: 10 },
  { field: 'profile_title', header: 'Profile', width: 28 },
  { field: 'direction', header: 'Direction', width: 10 },
  { field: 'status', header: 'Status', width: 10 },
  ...FIGURE_COLUMNS.slice(0, 17),
  { field: 'most_mm_imp_loss', header: 'Most MM imp. loss, %' },
  ...FIGURE_COLUMNS.slice(17),
];

/** The strategy profiles' statistics as the Strategy stats tab filters and sorts them. */
export const PROFILES_STATS_EXPORT: ExportSource<ProfileStatsQuery> = {
  kind: 'profiles_stats',
  list: PROFILE_STATS_LIST,
  sheet: 'Profile stats',
  columns: COLUMNS,
};
