import { Box, Button } from '@mui/material';
import { useId, useState } from 'react';
import type { LogRow } from '@console/contracts';
import { logSentence, rawData } from './log-message';

/** The Message cell: the entry's sentence, and its stored data (JSON) under it when asked for (a fingertip-wide toggle on a phone). */
export function LogMessage({ row }: { row: LogRow }) {
  const [open, setOpen] = useState(false);
  const rawId = useId();
  const data = row.log_data;
  const hasData = data !== undefined && Object.keys(data).length > 0;
  if (!hasData && !row.event_type) return <>-</>;
  return (
    <Box sx={{ maxWidth: { xs: 280, md: 560 } }}>
      <Box component="span" data-testid="log-sentence">
        {logSentence(row.event_type, data)}
      </Box>
      {hasData && (
        <>
          {' '}
          <Button size="small" variant="text" sx={{ minWidth: { xs: 44, md: 0 }, p: 0, verticalAlign: 'baseline', textTransform: 'none' }} aria-expanded={open} aria-controls={rawId} onClick={() => setOpen(!open)}>
            {open ? 'Hide data' : 'Data'}
          </Button>
          {open && (
            <Box component="pre" id={rawId} data-testid="log-data" sx={{ m: 0, mt: 0.5, fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {rawData(data)}
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
