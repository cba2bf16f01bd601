import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel, Typography } from '@mui/material';
import { formatColumnValue, monthsColumns, STATS_UI, type MonthsOrder, type MonthsRow, type MonthsStats, type MonthsView } from '@console/contracts';
import { formatDate } from '../../../ui/format/date';
import { HintedLabel } from '../../../ui/text/HintedLabel';
import { monthLabel, returnColour } from './months-format';

/** Returns take the colour scale. */
const COLOURED: ReadonlySet<keyof MonthsRow> = new Set(['return_hwm_percent', 'return_nav_percent', 'return_realized_percent']);

/** The months table: total, average per month, average per day, then each month; the period sorts. */
export function MonthsTable({ view, data, order, onOrder }: { view: MonthsView; data: MonthsStats | undefined; order: MonthsOrder; onOrder: (order: MonthsOrder) => void }) {
  const columns = monthsColumns(view);
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
              <TableCell key={c.field} align="right" sx={{ whiteSpace: 'nowrap' }}>
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
                <TableCell key={c.field} align="right" sx={{ whiteSpace: 'nowrap', color: COLOURED.has(c.field) ? returnColour(row[c.field] as number | null | undefined) : undefined, fontWeight: summary ? 600 : undefined }}>
                  {formatColumnValue(c.format, row[c.field], formatDate)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
