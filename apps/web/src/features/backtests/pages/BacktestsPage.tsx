import AddIcon from '@mui/icons-material/Add';
import { Button, Checkbox, Stack } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { BACKTEST_LIMITS, BACKTEST_RESOURCE, canWrite, isFieldAllowed, PAGE_SIZES, pathTo, permOf, type BacktestRow } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { PageTitle } from '../../../ui/PageTitle';
import { DataTable, type Column } from '../../../ui/table/DataTable';
import { cellText, declaredColumns } from '../../../ui/table/declared-columns';
import { useRowActions } from '../../../ui/table/use-row-actions';
import { useTableParams } from '../../../ui/table/use-table-params';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useCancelBacktest } from '../api/cancel-backtest';
import { useCreateBacktest } from '../api/create-backtest';
import { useDeleteBacktest } from '../api/delete-backtest';
import { useBacktests } from '../api/get-backtests';
import { isUnfinished } from '../api/backtest-status';
import { BacktestProgress } from '../components/BacktestProgress';
import { NewBacktestDialog } from '../components/NewBacktestDialog';

const STATUS_COLUMN = BACKTEST_RESOURCE.columns.find((c) => c.field === 'status')!;

/** Backtests: the runs (newest first) with their progress and headline figures; Full starts, cancels and deletes runs. */
export function BacktestsPage() {
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'backtests');
  const mayWrite = canWrite(user?.group, 'backtests');
  const params = useTableParams(PAGE_SIZES.generic);
  const runs = useBacktests(params.query);
  const create = useCreateBacktest();
  const cancel = useCancelBacktest();
  const remove = useDeleteBacktest();
  const actions = useRowActions();
  const toast = useToast();
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<BacktestRow | null>(null);
  const [picked, setPicked] = useState<readonly string[]>([]);

  const togglePicked = (id: string) => setPicked((now) => (now.includes(id) ? now.filter((p) => p !== id) : [...now, id].slice(-BACKTEST_LIMITS.compareMax)));

  const render = {
    profile: (r: BacktestRow) => <RouterLink to={pathTo('backtest', { id: r.id })}>{r.profile ?? `#${r.id}`}</RouterLink>,
    // With the progress column beside it, a running row's status draws the bar; the progress column then says nothing more.
    status: (r: BacktestRow) => <BacktestProgress status={r.status} progress={r.progress ?? 0} label={cellText(STATUS_COLUMN, r)} />,
  };
  const showsProgress = isFieldAllowed(perm, 'status') && isFieldAllowed(perm, 'progress');
  const declared = declaredColumns(BACKTEST_RESOURCE, perm, { render, keep: (c) => !(showsProgress && c.field === 'progress') });
  const rowAction = (r: BacktestRow, request: () => Promise<unknown>, done: string) => void actions.run(Number(r.id), request, () => toast.success(done));
  const columns = [
    compareColumn(picked, togglePicked),
    ...declared,
    ...(mayWrite ? [actionsColumn({ busy: actions.busy, onCancel: (r) => rowAction(r, () => cancel.mutateAsync(r.id), 'The backtest is cancelled.'), onDelete: setDeleting })] : []),
  ];
  const toolbar = <BacktestsToolbar mayWrite={mayWrite} picked={picked} onNew={() => setFormOpen(true)} />;

  return (
    <>
      <PageTitle>Backtests</PageTitle>
      <DataTable
        columns={columns}
        rows={runs.data?.results}
        count={runs.data?.count ?? 0}
        rowKey={(r) => r.id}
        params={params}
        isLoading={runs.isLoading}
        error={runs.error}
        toolbar={toolbar}
        sortingAllowed={perm.sorting}
        testId="backtests-table"
      />
      {formOpen && (
        <NewBacktestDialog
          onClose={() => setFormOpen(false)}
          onSubmit={async (request) => {
            await create.mutateAsync(request);
            toast.success('The backtest is queued.');
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete backtest"
          text={`Delete the run of ${deleting.profile ?? `#${deleting.id}`} and all its results?`}
          confirmLabel="Delete"
          onClose={() => setDeleting(null)}
          onConfirm={() => rowAction(deleting, () => remove.mutateAsync(deleting.id), 'The backtest is deleted.')}
        />
      )}
    </>
  );
}

/** A checkbox per run: the picked runs (the newest compareMax of them) go to the comparison. */
function compareColumn(picked: readonly string[], toggle: (id: string) => void): Column<BacktestRow> {
  return {
    field: 'compare',
    header: 'Compare',
    render: (r) => (
      <Checkbox checked={picked.includes(r.id)} onChange={() => toggle(r.id)} slotProps={{ input: { 'aria-label': `Compare run ${r.id}` } }} data-testid={`compare-${r.id}`} />
    ),
  };
}

/** Cancel while a run is unfinished, Delete always (confirmed by the page). */
function actionsColumn({ busy, onCancel, onDelete }: { busy: ReadonlySet<number>; onCancel: (r: BacktestRow) => void; onDelete: (r: BacktestRow) => void }): Column<BacktestRow> {
  return {
    field: 'actions',
    header: 'Actions',
    render: (r) => (
      <Stack direction="row" spacing={1}>
        {r.status !== undefined && isUnfinished(r.status) && (
          <Button size="small" disabled={busy.has(Number(r.id))} onClick={() => onCancel(r)} data-testid={`cancel-${r.id}`}>
            Cancel
          </Button>
        )}
        <Button size="small" color="error" disabled={busy.has(Number(r.id))} onClick={() => onDelete(r)} data-testid={`delete-${r.id}`}>
          Delete
        </Button>
      </Stack>
    ),
  };
}

/** New backtest (Full only) and Compare, open once enough runs are picked. */
function BacktestsToolbar({ mayWrite, picked, onNew }: { mayWrite: boolean; picked: readonly string[]; onNew: () => void }) {
  const navigate = useNavigate();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {mayWrite && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onNew} data-testid="new-backtest">
          New backtest
        </Button>
      )}
      <Button
        variant="outlined"
        disabled={picked.length < BACKTEST_LIMITS.compareMin}
        onClick={() => void navigate(`${pathTo('backtestsCompare')}?ids=${picked.map(encodeURIComponent).join(',')}`)}
        data-testid="compare-runs"
      >
        Compare ({picked.length})
      </Button>
    </Stack>
  );
}
