import { Alert, Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { normaliseError } from '../../../api/errors';

interface Props {
  title: string;
  /** Buttons beside the title (left out at read-only levels). */
  actions?: ReactNode;
  loading?: boolean;
  /** A failed first fetch: shown in place of the content. */
  error?: unknown;
  children: ReactNode;
}

/** One block of the system settings page: a titled card that shows loading until its first fetch ends. */
export function SettingsBlock({ title, actions, loading, error, children }: Props) {
  const id = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2.5 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, minHeight: 36, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {!loading && !error && <Box sx={{ display: 'flex', gap: 1 }}>{actions}</Box>}
      </Stack>
      {loading ? <CircularProgress size={24} aria-label={`Loading ${title}`} /> : error ? <Alert severity="error">{normaliseError(error)}</Alert> : children}
    </Paper>
  );
}
