import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { canRead, EXPORT_PATHS, PROFILE_STATS_RESOURCE, PROFILE_STATS_PAGE_SIZE, permOf, STATS_UI, STRATEGY_PROFILE_STATUSES, mayFilterBy } from '@console/contracts';
import { useApiClient, useAuthState } from '../../../api/context';
import { ExportButton } from '../../../ui/export/ExportButton';
import { PageTitle } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { DataTable } from '../../../ui/table/DataTable';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { useTableParams } from '../../../ui/table/use-table-params';
import { StatsFilters, withDefaultUntil } from '../components/StatsFilters';
import { useProfilesStats, statsOptionSource } from '../api/get-stats';
import { onTab, StatsTabs, type StatsTab } from '../components/figure-columns';

const FILTER_KEYS = ['profile_id__in', 'status', 'created_at__gte', 'created_at__lte'] as const;
const PAGE_SIZES = { options: [20, 50, 100], default: PROFILE_STATS_PAGE_SIZE };

/** The export takes the applied filters and the order of the table. */
const exportParams = (filters: Record<string, string>, ordering: string | null) => (ordering ? { ...filters, ordering } : filters);

/** Strategy stats: each profile's figures, filtered by profile, status and creation date. */
export function StrategyStatsPage() {
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'profiles_stats');
  const params = useTableParams(PAGE_SIZES, FILTER_KEYS);
  const filters = withDefaultUntil(params.filters);
  const stats = useProfilesStats(withDefaultUntil(params.query));
  const client = useApiClient();
  const [tab, setTab] = useState<StatsTab>('Results');
  const set = (changes: Record<string, string>) => params.setFilters({ ...params.filters, ...changes });

  const columns = declaredColumns(PROFILE_STATS_RESOURCE, perm, { keep: onTab(tab), ellipsis: ['profile_title'] });

  return (
    <>
      <SectionTabs bar="stats" />
      <PageTitle>Strategy stats</PageTitle>
      <StatsTabs tab={tab} onChange={setTab} />
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
                  <TextField
                    select
                    size="small"
                    label="Status"
                    value={params.filters.status ?? ''}
                    onChange={(e) => set({ status: e.target.value })}
                    slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                    sx={{ minWidth: 130 }}
                  >
                    <MenuItem value="">All</MenuItem>
                    {STRATEGY_PROFILE_STATUSES.filter((s) => s !== 'draft').map((s) => (
                      <MenuItem key={s} value={s}>
                        {s}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              </StatsFilters>
            )}
            {canRead(user?.group, 'profiles_stats_export') && <ExportButton calls={EXPORT_PATHS.profiles_stats} params={exportParams(filters, params.ordering)} />}
          </>
        }
        testId="strategy-stats-table"
      />
    </>
  );
}
