import { Typography } from '@mui/material';
import { EMPTY_VALUE, type ActionState } from '@console/contracts';

/** An action state: none shows as active; cancelling, cancelled, closing and closed as inactive (greyed). */
export function ActionStateText({ state }: { state: ActionState | undefined }) {
  if (!state) return EMPTY_VALUE;
  const inactive = state !== 'NONE';
  return (
    <Typography component="span" variant="body2" color={inactive ? 'text.secondary' : 'text.primary'} data-testid="action-state">
      {state}
    </Typography>
  );
}
