import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Checkbox, IconButton, Link, Menu, MenuItem, Switch } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  EMPTY_VALUE,
  FORMATS,
  formatColumnValue,
  LOST_POSITION_RESOURCE,
  mayRunPositionAction,
  POSITION_RESOURCE,
  POSITION_UI,
  type Perm,
  type PositionRow,
} from '@console/contracts';
import { formatDate } from '../../../ui/format/date';
import type { Column } from '../../../ui/table/DataTable';
import { declaredColumns } from '../../../ui/table/declared-columns';
import type { Position, PositionsTab } from '../api/get-positions';
import { isLost, ROW_ACTION_LABELS, rowActions, type RowAction } from './position-rules';

const RESOURCES = { positions: POSITION_RESOURCE, lost: LOST_POSITION_RESOURCE } as const;

/** Cells the browser walks read by a test id: the declared text inside a marked span. */
const TEST_IDS: Readonly<Partial<Record<string, string>>> = { active_p_coins: 'position-coins', action_state: 'position-action-state' };

function marked(column: Column<Position>): Column<Position> {
  const testId = TEST_IDS[column.field];
  const text = column.render;
  return testId && text ? { ...column, render: (row) => <span data-testid={testId}>{text(row)}</span> } : column;
}

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
  tab: PositionsTab;
  perm: Perm;
  selected: ReadonlySet<string>;
  toggleSelected: (row: Position) => void;
  busy: ReadonlySet<number>;
  onAction: (action: RowAction, row: Position) => void;
  onSkipCheck: (row: Position, flag: 'skip_check_by_timer' | 'skip_check_by_distance', value: boolean) => void;
}

/**
 * The positions table's columns: the tab's declaration (headers, order, formats, sorting, what a Limited
 * group sees), with the pick box after the ticker, then the logs link and the row's actions.
 */
export function positionColumns({ tab, perm, selected, toggleSelected, busy, onAction, onSkipCheck }: PositionColumnsOptions): Column<Position>[] {
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
      formatColumnValue(FORMATS.yesNo, row[flag], formatDate)
    );
  const declared = declaredColumns<PositionRow, Position>(RESOURCES[tab], perm, {
    ellipsis: ['profile', 'profile_list'],
    render: {
      profile: (row) => row.profile?.title ?? EMPTY_VALUE,
      skip_check_by_timer: skipSwitch('skip_check_by_timer'),
      skip_check_by_distance: skipSwitch('skip_check_by_distance'),
      // A lost position has no state: the screen names it.
      state: (row) => (row.state === undefined ? EMPTY_VALUE : (row.state ?? 'lost')),
      profile_list: (row) => row.profile_list?.map((p) => p.title).join(', ') || EMPTY_VALUE,
    },
  }).map(marked);
  const columns: Column<Position>[] = [
    ...declared.filter((column) => column.field === 'ticker'),
    {
      field: 'select',
      header: 'Pick',
      render: (row) => (
        <Checkbox checked={selected.has(row.id)} onChange={() => toggleSelected(row)} slotProps={{ input: { 'aria-label': `Pick ${row.ticker ?? row.id}` } }} />
      ),
    },
    ...declared.filter((column) => column.field !== 'ticker'),
  ];
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
          EMPTY_VALUE
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
