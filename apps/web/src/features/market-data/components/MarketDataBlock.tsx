import { Alert, Box, Button, CircularProgress, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { CANDLE_COVERAGE_RESOURCE, CANDLE_FILE_EXTENSIONS, formatColumnValue, MARKET_DATA_UI as UI, type CandleImportAnswer } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { formatDate } from '../../../ui/format/date';
import { useCandleCoverage } from '../api/get-candle-coverage';
import { useCandleImport } from '../api/get-candle-import';
import { useStartCandleImport } from '../api/start-candle-import';
import { CandleDownloadForm } from './CandleDownloadForm';

const TITLE_ID = 'settings-market-data';

/** The import's bar and each file's outcome: rows and new minutes, or why it was refused. */
function ImportState({ task }: { task: CandleImportAnswer }) {
  const ended = task.status === 'SUCCESS' || task.status === 'FAILURE';
  return (
    <Stack spacing={1} data-testid="candle-import">
      {!ended && (
        <>
          <Typography variant="body2">{UI.importing(task.progress)}</Typography>
          <LinearProgress variant="determinate" value={task.progress} aria-label={UI.importing(task.progress)} />
        </>
      )}
      {ended && <Alert severity={task.status === 'SUCCESS' ? 'success' : 'warning'}>{task.status === 'SUCCESS' ? UI.finished : UI.failed}</Alert>}
      {task.files.map((file) => (
        <Typography key={file.name} variant="body2" color={file.status === 'FAILED' ? 'error' : 'text.secondary'}>
          {file.status === 'FAILED' ? file.error : `${file.name}: ${file.status === 'DONE' ? UI.rowsAdded(file.rows, file.added) : '…'}`}
        </Typography>
      ))}
    </Stack>
  );
}

/** Stored candles per exchange and symbol: first and last minute, count and gaps. */
function CoverageTable() {
  const coverage = useCandleCoverage();
  if (coverage.isPending) return <CircularProgress size={24} aria-label={`Loading ${UI.coverage}`} />;
  if (coverage.error) return <Alert severity="error">{normaliseError(coverage.error)}</Alert>;
  if (!coverage.data.length) return <Typography color="text.secondary">{UI.noCoverage}</Typography>;
  const columns = CANDLE_COVERAGE_RESOURCE.columns;
  return (
    <TableContainer>
      <Table size="small" aria-label={UI.coverage} data-testid="candle-coverage">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.field} align={column.format.kind === 'integer' ? 'right' : 'left'}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {coverage.data.map((row) => (
            <TableRow key={`${row.exchange}/${row.symbol}`}>
              {columns.map((column) => (
                <TableCell key={column.field} align={column.format.kind === 'integer' ? 'right' : 'left'}>
                  {formatColumnValue(column.format, row[column.field], formatDate)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * System settings' Market data block: candle files (Binance kline archives or CSV) for an exchange and
 * symbol, uploaded as one import whose progress shows until the worker ends it; a download of a range
 * from the exchange; then the coverage. At ReadOnly only the coverage shows.
 */
export function MarketDataBlock({ writable }: { writable: boolean }) {
  const [exchange, setExchange] = useState('binance');
  const [symbol, setSymbol] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [taskId, setTaskId] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const start = useStartCandleImport();
  const task = useCandleImport(taskId);
  const running = start.isPending || (taskId !== null && task.data?.status !== 'SUCCESS' && task.data?.status !== 'FAILURE');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(
      { exchange: exchange.trim(), symbol: symbol.trim(), files },
      {
        onSuccess: ({ id }) => {
          setTaskId(id);
          setFiles([]);
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  return (
    <Paper component="section" aria-labelledby={TITLE_ID} sx={{ p: 2.5 }}>
      <Typography id={TITLE_ID} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {UI.title}
      </Typography>
      {writable && (
        <Box component="form" onSubmit={submit} noValidate sx={{ mb: 2 }} aria-label={UI.importTitle}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <TextField label={UI.exchange} size="small" value={exchange} onChange={(e) => setExchange(e.target.value)} disabled={running} />
            <TextField label={UI.symbol} size="small" value={symbol} onChange={(e) => setSymbol(e.target.value.toUpperCase())} disabled={running} placeholder="BTCUSDT" />
            {/* A real button that opens the hidden picker: a label styled as a button would carry the wrong role. */}
            <Button variant="outlined" disabled={running} onClick={() => input.current?.click()}>
              {UI.chooseFiles}
            </Button>
            <input
              ref={input}
              hidden
              type="file"
              multiple
              accept={CANDLE_FILE_EXTENSIONS.join(',')}
              data-testid="candle-files"
              onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
            />
            <Button type="submit" variant="contained" disabled={running || !files.length}>
              {UI.upload}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {files.length ? files.map((f) => f.name).join(', ') : UI.noFilesChosen}
          </Typography>
          {start.isPending && (
            <Box sx={{ mt: 1.5 }}>
              <Typography variant="body2">{UI.uploading}</Typography>
              <LinearProgress aria-label={UI.uploading} />
            </Box>
          )}
          {start.error && (
            <Alert severity="error" sx={{ mt: 1.5 }}>
              {normaliseError(start.error)}
            </Alert>
          )}
          {task.data && (
            <Box sx={{ mt: 1.5 }}>
              <ImportState task={task.data} />
            </Box>
          )}
        </Box>
      )}
      {writable && <CandleDownloadForm />}
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {UI.coverage}
      </Typography>
      <CoverageTable />
    </Paper>
  );
}
