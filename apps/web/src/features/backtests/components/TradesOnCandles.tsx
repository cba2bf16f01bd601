import { Alert, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { CANDLE_TIMEFRAMES, candleBarCount, MARKET_DATA_LIMITS, type BacktestTradeRow, type CandleTimeframe } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { CandlesChart, type CandleMarker } from '../../charts';
import { useCandles } from '../../market-data';

/** The finest time frame that draws the whole period within the candle read's cap. */
export function timeframeFor(from: string, until: string): CandleTimeframe {
  const start = new Date(from);
  const end = new Date(Date.parse(until) - 60_000);
  return CANDLE_TIMEFRAMES.find((t) => candleBarCount(t, start, end) <= MARKET_DATA_LIMITS.maxBars) ?? '1M';
}

/** A trade's entry and exit as marks on its pair's candles. */
export function tradeMarkers(trades: readonly BacktestTradeRow[]): CandleMarker[] {
  return trades.flatMap((t) => [
    { at: t.entry_at, kind: 'entry' as const, side: t.side, text: `${t.side === 'long' ? 'Buy' : 'Sell'} ${t.entry_price}` },
    { at: t.exit_at, kind: 'exit' as const, side: t.side, text: `Exit ${t.exit_price}` },
  ]);
}

/**
 * The trades of the shown page marked on their pair's stored candles over the run's period (a run on the
 * candle store: the model's minutes are computed, not stored).
 */
export function TradesOnCandles({ exchange, from, until, trades }: { exchange: string; from: string; until: string; trades: readonly BacktestTradeRow[] }) {
  const pairs = [...new Set(trades.map((t) => t.pair))].sort();
  const [chosen, setChosen] = useState<string | null>(null);
  const pair = chosen && pairs.includes(chosen) ? chosen : pairs[0];
  const timeframe = timeframeFor(from, until);
  // The React compiler keeps this array while the trades and the pair stay, so the chart is not drawn again.
  const markers = tradeMarkers(trades.filter((t) => t.pair === pair));
  const candles = useCandles(pair ? { exchange, symbol: pair, timeframe, from, to: new Date(Date.parse(until) - 60_000).toISOString() } : null);
  if (!pair) return null;
  return (
    <Stack spacing={1} data-testid="trades-on-candles">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField select size="small" label="Pair" value={pair} onChange={(e) => setChosen(e.target.value)} sx={{ minWidth: 160 }} slotProps={{ htmlInput: { 'data-testid': 'trades-on-candles-pair' } }}>
          {pairs.map((p) => (
            <MenuItem key={p} value={p}>
              {p}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          {`${exchange}, ${timeframe} candles; the trades of the page shown`}
        </Typography>
      </Stack>
      {candles.isPending && <CircularProgress size={28} />}
      {candles.error && <Alert severity="error">{normaliseError(candles.error)}</Alert>}
      {candles.data && <CandlesChart bars={candles.data} timeframe={timeframe} markers={markers} testId="backtest-candles-chart" />}
    </Stack>
  );
}
