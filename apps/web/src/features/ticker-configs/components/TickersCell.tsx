import { Box, Tooltip, Typography } from '@mui/material';
import { EMPTY_VALUE, TICKER_CONFIG_UI } from '@console/contracts';

const SHOWN = 3;

/** A few tickers in the cell, the whole list in a tooltip that opens after 250 ms. */
export function TickersCell({ tickers }: { tickers: readonly string[] }) {
  if (tickers.length === 0) return <>{EMPTY_VALUE}</>;
  const preview = tickers.slice(0, SHOWN).join(', ') + (tickers.length > SHOWN ? ` +${tickers.length - SHOWN}` : '');
  return (
    <Tooltip
      enterDelay={TICKER_CONFIG_UI.tickerTooltipDelayMs}
      enterTouchDelay={0}
      title={<Box sx={{ maxHeight: TICKER_CONFIG_UI.tickerDropdownMaxHeightPx, overflowY: 'auto', whiteSpace: 'normal' }}>{tickers.join(', ')}</Box>}
    >
      <Typography variant="body2" component="span" tabIndex={0} sx={{ whiteSpace: 'nowrap', cursor: 'default' }} data-testid="ticker-list">
        {preview}
      </Typography>
    </Tooltip>
  );
}
