import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { MARKET_DATA_UI as UI, type CandleDownloadAnswer } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { useCandleDownload } from '../api/get-candle-download';
import { useStartCandleDownload } from '../api/start-candle-download';

/** A datetime-local field's value read as UTC (the form says so), as the API's date-time with its zone. */
const utc = (local: string) => (local ? `${local}:00Z` : '');

/** The download's bar, a retry's reason while it goes on, and how it ended. */
function DownloadState({ task }: { task: CandleDownloadAnswer }) {
  if (task.status === 'SUCCESS') return <Alert severity="success">{UI.downloadFinished(task.added)}</Alert>;
  if (task.status === 'FAILURE') return <Alert severity="error">{UI.downloadFailed(task.error ?? '')}</Alert>;
  return (
    <Stack spacing={1} data-testid="candle-download">
      <Typography variant="body2">{UI.downloading(task.progress)}</Typography>
      <LinearProgress variant="determinate" value={task.progress} aria-label={UI.downloading(task.progress)} />
      {task.error && (
        <Typography variant="body2" color="warning.main">
          {UI.downloadRetrying(task.attempts, task.error)}
        </Typography>
      )}
    </Stack>
  );
}

/** A history download of a symbol's minutes from its exchange (the worker fetches them through ccxt). */
export function CandleDownloadForm() {
  const [exchange, setExchange] = useState('binance');
  const [symbol, setSymbol] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [taskId, setTaskId] = useState<string | null>(null);
  const start = useStartCandleDownload();
  const task = useCandleDownload(taskId);
  const running = start.isPending || (taskId !== null && task.data?.status !== 'SUCCESS' && task.data?.status !== 'FAILURE');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate({ exchange: exchange.trim(), symbol: symbol.trim(), from: utc(from), to: utc(to) }, { onSuccess: ({ id }) => setTaskId(id) });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ mb: 2 }} aria-label={UI.downloadTitle}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {UI.downloadTitle}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }} useFlexGap>
        <TextField label={UI.exchange} size="small" value={exchange} onChange={(e) => setExchange(e.target.value)} disabled={running} />
        <TextField label={UI.symbol} size="small" value={symbol} onChange={(e) => setSymbol(e.target.value.toUpperCase())} disabled={running} placeholder="BTCUSDT" />
        <TextField label={UI.downloadFrom} type="datetime-local" size="small" value={from} onChange={(e) => setFrom(e.target.value)} disabled={running} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField label={UI.downloadTo} type="datetime-local" size="small" value={to} onChange={(e) => setTo(e.target.value)} disabled={running} slotProps={{ inputLabel: { shrink: true } }} />
        <Button type="submit" variant="contained" disabled={running || !symbol.trim() || !from || !to}>
          {UI.download}
        </Button>
      </Stack>
      {start.error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {normaliseError(start.error)}
        </Alert>
      )}
      {task.data && (
        <Box sx={{ mt: 1.5 }}>
          <DownloadState task={task.data} />
        </Box>
      )}
    </Box>
  );
}
