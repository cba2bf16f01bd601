import { MESSAGES, PAGE_SIZES } from '@console/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../api/errors';
import { DataTable, type Column } from './DataTable';
import { useTableParams } from './use-table-params';

interface LogRow {
  id: number;
  pair_name: string | null;
  type: string;
}

const columns: Column<LogRow>[] = [
  { field: 'id', header: 'ID', sortable: true },
  { field: 'pair_name', header: 'Pair', sortable: true },
  { field: 'type', header: 'Event' },
];

function Query() {
  const { search } = useLocation();
  return <output data-testid="query">{search}</output>;
}

function Harness({ rows, error }: { rows?: LogRow[]; error?: unknown }) {
  const params = useTableParams(PAGE_SIZES.generic, ['type']);
  return (
    <>
      <button onClick={() => params.setFilters({ type: 'error' })}>Apply filter</button>
      <DataTable
        columns={columns}
        rows={rows}
        count={rows?.length ?? 0}
        rowKey={(row) => row.id}
        params={params}
        emptyText="There are no logs yet..."
        error={error}
      />
      <Query />
    </>
  );
}

function renderTable(props: { rows?: LogRow[]; error?: unknown }, path = '/logs') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Harness {...props} />
    </MemoryRouter>,
  );
}

const query = () => screen.getByTestId('query').textContent;

describe('DataTable', () => {
  it('shows the empty text in place of rows', () => {
    renderTable({ rows: [] });
    expect(screen.getByText('There are no logs yet...')).toBeInTheDocument();
  });

  it('shows the normalised error in place of rows', () => {
    renderTable({ rows: [], error: new HttpError(500, 'boom') });
    expect(screen.getByRole('alert')).toHaveTextContent('Server error. Please call system administrator');
    expect(screen.queryByText('There are no logs yet...')).not.toBeInTheDocument();
  });

  it("renders rows, with '-' for empty cells", () => {
    renderTable({ rows: [{ id: 1, pair_name: null, type: 'system' }] });
    const row = screen.getAllByRole('row')[1];
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '-', 'system']);
  });

  it('puts the per-page choice in the query string and goes back to page 1', async () => {
    renderTable({ rows: [] }, '/logs?page=3');
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    expect(query()).toBe('?page=1&page_size=25');
  });

  it('sorts by clicking a header: field, then -field', async () => {
    renderTable({ rows: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Pair' }));
    expect(query()).toContain('ordering=pair_name');
    await userEvent.click(screen.getByRole('button', { name: 'Pair' }));
    expect(query()).toContain('ordering=-pair_name');
  });

  it('keeps filters in the query string', async () => {
    renderTable({ rows: [] }, '/logs?page=2&page_size=100');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(query()).toBe('?page=1&page_size=100&type=error');
  });

  it('lets the user choose the columns shown', async () => {
    renderTable({ rows: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Choose columns' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Event' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('columnheader', { name: 'Event' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'ID' })).toBeInTheDocument();
  });

  it("without paging params shows the whole list with no pager, no sorting, and 'No Data...' when empty", () => {
    const { rerender } = render(<DataTable columns={columns} rows={[]} rowKey={(row) => row.id} columnChoice={false} />);
    expect(screen.getByText(MESSAGES.noData)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose columns' })).not.toBeInTheDocument();
    rerender(<DataTable columns={columns} rows={[{ id: 1, pair_name: 'BTCUSDT', type: 'system' }]} rowKey={(row) => row.id} columnChoice={false} />);
    expect(screen.queryByText(MESSAGES.noData)).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'BTCUSDT' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pair' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Rows per page/)).not.toBeInTheDocument();
  });

  it('shows a column’s meaning on its header, sortable or not, on hover and on keyboard focus, keeping the header’s name', async () => {
    const user = userEvent.setup();
    const hinted: Column<LogRow>[] = [
      { field: 'id', header: 'ID', sortable: true, hint: 'The row’s number' },
      { field: 'type', header: 'Event', hint: 'What happened' },
    ];
    render(
      <MemoryRouter>
        <DataTable columns={hinted} rows={[{ id: 1, pair_name: null, type: 'error' }]} rowKey={(row) => row.id} columnChoice={false} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('columnheader', { name: 'Event' })).toBeInTheDocument();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(screen.getByText('Event'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('What happened');
    await user.unhover(screen.getByText('Event'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    // A keyboard reaches it too: the first header is the first stop.
    await user.tab();
    expect(screen.getByText('ID')).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The row’s number');
  });

  it('shows the meaning of a sortable header around its sort button, whose name stays the header', async () => {
    const user = userEvent.setup();
    function Sorted() {
      const params = useTableParams(PAGE_SIZES.generic, []);
      return <DataTable columns={[{ field: 'id', header: 'ID', sortable: true, hint: 'The row’s number' }]} rows={[]} rowKey={() => 1} params={params} />;
    }
    render(
      <MemoryRouter>
        <Sorted />
      </MemoryRouter>,
    );
    const sort = screen.getByRole('button', { name: 'ID' });
    await user.hover(sort);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The row’s number');
    expect(sort).toHaveAccessibleDescription('The row’s number');
  });
});
