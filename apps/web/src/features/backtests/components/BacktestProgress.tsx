import { Box, LinearProgress, Typography } from '@mui/material';
import type { BacktestRow } from '@console/contracts';
import { isUnfinished } from '../api/backtest-status';

/** The status cell: the state's word, and a bar with the percentage while the run waits or runs. */
export function BacktestProgress({ status, progress, label }: { status: BacktestRow['status']; progress: number; label: string }) {
  if (!isUnfinished(status)) return <>{label}</>;
  return (
    <Box sx={{ minWidth: 120 }} data-testid="backtest-progress">
      <Typography variant="body2">
        {label} · {progress}%
      </Typography>
      <LinearProgress variant="determinate" value={progress} aria-label={`${label}: ${progress}%`} />
    </Box>
  );
}
