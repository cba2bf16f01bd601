import { Box, Paper, Typography } from '@mui/material';
import { BACKTEST_FIGURE_COLUMNS, formatColumnValue, type BacktestFigures } from '@console/contracts';
import { formatDate } from '../../../ui/format/date';

/** A figure as the screens write it ('-' when the figure has no value). */
export const figureText = (figures: BacktestFigures | null | undefined, column: (typeof BACKTEST_FIGURE_COLUMNS)[number]) =>
  formatColumnValue(column.format, figures?.[column.field], formatDate);

/** The headline figures of one run, as tiles. */
export function FiguresGrid({ figures }: { figures: BacktestFigures }) {
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' } }} data-testid="backtest-figures">
      {BACKTEST_FIGURE_COLUMNS.map((column) => (
        <Paper key={column.field} variant="outlined" sx={{ p: 1.5 }} data-testid={`figure-${column.field}`}>
          <Typography variant="caption" color="text.secondary">
            {column.header}
          </Typography>
          <Typography variant="h6">{figureText(figures, column)}</Typography>
        </Paper>
      ))}
    </Box>
  );
}
