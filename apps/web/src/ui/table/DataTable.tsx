import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import {
  Box,
  Checkbox,
  CircularProgress,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
} from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import { useState, type ReactElement, type ReactNode } from 'react';
import { MESSAGES } from '@console/contracts';
import { normaliseError } from '../../api/errors';
import { displayValue } from '../format/date';
import { CELL_TEXT_MAX_WIDTH, EllipsisText } from '../text/EllipsisText';
import { HINTED_TEXT_SX, HintedLabel, HintTooltip } from '../text/HintedLabel';
import type { TableParams } from './use-table-params';

export interface Column<Row> {
  field: string;
  header: string;
  /** What the column's figure means: a tooltip on the header. */
  hint?: string;
  sortable?: boolean;
  render?: (row: Row) => ReactNode;
  /** A long value (email, title): cut to one line with an ellipsis, whole on hover or tap. */
  ellipsis?: boolean;
}

/**
 * The first column stays in view while a wide table scrolls sideways inside its container (on a
 * phone most tables are wider than the screen); a line marks its edge there. A hovered row keeps its
 * tint on the opaque sticky cell.
 */
const STICKY_FIRST_CELL: SxProps<Theme> = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderRightStyle: 'solid',
  borderRightWidth: { xs: 1, md: 0 },
  borderRightColor: 'divider',
  'tr.MuiTableRow-hover:hover > &': {
    backgroundImage: (theme: Theme) => `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
  },
};

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  /** Total row count on the server (the `count` of the paged answer); needed with `params`. */
  count?: number;
  rowKey: (row: Row) => string | number;
  /** Paging and sorting in the query string; without it the rows are the whole list, with no pager. */
  params?: TableParams;
  /** What an empty table says; the spec's generic 'No Data...' unless a list has its own text. */
  emptyText?: string;
  isLoading?: boolean;
  error?: unknown;
  title?: ReactNode;
  /** Filters or actions shown above the rows. */
  toolbar?: ReactNode;
  /** Sorting may be refused by the user's privileges. */
  sortingAllowed?: boolean;
  /** The column chooser; off for short fixed tables. */
  columnChoice?: boolean;
  testId?: string;
}

/**
 * The shared table: column choice, and with `params` server paging, per-page choice and sorting
 * through `ordering`; the empty text or the error in place of the rows.
 */
export function DataTable<Row>({
  columns,
  rows,
  count = 0,
  rowKey,
  params,
  emptyText = MESSAGES.noData,
  isLoading = false,
  error,
  title,
  toolbar,
  sortingAllowed = true,
  columnChoice = true,
  testId = 'data-table',
}: DataTableProps<Row>) {
  const choice = useColumnChoice(columns);
  const { shown } = choice;

  let body: ReactNode;
  if (isLoading) {
    body = wholeRow(shown.length, <CircularProgress size={28} aria-label="Loading rows" />);
  } else if (error) {
    body = wholeRow(shown.length, normaliseError(error), { color: 'error.main' }, 'alert');
  } else if (!rows || rows.length === 0) {
    body = wholeRow(shown.length, emptyText, { color: 'text.secondary' });
  } else {
    body = rows.map((row) => (
      <TableRow key={rowKey(row)} data-row-key={rowKey(row)} hover>
        {shown.map((column, index) => (
          <TableCell key={column.field} sx={index === 0 ? STICKY_FIRST_CELL : undefined}>
            {cellContent(column, row)}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  return (
    <Paper variant="outlined" data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1, flexWrap: 'wrap' }}>
        {title && (
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
        )}
        <Box sx={{ flex: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>{toolbar}</Box>
        <ColumnChooser columns={columns} choice={choice} button={columnChoice} />
      </Box>
      <TableContainer data-testid={`${testId}-scroller`} sx={{ containerType: 'inline-size' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {shown.map((column, index) => (
                <HeaderCell key={column.field} column={column} first={index === 0} params={params} sortingAllowed={sortingAllowed} />
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
      {params && (
        <TablePagination
          component="div"
          count={count}
          page={Math.max(0, params.page - 1)}
          rowsPerPage={params.pageSize}
          rowsPerPageOptions={[...params.pageSizeOptions]}
          onPageChange={(_, zeroBased) => params.setPage(zeroBased + 1)}
          onRowsPerPageChange={(event) => params.setPageSize(Number(event.target.value))}
          // On a phone the page arrows go to a second line rather than out of sight.
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' } }}
        />
      )}
    </Paper>
  );
}

/** Which columns the user hid; the last shown one cannot be hidden. */
function useColumnChoice<Row>(columns: readonly Column<Row>[]) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const shown = columns.filter((column) => !hidden.has(column.field));
  const toggle = (field: string) =>
    setHidden((previous) => {
      const next = new Set(previous);
      if (next.has(field)) next.delete(field);
      else if (shown.length > 1) next.add(field);
      return next;
    });
  return { hidden, shown, toggle };
}

/** The Columns button (when `button`) and its menu of checkboxes. */
function ColumnChooser<Row>({ columns, choice, button }: { columns: readonly Column<Row>[]; choice: ReturnType<typeof useColumnChoice<Row>>; button: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      {button && (
        <Tooltip title="Columns">
          <IconButton aria-label="Choose columns" sx={{ alignSelf: 'flex-start' }} onClick={(event) => setAnchor(event.currentTarget)}>
            <ViewColumnIcon />
          </IconButton>
        </Tooltip>
      )}
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {columns.map((column) => (
          <MenuItem key={column.field} dense onClick={() => choice.toggle(column.field)}>
            <Checkbox size="small" checked={!choice.hidden.has(column.field)} tabIndex={-1} disableRipple />
            <ListItemText primary={column.header} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** A column's header: a sort button when the column sorts, sorting is allowed and `params` is given, else its label. */
function HeaderCell<Row>({ column, first, params, sortingAllowed }: { column: Column<Row>; first: boolean; params: TableParams | undefined; sortingAllowed: boolean }) {
  const direction: 'asc' | 'desc' | false =
    params?.ordering === column.field ? 'asc' : params?.ordering === `-${column.field}` ? 'desc' : false;
  return (
    <TableCell sortDirection={direction} sx={first ? STICKY_FIRST_CELL : undefined}>
      {column.sortable && sortingAllowed && params ? (
        <SortableHeader hint={column.hint}>
          <TableSortLabel title={undefined} active={direction !== false} direction={direction || 'asc'} onClick={() => params.toggleOrdering(column.field)}>
            {column.hint ? (
              <Box component="span" sx={HINTED_TEXT_SX}>
                {column.header}
              </Box>
            ) : (
              column.header
            )}
          </TableSortLabel>
        </SortableHeader>
      ) : (
        <HintedLabel hint={column.hint}>{column.header}</HintedLabel>
      )}
    </TableCell>
  );
}

/** A sort button with its column's meaning in a tooltip (the button takes the focus, so the tooltip goes around it). */
function SortableHeader({ hint, children }: { hint: string | undefined; children: ReactElement<{ title?: string }> }) {
  return hint ? <HintTooltip hint={hint}>{children}</HintTooltip> : children;
}

function cellContent<Row>(column: Column<Row>, row: Row): ReactNode {
  if (column.render) return column.render(row);
  const text = displayValue((row as Record<string, unknown>)[column.field]);
  return column.ellipsis ? <EllipsisText text={text} maxWidth={CELL_TEXT_MAX_WIDTH} /> : text;
}

/**
 * A row across every column (loading, an error, the empty text). Its content keeps to the visible width
 * of the scrolling box (`100cqi` of the container) and stays in view, so a wide table on a phone does
 * not centre the text past the right edge.
 */
function wholeRow(columns: number, content: ReactNode, sx: SxProps<Theme> = {}, role?: string) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={[{ py: 4, px: 0 }, ...(Array.isArray(sx) ? sx : [sx])]} role={role}>
        <Box sx={{ position: 'sticky', left: 0, width: '100cqi', px: 2, boxSizing: 'border-box', textAlign: 'center' }}>{content}</Box>
      </TableCell>
    </TableRow>
  );
}
