import { Box, Paper, Typography } from '@mui/material';
import { EMPTY_VALUE, figureHint, STATS_FIGURES, type DatedReturn, type MonthsSummary as Summary, type StatsFigureId } from '@console/contracts';
import { HintedLabel } from '../../../ui/text/HintedLabel';
import { monthLabel, percent, returnColour, uptimeText, wholeDollars } from './months-format';

/** One figure of the summary: its label (with its formula on hover, focus or tap) and its value. */
function Figure({ id, value, colour }: { id: StatsFigureId; value: string; colour?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        <HintedLabel hint={figureHint(STATS_FIGURES[id])}>{STATS_FIGURES[id].name}</HintedLabel>
      </Typography>
      <Typography variant="body1" sx={{ color: colour, fontWeight: 500 }} data-testid={`summary-${id}`}>
        {value}
      </Typography>
    </Box>
  );
}

const dated = (r: DatedReturn) => (r.value === null ? EMPTY_VALUE : `${percent(r.value)} (${monthLabel(r.date)})`);

/** The months summary: turnover, uptime, best and worst month, positive months, ACGR. */
export function MonthsSummary({ summary }: { summary: Summary }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="months-summary">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 2 }}>
        <Figure id="turn_over_at_value" value={wholeDollars(summary.turn_over_at_value)} />
        <Figure id="turn_over_month_value" value={wholeDollars(summary.turn_over_month_value)} />
        <Figure id="turn_over_week_value" value={wholeDollars(summary.turn_over_week_value)} />
        <Figure id="turn_over_day_value" value={wholeDollars(summary.turn_over_day_value)} />
        <Figure id="system_is_running_days" value={uptimeText(summary.system_is_running_days)} />
        <Figure id="best_month_return" value={dated(summary.best_month_return)} colour={returnColour(summary.best_month_return.value)} />
        <Figure id="worst_month_return" value={dated(summary.worst_month_return)} colour={returnColour(summary.worst_month_return.value)} />
        <Figure id="positive_months" value={percent(summary.positive_months)} />
        <Figure id="avg_capital_growth_rate" value={percent(summary.avg_capital_growth_rate)} />
      </Box>
    </Paper>
  );
}
