import { ACCOUNT_STATS_RESOURCE, ACCOUNT_STATS_PAGE_SIZE, canRead, EXPORT_PATHS, permOf, STATS_UI } from '@console/contracts';
import { useApiClient, useAuthState } from '../../../api/context';
import { ExportButton } from '../../../ui/export/ExportButton';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { StatsFilters } from '../components/StatsFilters';
import { useAccountStats, statsOptionSource } from '../api/get-stats';
import { onTab } from '../components/figure-columns';
import { StatsList, StatsScreen, useStatsTable } from '../components/stats-table';
import { AccountTitle, CELL_TEXT_MAX_WIDTH } from '../../../ui/text/EllipsisText';

const FILTER_KEYS = ['account_id__in', 'created_at__gte', 'created_at__lte'] as const;

/** Account stats: per exchange account the figures of all its profiles' signals, with its NAV and deposit. */
export function AccountStatsPage() {
  const table = useStatsTable(ACCOUNT_STATS_PAGE_SIZE, FILTER_KEYS);
  const { user } = useAuthState();
  const stats = useAccountStats(table.query);
  const client = useApiClient();

  const columns = declaredColumns(ACCOUNT_STATS_RESOURCE, permOf(user?.group, 'account_stats'), {
    keep: onTab(table.tab),
    render: { account_title: (row) => <AccountTitle title={row.account_title} maxWidth={CELL_TEXT_MAX_WIDTH} /> },
  });

  return (
    <StatsScreen title="Account stats" tab={table.tab} onTab={table.setTab}>
      <StatsList
        table={table}
        stats={stats}
        columns={columns}
        emptyText={STATS_UI.accountEmpty}
        toolbar={
          <>
            <StatsFilters table={table} idsKey="account_id__in" label="Accounts" source={statsOptionSource(client, 'accounts')} />
            {canRead(user?.group, 'account_stats_export') && <ExportButton calls={EXPORT_PATHS.account_stats} params={table.exportParams} />}
          </>
        }
        testId="account-stats-table"
      />
    </StatsScreen>
  );
}
