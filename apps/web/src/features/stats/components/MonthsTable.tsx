import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel, Typography } from '@mui/material';
import { figureHint, STATS_FIGURES, STATS_UI, type MonthsOrder, type MonthsRow, type MonthsStats, type MonthsView, type StatsFigureId } from '@console/contracts';
import { HintedLabel } from '../../../ui/text/HintedLabel';
import { count, dollars, monthLabel, percent, returnColour, wholeDollars } from './months-format';

interface MonthsColumn {
  header: string;
  /** The figure's formula and basis: the header's tooltip. */
  hint: string;
  cell: (row: MonthsRow) => string;
  /** Returns take the colour scale. */
  colour?: (row: MonthsRow) => number | null | undefined;
  views: readonly MonthsView[];
}

const BOTH: readonly MonthsView[] = ['admin', 'client'];
const ADMIN: readonly MonthsView[] = ['admin'];

/** A column of a figure: its header and tooltip from the figure's one definition. */
const figure = (id: StatsFigureId, views: readonly MonthsView[], cell: MonthsColumn['cell'], colour?: MonthsColumn['colour']): MonthsColumn => ({
  header: STATS_FIGURES[id].name,
  hint: figureHint(STATS_FIGURES[id]),
  cell,
  colour,
  views,
});

/** The NAV figures first (the month's HWM, its returns by HWM and by NAV), then the closed trades'. */
const COLUMNS: readonly MonthsColumn[] = [
  figure('hwm', ADMIN, (r) => dollars(r.hwm)),
  figure('deposit', BOTH, (r) => dollars(r.deposit)),
  figure('return_hwm', ADMIN, (r) => dollars(r.return_hwm)),
  figure('return_hwm_percent', ADMIN, (r) => percent(r.return_hwm_percent), (r) => r.return_hwm_percent),
  figure('return_month_usd', BOTH, (r) => dollars(r.return_nav)),
  figure('return_month_percent', BOTH, (r) => percent(r.return_nav_percent), (r) => r.return_nav_percent),
  figure('total', BOTH, (r) => dollars(r.return_realized)),
  figure('return_realized_percent', BOTH, (r) => percent(r.return_realized_percent), (r) => r.return_realized_percent),
  figure('reinvest_percent_realized', BOTH, (r) => percent(r.reinvest_percent_realized)),
  figure('total_i', ADMIN, (r) => count(r.profit_factor)),
  figure('w_percent', BOTH, (r) => percent(r.winrate)),
  figure('qty_total', BOTH, (r) => count(r.qty_total)),
  figure('qty_profit', ADMIN, (r) => count(r.qty_profit)),
  figure('qty_loss', ADMIN, (r) => count(r.qty_loss)),
  figure('qty_missed', ADMIN, (r) => count(r.qty_missed)),
  figure('turnover', BOTH, (r) => wholeDollars(r.turn_over)),
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
                <HintedLabel hint={c.hint}>{c.header}</HintedLabel>
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
