import { PROFILE_STATS_RESOURCE } from '@console/contracts';
import { PROFILE_STATS_LIST } from '../../stats/profiles-stats.list';
import type { ProfileStatsQuery } from '../../stats/stats.dto';
import { exportColumns, type ExportSource } from '../export-source';

/** The strategy profiles' statistics as the Strategy stats tab filters and sorts them. */
export const PROFILES_STATS_EXPORT: ExportSource<ProfileStatsQuery> = {
  kind: 'profiles_stats',
  list: PROFILE_STATS_LIST,
  sheet: 'Profile stats',
  columns: exportColumns(PROFILE_STATS_RESOURCE),
};
