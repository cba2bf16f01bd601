import { useState } from 'react';
import { ACCOUNT_STATS_RESOURCE, ACCOUNT_STATS_PAGE_SIZE, canRead, EXPORT_PATHS, permOf, STATS_UI } from '@console/contracts';
import { useApiClient, useAuthState } from '../../../api/context';
import { ExportButton } from '../../../ui/export/ExportButton';
import { PageTitle } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { DataTable } from '../../../ui/table/DataTable';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { useTableParams } from '../../../ui/table/use-table-params';
import { StatsFilters, withDefaultUntil } from '../components/StatsFilters';
import { useAccountStats, statsOptionSource } from '../api/get-stats';
import { onTab, StatsTabs, type StatsTab } from '../components/figure-columns';
import { AccountTitle, CELL_TEXT_MAX_WIDTH } from '../../../ui/text/EllipsisText';

const FILTER_KEYS = ['account_id__in', 'created_at__gte', 'created_at__lte'] as const;
const PAGE_SIZES = { options: [20, 50, 100], default: ACCOUNT_STATS_PAGE_SIZE };

/** Account stats: per exchange account the figures of all its profiles' signals, with its NAV and deposit. */
export function AccountStatsPage() {
  const params = useTableParams(PAGE_SIZES, FILTER_KEYS);
  const { user } = useAuthState();
  const canExport = canRead(user?.group, 'account_stats_export');
  const filters = withDefaultUntil(params.filters);
  const stats = useAccountStats(withDefaultUntil(params.query));
  const client = useApiClient();
  const [tab, setTab] = useState<StatsTab>('Results');
  const set = (changes: Record<string, string>) => params.setFilters({ ...params.filters, ...changes });

  const columns = declaredColumns(ACCOUNT_STATS_RESOURCE, permOf(user?.group, 'account_stats'), {
    keep: onTab(tab),
    render: { account_title: (row) => <AccountTitle title={row.account_title} maxWidth={CELL_TEXT_MAX_WIDTH} /> },
  });

  return (
    <>
      <SectionTabs bar="stats" />
      <PageTitle>Account stats</PageTitle>
      <StatsTabs tab={tab} onChange={setTab} />
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
            {canExport && <ExportButton calls={EXPORT_PATHS.account_stats} params={params.ordering ? { ...filters, ordering: params.ordering } : filters} />}
          </>
        }
        testId="account-stats-table"
      />
    </>
  );
}
