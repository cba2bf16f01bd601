import { canRead, EXPORT_PATHS, PROFILE_STATS_RESOURCE, PROFILE_STATS_PAGE_SIZE, permOf, STATS_UI, STRATEGY_PROFILE_STATUSES, mayFilterBy } from '@console/contracts';
import { useApiClient, useAuthState } from '../../../api/context';
import { ExportButton } from '../../../ui/export/ExportButton';
import { DataTable } from '../../../ui/table/DataTable';
import { optionsOf, SelectFilter } from '../../../ui/table/SelectFilter';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { StatsFilters } from '../components/StatsFilters';
import { useProfilesStats, statsOptionSource } from '../api/get-stats';
import { onTab } from '../components/figure-columns';
import { StatsScreen, useStatsTable } from '../components/stats-table';

const FILTER_KEYS = ['profile_id__in', 'status', 'created_at__gte', 'created_at__lte'] as const;
/** A draft never traded: it has no figures to filter for. */
const STATUS_OPTIONS = optionsOf(STRATEGY_PROFILE_STATUSES.filter((status) => status !== 'draft'));

/** Strategy stats: each profile's figures, filtered by profile, status and creation date. */
export function StrategyStatsPage() {
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'profiles_stats');
  const { params, filters, query, tab, setTab, set, exportParams } = useStatsTable(PROFILE_STATS_PAGE_SIZE, FILTER_KEYS);
  const stats = useProfilesStats(query);
  const client = useApiClient();

  const columns = declaredColumns(PROFILE_STATS_RESOURCE, perm, { keep: onTab(tab), ellipsis: ['profile_title'] });

  return (
    <StatsScreen title="Strategy stats" tab={tab} onTab={setTab}>
      <DataTable
        columns={columns}
        rows={stats.data?.results}
        count={stats.data?.count}
        rowKey={(row) => row.id}
        params={params}
        emptyText={STATS_UI.strategyEmpty}
        isLoading={stats.isPending}
        error={stats.error}
        sortingAllowed={perm.sorting}
        toolbar={
          <>
            {perm.filtering && (
              <StatsFilters
                label="Profiles"
                source={mayFilterBy(perm, PROFILE_STATS_RESOURCE.query, 'profile_id__in') ? statsOptionSource(client, 'profiles') : undefined}
                ids={params.filters.profile_id__in ?? ''}
                onIds={(ids) => set({ profile_id__in: ids })}
                from={params.filters.created_at__gte ?? ''}
                until={filters.created_at__lte}
                onDates={(from, until) => set({ created_at__gte: from, created_at__lte: until })}
              >
                {mayFilterBy(perm, PROFILE_STATS_RESOURCE.query, 'status') && (
                  <SelectFilter label="Status" value={params.filters.status} onChange={(status) => set({ status })} options={STATUS_OPTIONS} />
                )}
              </StatsFilters>
            )}
            {canRead(user?.group, 'profiles_stats_export') && <ExportButton calls={EXPORT_PATHS.profiles_stats} params={exportParams} />}
          </>
        }
        testId="strategy-stats-table"
      />
    </StatsScreen>
  );
}
