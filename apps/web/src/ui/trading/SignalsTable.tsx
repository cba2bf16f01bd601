import { Button, Link } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  EMPTY_VALUE,
  isFieldAllowed,
  mayRunAction,
  isSignalCancellable,
  PAGE_SIZES,
  pathTo,
  permOf,
  SIGNAL_LIST_QUERY,
  SIGNAL_STATUS_LABELS,
  SIGNAL_STATUSES,
  SIGNALS_UI,
} from '@console/contracts';
import { useAuthState } from '../../api/context';
import { ConfirmDialog } from '../dialog/ConfirmDialog';
import { formatDateTime } from '../format/date';
import { DataTable, type Column } from '../table/DataTable';
import { useRowActions } from '../table/use-row-actions';
import { useTableParams } from '../table/use-table-params';
import { useCancel, useSignals, type Signal } from './trading-api';
import { TRADING_FILTER_KEYS, TradingFilters } from './TradingFilters';
import { ActionStateText } from './ActionStateText';

const STATUS_OPTIONS = SIGNAL_STATUSES.map((value) => ({ value, label: SIGNAL_STATUS_LABELS[value] }));

const text = (field: keyof Signal, header: string): Column<Signal> => ({ field, header });

/** Every column of trading.md 3 in the table's order; the group's privileges keep a subset. */
const COLUMNS: Column<Signal>[] = [
  {
    field: 'id',
    header: 'ID',
    render: (signal) => (
      <Link component={RouterLink} to={`${pathTo('logs')}?signal_id=${signal.id}`}>
        {signal.id}
      </Link>
    ),
  },
  { field: 'created_at', header: 'Created', sortable: true, render: (signal) => formatDateTime(signal.created_at) },
  { field: 'profile', header: 'Profile', ellipsis: true },
  text('pair', 'Pair'),
  text('direction', 'Direction'),
  text('timeframe', 'Time frame'),
  { field: 'status', header: 'Status', render: (signal) => (signal.status ? SIGNAL_STATUS_LABELS[signal.status] : EMPTY_VALUE) },
  text('state', 'State'),
  { field: 'action_state', header: 'Action state', render: (signal) => <ActionStateText state={signal.action_state} /> },
  text('execution', 'Execution, %'),
  text('size_currency', 'Size, $'),
  text('size_coins', 'Size, coins'),
  text('avg_e_price', 'Avg entry price'),
  text('exit_place', 'Exit place'),
  text('current_price', 'Current price'),
  text('pnl_in_usd', 'PnL, $'),
  text('pnl_in_percent', 'PnL, %'),
  text('time_per_signal', 'Time per signal, h'),
  text('start_point', 'Start point'),
  text('tr_in_atr', 'TR in ATR'),
  text('inc_vola', 'Inc vola'),
  text('atr_minus_1', 'ATR-1'),
  text('atr_t_percent', 'ATR T, %'),
  { field: 'minute_activated_at', header: 'Activated', render: (signal) => formatDateTime(signal.minute_activated_at) },
];

interface SignalsTableProps {
  /** Only this strategy profile's signals (its own Signals tab): no profile filter then. */
  profileId?: number;
  /** More toolbar buttons after Apply (the export). */
  actions?: ReactNode;
  testId?: string;
}

/**
 * The signals table (trading.md 2): filters applied with Apply and kept in the query string, 200 a page
 * by default, newest first, the created time sortable, the column choice, and Cancel per row while the
 * signal is active and not processed. The action state follows the engine: CANCELLING, then CANCELLED.
 */
export function SignalsTable({ profileId, actions, testId = 'signals-table' }: SignalsTableProps) {
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'signals');
  const params = useTableParams(PAGE_SIZES.signals, TRADING_FILTER_KEYS);
  const signals = useSignals(profileId === undefined ? params.query : { ...params.query, profile: profileId });
  const cancel = useCancel('signal');
  const { busy, run } = useRowActions();
  const [confirming, setConfirming] = useState<Signal | null>(null);

  const columns = COLUMNS.filter((column) => isFieldAllowed(perm, column.field) && !(profileId !== undefined && column.field === 'profile'));
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
            access={SIGNAL_LIST_QUERY}
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
