import { Alert, Button, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { API_TOKEN_UI, type CreatedApiToken } from '@console/contracts';
import { ResponsiveDialog } from '../../../ui/dialog/ResponsiveDialog';

/** The new token, shown this once with a copy button: the API keeps only its hash. */
export function CreatedApiTokenDialog({ created, onClose }: { created: CreatedApiToken; onClose: () => void }) {
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.token);
    setCopied(true);
  };
  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{API_TOKEN_UI.createdTitle}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {API_TOKEN_UI.shownOnce}
        </Alert>
        <TextField
          label={created.name}
          value={created.token}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'new-api-token', style: { fontFamily: 'monospace' } }, inputLabel: { shrink: true } }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>{copied ? API_TOKEN_UI.copied : API_TOKEN_UI.copy}</Button>
        <Button variant="contained" onClick={onClose}>
          {API_TOKEN_UI.done}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
