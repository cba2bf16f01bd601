import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel, Typography } from '@mui/material';
import { STATS_UI, type MonthsOrder, type MonthsRow, type MonthsStats, type MonthsView } from '@console/contracts';
import { count, dollars, monthLabel, percent, returnColour, wholeDollars } from './months-format';

interface MonthsColumn {
  header: string;
  cell: (row: MonthsRow) => string;
  /** Returns take the colour scale. */
  colour?: (row: MonthsRow) => number | null | undefined;
  views: readonly MonthsView[];
}

const BOTH: readonly MonthsView[] = ['admin', 'client'];
const ADMIN: readonly MonthsView[] = ['admin'];

const COLUMNS: readonly MonthsColumn[] = [
  { header: 'HWM', cell: (r) => dollars(r.hwm), views: ADMIN },
  { header: 'Deposit', cell: (r) => dollars(r.deposit), views: BOTH },
  { header: 'PF', cell: (r) => count(r.profit_factor), views: ADMIN },
  { header: 'Winrate', cell: (r) => percent(r.winrate), views: BOTH },
  { header: 'Return HWM, $', cell: (r) => dollars(r.return_hwm), views: ADMIN },
  { header: 'Return HWM, %', cell: (r) => percent(r.return_hwm_percent), colour: (r) => r.return_hwm_percent, views: ADMIN },
  { header: 'Return, $', cell: (r) => dollars(r.return_realized), views: BOTH },
  { header: 'Return, %', cell: (r) => percent(r.return_realized_percent), colour: (r) => r.return_realized_percent, views: BOTH },
  { header: 'Reinvest, %', cell: (r) => percent(r.reinvest_percent_realized), views: BOTH },
  { header: 'Signals', cell: (r) => count(r.qty_total), views: BOTH },
  { header: 'Profit', cell: (r) => count(r.qty_profit), views: ADMIN },
  { header: 'Loss', cell: (r) => count(r.qty_loss), views: ADMIN },
  { header: 'Missed', cell: (r) => count(r.qty_missed), views: ADMIN },
  { header: 'Turnover', cell: (r) => wholeDollars(r.turn_over), views: BOTH },
];

/** The months table: total, average per month, average per day, then each month; the period sorts. */
export function MonthsTable({ view, data, order, onOrder }: { view: MonthsView; data: MonthsStats | undefined; order: MonthsOrder; onOrder: (order: MonthsOrder) => void }) {
  const columns = COLUMNS.filter((c) => c.views.includes(view));
  const rows: { label: string; row: MonthsRow; summary: boolean }[] = data?.total
    ? [
        { label: 'Total', row: data.total, summary: true },
        { label: 'Average per month', row: data.month_average!, summary: true },
        { label: 'Average per day', row: data.day_average!, summary: true },
        ...data.by_month.map((row) => ({ label: monthLabel(row.period), row, summary: false })),
      ]
    : [];
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="months-table">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 }}>
              <TableSortLabel active direction={order === 'period' ? 'asc' : 'desc'} onClick={() => onOrder(order === 'period' ? '-period' : 'period')}>
                Period
              </TableSortLabel>
            </TableCell>
            {columns.map((c) => (
              <TableCell key={c.header} align="right" sx={{ whiteSpace: 'nowrap' }}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length + 1}>
                <Typography color="text.secondary" sx={{ py: 2, position: 'sticky', left: 16, width: 'fit-content' }}>
                  {STATS_UI.monthsEmpty}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map(({ label, row, summary }) => (
            <TableRow key={label} hover sx={summary ? { bgcolor: 'action.hover' } : undefined}>
              <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: summary ? 600 : undefined, position: 'sticky', left: 0, bgcolor: 'background.paper' }}>{label}</TableCell>
              {columns.map((c) => (
                <TableCell key={c.header} align="right" sx={{ whiteSpace: 'nowrap', color: c.colour ? returnColour(c.colour(row)) : undefined, fontWeight: summary ? 600 : undefined }}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
