import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Checkbox, IconButton, Link, Menu, MenuItem, Switch } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isFieldAllowed, mayRunPositionAction, POSITION_UI, TRADING_DECIMALS, type Perm } from '@console/contracts';
import { formatDateTime } from '../../../ui/format/date';
import type { Column } from '../../../ui/table/DataTable';
import type { Position } from '../api/get-positions';
import { fixed } from '../../../ui/trading/trading-format';
import { isLost, ROW_ACTION_LABELS, rowActions, type RowAction } from './position-rules';

const yesNo = (value: boolean | undefined) => (value === undefined ? '-' : value ? 'Yes' : 'No');
const money = (value: number | null | undefined) => fixed(value, TRADING_DECIMALS.adminMetrics);

function RowMenu({ row, actions, disabled, onAction }: { row: Position; actions: RowAction[]; disabled: boolean; onAction: (action: RowAction, row: Position) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!actions.length) return null;
  return (
    <>
      <IconButton size="small" aria-label={`Actions of ${row.ticker ?? row.id}`} disabled={disabled} onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(action, row);
            }}
          >
            {ROW_ACTION_LABELS[action]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export interface PositionColumnsOptions {
  perm: Perm;
  selected: ReadonlySet<string>;
  toggleSelected: (row: Position) => void;
  busy: ReadonlySet<number>;
  onAction: (action: RowAction, row: Position) => void;
  onSkipCheck: (row: Position, flag: 'skip_check_by_timer' | 'skip_check_by_distance', value: boolean) => void;
}

/** The positions table's columns (a position's fields), those the perm opens, plus selection, logs and actions. */
export function positionColumns({ perm, selected, toggleSelected, busy, onAction, onSkipCheck }: PositionColumnsOptions): Column<Position>[] {
  const skipAllowed = mayRunPositionAction(perm, 'skipCheck');
  const skipSwitch = (flag: 'skip_check_by_timer' | 'skip_check_by_distance') => (row: Position) =>
    skipAllowed && !isLost(row) ? (
      <Switch
        size="small"
        checked={row[flag] ?? false}
        disabled={busy.has(Number(row.id)) || row.action_state === 'CHANGING' || row.action_state === 'CLOSING'}
        onChange={(event) => onSkipCheck(row, flag, event.target.checked)}
        slotProps={{ input: { 'aria-label': `${flag === 'skip_check_by_timer' ? 'Skip check by timer' : 'Skip check by distance'} of ${row.ticker ?? row.id}` } }}
      />
    ) : (
      yesNo(row[flag])
    );
  const fields: Column<Position>[] = [
    { field: 'ticker', header: 'Ticker', sortable: true },
    { field: 'created_at', header: 'Created', sortable: true, render: (row) => formatDateTime(row.created_at) },
    { field: 'profile', header: 'Profile', ellipsis: true, render: (row) => row.profile?.title ?? '-' },
    { field: 'side', header: 'Side', sortable: true },
    { field: 'active_p_size_usd', header: 'Size, $', sortable: true, render: (row) => money(row.active_p_size_usd) },
    { field: 'active_p_coins', header: 'Coins', render: (row) => <span data-testid="position-coins">{fixed(row.active_p_coins, TRADING_DECIMALS.positionCoins)}</span> },
    { field: 'r_pnl', header: 'R-PnL', sortable: true, render: (row) => money(row.r_pnl) },
    { field: 'u_pnl', header: 'U-PnL', sortable: true, render: (row) => money(row.u_pnl) },
    { field: 'avg_e_price', header: 'Avg entry', render: (row) => fixed(row.avg_e_price, TRADING_DECIMALS.markPrice) },
    { field: 'k_exit', header: 'K-exit', render: (row) => fixed(row.k_exit, TRADING_DECIMALS.kExit) },
    { field: 'k_exit_coeff', header: 'K-exit coeff', render: (row) => (row.k_exit_coeff ?? '-').toString() },
    { field: 'current_price', header: 'Current price', render: (row) => fixed(row.current_price, TRADING_DECIMALS.markPrice) },
    { field: 'mark_price', header: 'Mark price', render: (row) => fixed(row.mark_price, TRADING_DECIMALS.markPrice) },
    { field: 'reduce_p', header: 'Reduce %', render: (row) => money(row.reduce_p) },
    { field: 'k_e_recovery', header: 'K-E recovery', render: (row) => yesNo(row.k_e_recovery) },
    { field: 'skip_check_by_timer', header: 'Skip by timer', render: skipSwitch('skip_check_by_timer') },
    { field: 'skip_check_by_distance', header: 'Skip by distance', render: skipSwitch('skip_check_by_distance') },
    { field: 'best_limit', header: 'Best limit', render: (row) => yesNo(row.best_limit) },
    { field: 'state', header: 'State', render: (row) => (row.state === undefined ? '-' : row.state ?? 'lost') },
    { field: 'profile_list', header: 'Profiles on pair', ellipsis: true, render: (row) => row.profile_list?.map((p) => p.title).join(', ') || '-' },
  ];
  const columns: Column<Position>[] = [
    ...fields.filter((column) => column.field === 'ticker' && isFieldAllowed(perm, column.field)),
    {
      field: 'select',
      header: 'Pick',
      render: (row) => (
        <Checkbox checked={selected.has(row.id)} onChange={() => toggleSelected(row)} slotProps={{ input: { 'aria-label': `Pick ${row.ticker ?? row.id}` } }} />
      ),
    },
    ...fields.filter((column) => column.field !== 'ticker' && isFieldAllowed(perm, column.field)),
  ];
  if (perm.status !== 'Limited') columns.push({ field: 'action_state', header: 'Action state', render: (row) => <span data-testid="position-action-state">{row.action_state}</span> });
  columns.push(
    {
      field: 'logs',
      header: 'Logs',
      render: (row) =>
        row.signal_id ? (
          <Link component={RouterLink} to={`/${POSITION_UI.logsLink(row.signal_id)}`}>
            Logs
          </Link>
        ) : (
          '-'
        ),
    },
    {
      field: 'actions',
      header: 'Action',
      render: (row) => <RowMenu row={row} actions={rowActions(perm, row)} disabled={busy.has(Number(row.id))} onAction={onAction} />,
    },
  );
  return columns;
}
