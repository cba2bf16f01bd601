import { Checkbox, Link, Switch } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Column } from './DataTable';

interface Titled {
  id: number;
  title?: string;
}

/** A title cell that opens the row's page where `links` allows it, plain text elsewhere. */
export function linkedTitle<Row extends Titled>(links: (row: Row) => boolean, to: (row: Row) => string): (row: Row) => ReactNode {
  return (row) =>
    links(row) ? (
      <Link component={RouterLink} to={to(row)}>
        {row.title}
      </Link>
    ) : (
      row.title
    );
}

/**
 * The 'Visibility' column: a switch or a checkbox per row that shows or hides it in lists, locked while
 * that row's change is under way.
 */
export function visibilityColumn<Row extends Titled & { is_show?: boolean }>(
  control: 'switch' | 'checkbox',
  busy: ReadonlySet<number>,
  onChange: (row: Row, visible: boolean) => void,
): Column<Row> {
  const Control = control === 'switch' ? Switch : Checkbox;
  return {
    field: 'is_show',
    header: 'Visibility',
    render: (row) => (
      <Control
        checked={row.is_show ?? true}
        disabled={busy.has(row.id)}
        onChange={(event) => onChange(row, event.target.checked)}
        slotProps={{ input: { 'aria-label': `${row.title ?? row.id} visible` } }}
      />
    ),
  };
}
