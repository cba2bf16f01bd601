import { Box, Paper, Typography } from '@mui/material';
import { EMPTY_VALUE, type DatedReturn, type MonthsSummary as Summary } from '@console/contracts';
import { monthLabel, percent, returnColour, uptimeText, wholeDollars } from './months-format';

function Figure({ label, value, colour }: { label: string; value: string; colour?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ color: colour, fontWeight: 500 }}>
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
        <Figure label="Turnover at all" value={wholeDollars(summary.turn_over_at_value)} />
        <Figure label="Turnover month" value={wholeDollars(summary.turn_over_month_value)} />
        <Figure label="Turnover week" value={wholeDollars(summary.turn_over_week_value)} />
        <Figure label="Turnover day" value={wholeDollars(summary.turn_over_day_value)} />
        <Figure label="System works" value={uptimeText(summary.system_is_running_days)} />
        <Figure label="Best Month Return" value={dated(summary.best_month_return)} colour={returnColour(summary.best_month_return.value)} />
        <Figure label="Worst Month Return" value={dated(summary.worst_month_return)} colour={returnColour(summary.worst_month_return.value)} />
        <Figure label="Positive Months" value={percent(summary.positive_months)} />
        <Figure label="ACGR" value={percent(summary.avg_capital_growth_rate)} />
      </Box>
    </Paper>
  );
}
