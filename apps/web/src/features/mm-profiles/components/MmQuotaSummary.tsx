import { Paper, Typography } from '@mui/material';
import { EMPTY_VALUE, formatColumnValue, MM_PROFILE_RESOURCE, type MmProfileList } from '@console/contracts';
import { formatDate } from '../../../ui/format/date';

/** A quota as its declared column writes it, in a cell and in the summary row. */
export function quotaText(field: 'all_signals_quota' | 'one_signal_quota', value: number | undefined): string {
  const column = MM_PROFILE_RESOURCE.columns.find((c) => c.field === field);
  return column ? formatColumnValue(column.format, value, formatDate) : EMPTY_VALUE;
}

/** The Total row under the list: the quotas' sums the group may see (none: no row). */
export function MmQuotaSummary({ summary }: { summary: MmProfileList['summary'] | undefined }) {
  if (!summary || (summary.sum_all_signals_quota === undefined && summary.sum_one_signal_quota === undefined)) return null;
  return (
    <Paper variant="outlined" sx={{ mt: 1, px: 2, py: 1, display: 'flex', flexWrap: 'wrap', columnGap: 3 }} data-testid="mm-summary">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Total
      </Typography>
      {summary.sum_all_signals_quota !== undefined && (
        <Typography variant="body2" data-testid="sum-all-signals-quota">
          All signals quota: {quotaText('all_signals_quota', summary.sum_all_signals_quota)}
        </Typography>
      )}
      {summary.sum_one_signal_quota !== undefined && (
        <Typography variant="body2" data-testid="sum-one-signal-quota">
          One signal quota: {quotaText('one_signal_quota', summary.sum_one_signal_quota)}
        </Typography>
      )}
    </Paper>
  );
}
