import { Typography } from '@mui/material';
import { deviceName, SESSION_UI, SIGN_IN_OUTCOME_LABELS, type Paginated, type SignInAttempt } from '@console/contracts';
import { formatDateTime } from '../format/date';
import { DataTable, type Column } from '../table/DataTable';
import type { TableParams } from '../table/use-table-params';

const columns: Column<SignInAttempt>[] = [
  { field: 'created_at', header: SESSION_UI.time, render: (a) => formatDateTime(a.created_at) },
  { field: 'address', header: SESSION_UI.address },
  { field: 'browser', header: SESSION_UI.browser, render: (a) => deviceName(a.browser, a.system) },
  {
    field: 'outcome',
    header: SESSION_UI.outcome,
    render: (a) => (
      <Typography variant="body2" component="span" color={a.outcome === 'success' ? 'success.main' : 'error.main'}>
        {SIGN_IN_OUTCOME_LABELS[a.outcome]}
      </Typography>
    ),
  },
];

/** The sign-in attempts of the last 90 days, newest first, paged on the server. */
export function SignInHistoryTable({ page, isLoading, error, params, testId }: { page: Paginated<SignInAttempt> | undefined; isLoading: boolean; error: unknown; params: TableParams; testId: string }) {
  return (
    <DataTable
      title={SESSION_UI.historyTitle}
      columns={columns}
      rows={page?.results}
      count={page?.count ?? 0}
      rowKey={(a) => a.id}
      params={params}
      isLoading={isLoading}
      error={error}
      emptyText={SESSION_UI.noHistory}
      columnChoice={false}
      testId={testId}
    />
  );
}
