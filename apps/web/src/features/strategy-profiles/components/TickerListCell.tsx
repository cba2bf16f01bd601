import { Box, Button, Collapse, Typography } from '@mui/material';
import { useState } from 'react';
import { EMPTY_VALUE, STRATEGY_PROFILE_UI } from '@console/contracts';

/** The ticker list's name and its pairs: at most two in the row, the rest unfold on demand. */
export function TickerListCell({ name, pairs }: { name: string | null | undefined; pairs: readonly string[] | undefined }) {
  const [open, setOpen] = useState(false);
  const shown = (pairs ?? []).slice(0, STRATEGY_PROFILE_UI.pairsShown);
  const rest = (pairs ?? []).slice(STRATEGY_PROFILE_UI.pairsShown);
  const line = (pair: string) => (
    <Typography key={pair} variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
      {pair}
    </Typography>
  );
  return (
    <Box data-testid="ticker-list-cell">
      {name !== undefined && (
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {name ?? EMPTY_VALUE}
        </Typography>
      )}
      {shown.map(line)}
      {rest.length > 0 && (
        <>
          <Collapse in={open}>{rest.map(line)}</Collapse>
          <Button size="small" sx={{ px: 0, minWidth: 0 }} aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Show less' : `+${rest.length} more`}
          </Button>
        </>
      )}
    </Box>
  );
}
