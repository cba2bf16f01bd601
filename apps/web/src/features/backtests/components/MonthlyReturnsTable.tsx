import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { BACKTEST_MONTH_COLUMNS, backtestMonthlyReturns, formatColumnValue, type BacktestEquityPoint, type BacktestMonthReturn } from '@console/contracts';
import { formatDate } from '../../../ui/format/date';

const COLUMNS = BACKTEST_MONTH_COLUMNS.columns;
const text = (row: Partial<BacktestMonthReturn>, field: keyof BacktestMonthReturn) => {
  const column = COLUMNS.find((c) => c.field === field)!;
  return row[field] === undefined ? '' : formatColumnValue(column.format, row[field], formatDate);
};

/**
 * A run's returns by UTC month from its equity curve (contracts' backtestMonthlyReturns), laid out as By
 * Months lays out its table: the total and the average month first, then each month.
 */
export function MonthlyReturnsTable({ deposit, points }: { deposit: string; points: readonly BacktestEquityPoint[] }) {
  const monthly = backtestMonthlyReturns(
    deposit,
    points.map((p) => ({ at: Date.parse(p.at), equity: p.equity })),
  );
  const months = monthly.months;
  const summary: Partial<BacktestMonthReturn>[] = [
    { month: 'Total', start_equity: months[0]?.start_equity, end_equity: months.at(-1)?.end_equity, return_percent: monthly.total_percent },
    { month: 'Average per month', ...(monthly.average_percent === null ? {} : { return_percent: monthly.average_percent }) },
  ];
  return (
    <TableContainer data-testid="monthly-returns">
      <Table size="small">
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c.field} align={c.field === 'month' ? 'left' : 'right'}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {[...summary, ...months].map((row, i) => (
            <TableRow key={row.month} sx={i < summary.length ? { '& td': { fontWeight: 600 } } : undefined}>
              {COLUMNS.map((c) => (
                <TableCell key={c.field} align={c.field === 'month' ? 'left' : 'right'}>
                  {text(row, c.field)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
