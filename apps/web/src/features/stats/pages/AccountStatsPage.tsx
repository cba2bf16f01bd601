import { ACCOUNT_STATS_RESOURCE, ACCOUNT_STATS_PAGE_SIZE, canRead, EXPORT_PATHS, permOf, STATS_UI } from '@console/contracts';
import { useApiClient, useAuthState } from '../../../api/context';
import { ExportButton } from '../../../ui/export/ExportButton';
import { DataTable } from '../../../ui/table/DataTable';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { StatsFilters } from '../components/StatsFilters';
import { useAccountStats, statsOptionSource } from '../api/get-stats';
import { onTab } from '../components/figure-columns';
import { StatsScreen, useStatsTable } from '../components/stats-table';
import { AccountTitle, CELL_TEXT_MAX_WIDTH } from '../../../ui/text/EllipsisText';

const FILTER_KEYS = ['account_id__in', 'created_at__gte', 'created_at__lte'] as const;

/** Account stats: per exchange account the figures of all its profiles' signals, with its NAV and deposit. */
export function AccountStatsPage() {
  const { params, filters, query, tab, setTab, set, exportParams } = useStatsTable(ACCOUNT_STATS_PAGE_SIZE, FILTER_KEYS);
  const { user } = useAuthState();
  const stats = useAccountStats(query);
  const client = useApiClient();

  const columns = declaredColumns(ACCOUNT_STATS_RESOURCE, permOf(user?.group, 'account_stats'), {
    keep: onTab(tab),
    render: { account_title: (row) => <AccountTitle title={row.account_title} maxWidth={CELL_TEXT_MAX_WIDTH} /> },
  });

  return (
    <StatsScreen title="Account stats" tab={tab} onTab={setTab}>
      <DataTable
        columns={columns}
        rows={stats.data?.results}
        count={stats.data?.count}
        rowKey={(row) => row.id}
        params={params}
        emptyText={STATS_UI.accountEmpty}
        isLoading={stats.isPending}
        error={stats.error}
        toolbar={
          <>
            <StatsFilters
              label="Accounts"
              source={statsOptionSource(client, 'accounts')}
              ids={params.filters.account_id__in ?? ''}
              onIds={(ids) => set({ account_id__in: ids })}
              from={params.filters.created_at__gte ?? ''}
              until={filters.created_at__lte}
              onDates={(from, until) => set({ created_at__gte: from, created_at__lte: until })}
            />
            {canRead(user?.group, 'account_stats_export') && <ExportButton calls={EXPORT_PATHS.account_stats} params={exportParams} />}
          </>
        }
        testId="account-stats-table"
      />
    </StatsScreen>
  );
}
