import { Alert, Box, Button, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { ResponsiveDialog } from '../../../ui/dialog/ResponsiveDialog';
import { useState, type FormEvent } from 'react';
import { LABELS, MESSAGES } from '@console/contracts';

interface Props {
  open: boolean;
  /** PNG data URL of the enrolment QR code; shown until the user has verified once. */
  qrCode: string | null;
  manualKey: string;
  isVerifiedBefore: boolean;
  error: string | null;
  busy: boolean;
  onSubmit: (code: string) => void;
  onClose: () => void;
}

/** The second step of sign-in: the QR code on first use, then the authenticator code. */
export function TwoFactorDialog({ open, qrCode, manualKey, isVerifiedBefore, error, busy, onSubmit, onClose }: Props) {
  const [code, setCode] = useState('');
  const [blank, setBlank] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setBlank(true);
      return;
    }
    setBlank(false);
    onSubmit(code.trim());
  }

  return (
    <ResponsiveDialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="two-factor-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="two-factor-title">Two-factor authentication</DialogTitle>
        <DialogContent>
          {!isVerifiedBefore && qrCode && (
            <Box sx={{ textAlign: 'center', mb: 2 }}>
              <Typography>
                {MESSAGES.scanQrWith} {LABELS.authenticatorApp} {MESSAGES.scanQrAnd}
              </Typography>
              <Box component="img" src={qrCode} alt="QR code for the authenticator app" sx={{ width: 200, height: 200, my: 1 }} />
              {manualKey && (
                <Typography variant="body2" color="text.secondary">
                  {LABELS.manualKey} <code data-testid="totp-manual-key">{manualKey}</code>
                </Typography>
              )}
            </Box>
          )}
          <Typography sx={{ mb: 1 }}>{MESSAGES.enterCode}</Typography>
          <TextField
            label={LABELS.authenticatorCode}
            placeholder="000000"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', 'data-testid': 'totp-code' } }}
            error={blank}
            helperText={blank ? MESSAGES.twoFactorRequired : ' '}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="totp-confirm">
            Confirm
          </Button>
        </DialogActions>
      </form>
    </ResponsiveDialog>
  );
}
