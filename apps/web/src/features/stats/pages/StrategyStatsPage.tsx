import { canRead, EXPORT_PATHS, PROFILE_STATS_RESOURCE, PROFILE_STATS_PAGE_SIZE, permOf, STATS_UI, STRATEGY_PROFILE_STATUSES, mayFilterBy } from '@console/contracts';
import { useApiClient, useAuthState } from '../../../api/context';
import { ExportButton } from '../../../ui/export/ExportButton';
import { optionsOf, SelectFilter } from '../../../ui/table/SelectFilter';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { StatsFilters } from '../components/StatsFilters';
import { useProfilesStats, statsOptionSource } from '../api/get-stats';
import { onTab } from '../components/figure-columns';
import { StatsList, StatsScreen, useStatsTable } from '../components/stats-table';

const FILTER_KEYS = ['profile_id__in', 'status', 'created_at__gte', 'created_at__lte'] as const;
/** A draft never traded: it has no figures to filter for. */
const STATUS_OPTIONS = optionsOf(STRATEGY_PROFILE_STATUSES.filter((status) => status !== 'draft'));

/** Strategy stats: each profile's figures, filtered by profile, status and creation date. */
export function StrategyStatsPage() {
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'profiles_stats');
  const table = useStatsTable(PROFILE_STATS_PAGE_SIZE, FILTER_KEYS);
  const stats = useProfilesStats(table.query);
  const client = useApiClient();

  const columns = declaredColumns(PROFILE_STATS_RESOURCE, perm, { keep: onTab(table.tab), ellipsis: ['profile_title'] });

  return (
    <StatsScreen title="Strategy stats" tab={table.tab} onTab={table.setTab}>
      <StatsList
        table={table}
        stats={stats}
        columns={columns}
        emptyText={STATS_UI.strategyEmpty}
        sortingAllowed={perm.sorting}
        toolbar={
          <>
            {perm.filtering && (
              <StatsFilters
                table={table}
                idsKey="profile_id__in"
                label="Profiles"
                source={mayFilterBy(perm, PROFILE_STATS_RESOURCE.query, 'profile_id__in') ? statsOptionSource(client, 'profiles') : undefined}
              >
                {mayFilterBy(perm, PROFILE_STATS_RESOURCE.query, 'status') && (
                  <SelectFilter label="Status" value={table.params.filters.status} onChange={(status) => table.set({ status })} options={STATUS_OPTIONS} />
                )}
              </StatsFilters>
            )}
            {canRead(user?.group, 'profiles_stats_export') && <ExportButton calls={EXPORT_PATHS.profiles_stats} params={table.exportParams} />}
          </>
        }
        testId="strategy-stats-table"
      />
    </StatsScreen>
  );
}
