import { Alert, Box, Button, CircularProgress, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { CANDLE_TIMEFRAME_LABELS, CANDLE_TIMEFRAMES, MARKET_DATA_UI, STATS_UI, type CandleCoverageRow, type CandleTimeframe } from '@console/contracts';
import { format, subDays } from 'date-fns';
import { normaliseError } from '../../../api/errors';
import { useCandleCoverage, useCandles, type CandlesRequest } from '../../market-data';
import { CandlesChart } from './CandlesChart';
import { toApiInstant } from './chart-settings';

const LOCAL = "yyyy-MM-dd'T'HH:mm";
const marketKey = (row: Pick<CandleCoverageRow, 'exchange' | 'symbol'>) => `${row.exchange}:${row.symbol}`;

interface CandlesForm {
  market: string;
  timeframe: CandleTimeframe;
  from: string;
  until: string;
}

/** A market's last stored day at 5 minutes (288 bars, under the cap). */
function formFor(row: CandleCoverageRow): CandlesForm {
  const last = new Date(row.last_minute);
  return { market: marketKey(row), timeframe: '5m', from: format(subDays(last, 1), LOCAL), until: format(last, LOCAL) };
}

/** The Candles chart: a market from the store's coverage, a time frame and a range, drawn as candlesticks. */
export function CandlesPanel() {
  const coverage = useCandleCoverage();
  const [form, setForm] = useState<CandlesForm | null>(null);
  const [applied, setApplied] = useState<CandlesForm | null>(null);
  const rows = coverage.data ?? [];
  // The first market's last day is shown until other settings are applied.
  const initial = rows[0] ? formFor(rows[0]) : null;
  const current = form ?? initial;
  const shown = applied ?? initial;
  // A new object each render is fine: the query is keyed by the request's values.
  const row = shown && rows.find((r) => marketKey(r) === shown.market);
  const request: CandlesRequest | null =
    shown && row && shown.from && shown.until ? { exchange: row.exchange, symbol: row.symbol, timeframe: shown.timeframe, from: toApiInstant(shown.from), to: toApiInstant(shown.until) } : null;
  const candles = useCandles(request);

  if (coverage.isPending) return <CircularProgress size={28} />;
  if (coverage.error) return <Alert severity="error">{normaliseError(coverage.error)}</Alert>;
  if (!current) return <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="candles-no-coverage">{MARKET_DATA_UI.candlesNoCoverage}</Typography>;

  const set = (changes: Partial<CandlesForm>) => setForm({ ...current, ...changes });
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }} data-testid="candles-filters">
        <TextField
          select
          size="small"
          label={MARKET_DATA_UI.market}
          value={current.market}
          onChange={(e) => setForm(formFor(rows.find((r) => marketKey(r) === e.target.value)!))}
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'candles-market' } }}
        >
          {rows.map((r) => (
            <MenuItem key={marketKey(r)} value={marketKey(r)}>
              {r.exchange} · {r.symbol}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Time frame" value={current.timeframe} onChange={(e) => set({ timeframe: e.target.value as CandleTimeframe })} sx={{ minWidth: 130 }} slotProps={{ htmlInput: { 'data-testid': 'candles-timeframe' } }}>
          {CANDLE_TIMEFRAMES.map((tf) => (
            <MenuItem key={tf} value={tf}>
              {CANDLE_TIMEFRAME_LABELS[tf]}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" type="datetime-local" label="From" value={current.from} onChange={(e) => set({ from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" type="datetime-local" label="Until" value={current.until} onChange={(e) => set({ until: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" onClick={() => setApplied(current)} disabled={!current.from || !current.until}>
          {STATS_UI.apply}
        </Button>
      </Paper>
      <Box data-testid="candles-area">
        {candles.isPending && request && <CircularProgress size={28} />}
        {candles.error && <Alert severity="error">{normaliseError(candles.error)}</Alert>}
        {candles.data && !candles.error && (candles.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>{MARKET_DATA_UI.candlesEmpty}</Typography>
        ) : (
          <Paper variant="outlined" sx={{ p: 1 }}>
            <CandlesChart bars={candles.data} timeframe={shown!.timeframe} />
          </Paper>
        ))}
      </Box>
    </>
  );
}
