import { Chip, CircularProgress } from '@mui/material';
import { EMPTY_VALUE, type ActionState, type StrategyProfileStatus } from '@console/contracts';
import { strategyStatusLabel } from './strategy-rules';

const STATUS_COLORS: Record<StrategyProfileStatus, 'success' | 'warning' | 'default' | 'info'> = { active: 'success', stopping: 'warning', inactive: 'default', draft: 'info' };

/** The status, or 'starting' / 'stopping' with a spinner while the engine confirms the command. */
export function StrategyStatusChip({ status, actionState }: { status?: StrategyProfileStatus; actionState?: ActionState }) {
  const shown = strategyStatusLabel(status, actionState);
  if (!shown || !status) return <>{EMPTY_VALUE}</>;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={shown.label}
      color={shown.pending ? 'warning' : STATUS_COLORS[status]}
      icon={shown.pending ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined}
    />
  );
}
