import { Alert, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { BACKTEST_TRADE_COLUMNS, CANDLE_TIMEFRAMES, candleBarCount, MARKET_DATA_LIMITS, type Backtest, type BacktestTradeRow, type CandleTimeframe } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { cellText } from '../../../ui/table/declared-columns';
import { CandlesChart, type CandleMarker } from '../../charts';
import { useBacktestCandles } from '../api/get-backtest-candles';

const ENTRY_PRICE = BACKTEST_TRADE_COLUMNS.columns.find((c) => c.field === 'entry_price')!;
const EXIT_PRICE = BACKTEST_TRADE_COLUMNS.columns.find((c) => c.field === 'exit_price')!;

/** The finest time frame that draws the whole period within the candle read's cap. */
export function timeframeFor(from: string, until: string): CandleTimeframe {
  const start = new Date(from);
  const end = new Date(Date.parse(until) - 60_000);
  return CANDLE_TIMEFRAMES.find((t) => candleBarCount(t, start, end) <= MARKET_DATA_LIMITS.maxBars) ?? '1M';
}

/** A trade's entry and exit as marks on its pair's candles. */
export function tradeMarkers(trades: readonly BacktestTradeRow[]): CandleMarker[] {
  return trades.flatMap((t) => [
    { at: t.entry_at, kind: 'entry' as const, side: t.side, text: `${t.side === 'long' ? 'Buy' : 'Sell'} ${cellText(ENTRY_PRICE, t)}` },
    { at: t.exit_at, kind: 'exit' as const, side: t.side, text: `Exit ${cellText(EXIT_PRICE, t)}` },
  ]);
}

/**
 * The trades of the shown page marked on their pair's candles over the run's period, from the market the
 * run traded on: the store's minutes of its exchange, or its seed's model (the API computes them again).
 */
export function TradesOnCandles({ run, trades }: { run: Backtest; trades: readonly BacktestTradeRow[] }) {
  const pairs = run.inputs.pair_symbols;
  const [chosen, setChosen] = useState<string | null>(null);
  const pair = chosen && pairs.includes(chosen) ? chosen : (trades[0]?.pair ?? pairs[0]);
  const timeframe = timeframeFor(run.inputs.date_from, run.inputs.date_until);
  // The React compiler keeps this array while the trades and the pair stay, so the chart is not drawn again.
  const markers = tradeMarkers(trades.filter((t) => t.pair === pair));
  const candles = useBacktestCandles(run.id, pair, timeframe);
  if (!pair) return null;
  const source = run.inputs.market === 'store' ? `${run.inputs.exchange}'s stored` : `the model's (seed ${run.inputs.seed})`;
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
          {`${timeframe} candles, ${source}; the trades of the page shown`}
        </Typography>
      </Stack>
      {candles.isPending && <CircularProgress size={28} />}
      {candles.error && <Alert severity="error">{normaliseError(candles.error)}</Alert>}
      {candles.data?.length === 0 && <Typography color="text.secondary">No candles of {pair} in the period.</Typography>}
      {!!candles.data?.length && <CandlesChart bars={candles.data} timeframe={timeframe} markers={markers} testId="backtest-candles-chart" />}
    </Stack>
  );
}
