import { Button, Link } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  mayRunAction,
  isSignalCancellable,
  PAGE_SIZES,
  pathTo,
  permOf,
  SIGNAL_RESOURCE,
  SIGNAL_STATUS_LABELS,
  SIGNAL_STATUSES,
  SIGNALS_UI,
  type SignalRow,
} from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { DataTable } from '../../../ui/table/DataTable';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { useRowActions } from '../../../ui/table/use-row-actions';
import { useTableParams } from '../../../ui/table/use-table-params';
import { TRADING_FILTER_KEYS, TradingFilters } from '../../../ui/trading-filters/TradingFilters';
import { useCancelSignal } from '../api/cancel-signal';
import { useSignals, type Signal } from '../api/get-signals';
import { ActionStateText } from './ActionStateText';

const STATUS_OPTIONS = SIGNAL_STATUSES.map((value) => ({ value, label: SIGNAL_STATUS_LABELS[value] }));

/** Cells drawn as more than their text: the id links to its logs, the action state is coloured. */
const RENDER = {
  id: (signal: Signal) => (
    <Link component={RouterLink} to={`${pathTo('logs')}?signal_id=${signal.id}`}>
      {signal.id}
    </Link>
  ),
  action_state: (signal: Signal) => <ActionStateText state={signal.action_state} />,
};
/** A profile's own signals tab names no profile. */
const NOT_ON_PROFILE_TAB: readonly string[] = ['profile', 'profile_id'];

interface SignalsTableProps {
  /** Only this strategy profile's signals (its own Signals tab): no profile filter then. */
  profileId?: number;
  /** More toolbar buttons after Apply (the export). */
  actions?: ReactNode;
  testId?: string;
}

/**
 * The signals table: filters applied with Apply and kept in the query string, 200 a page
 * by default, newest first, the created time sortable, the column choice, and Cancel per row while the
 * signal is active and not processed. The action state follows the engine: CANCELLING, then CANCELLED.
 */
export function SignalsTable({ profileId, actions, testId = 'signals-table' }: SignalsTableProps) {
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'signals');
  const params = useTableParams(PAGE_SIZES.signals, TRADING_FILTER_KEYS);
  const signals = useSignals(profileId === undefined ? params.query : { ...params.query, profile: profileId });
  const cancel = useCancelSignal();
  const { busy, run } = useRowActions();
  const [confirming, setConfirming] = useState<Signal | null>(null);

  const columns = declaredColumns<SignalRow, Signal>(SIGNAL_RESOURCE, perm, {
    render: RENDER,
    ellipsis: ['profile'],
    keep: profileId === undefined ? undefined : (column) => !NOT_ON_PROFILE_TAB.includes(column.field),
  });
  if (mayRunAction(perm, 'cancelSignal')) {
    columns.push({
      field: 'cancel',
      header: 'Action',
      render: (signal) => (
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={!isSignalCancellable({ state: signal.state, action_state: signal.action_state }) || busy.has(Number(signal.id))}
          onClick={() => setConfirming(signal)}
          aria-label={`Cancel signal ${signal.id}`}
        >
          Cancel
        </Button>
      ),
    });
  }

  return (
    <>
      <DataTable
        columns={columns}
        rows={signals.data?.results}
        count={signals.data?.count}
        rowKey={(signal) => signal.id}
        params={params}
        emptyText={SIGNALS_UI.signalsEmpty}
        isLoading={signals.isPending}
        error={signals.error}
        sortingAllowed={perm.sorting}
        toolbar={
          <TradingFilters
            params={params}
            perm={perm}
            access={SIGNAL_RESOURCE.query}
            statuses={STATUS_OPTIONS}
            switches={{ missed: SIGNALS_UI.missed, unfilled: SIGNALS_UI.unfilled }}
            fixedProfile={profileId}
            actions={actions}
          />
        }
        testId={testId}
      />
      {confirming && (
        <ConfirmDialog
          title="Cancel signal"
          text={SIGNALS_UI.cancelConfirm(confirming.id)}
          confirmLabel="Cancel signal"
          onClose={() => setConfirming(null)}
          onConfirm={() => void run(Number(confirming.id), () => cancel.mutateAsync(confirming.id))}
        />
      )}
    </>
  );
}
