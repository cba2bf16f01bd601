import { Alert, Box, Button, Chip, Paper, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { ALERT_UI, alertMessageTemplate, canWrite, type AlertSecretAnswer } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useProfileAlerts, useProfileAlertsMutations } from '../api/profile-alerts';

function ReadOnlyField({ label, value, testId, multiline = false }: { label: string; value: string; testId: string; multiline?: boolean }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      size="small"
      multiline={multiline}
      slotProps={{ htmlInput: { readOnly: true, 'data-testid': testId, style: { fontFamily: 'monospace' } }, inputLabel: { shrink: true } }}
      onFocus={(e) => e.target.select()}
    />
  );
}

/**
 * A profile's Alerts block: on or off, the webhook URL, and the secret with the TradingView message
 * template shown once, right after it was made (turning on, or a new secret). Writers switch and
 * rotate; readers see the state.
 */
export function AlertsBlock({ profileId }: { profileId: number }) {
  const { user } = useAuthState();
  const alerts = useProfileAlerts(profileId);
  const { enable, disable } = useProfileAlertsMutations(profileId);
  const toast = useToast();
  const [made, setMade] = useState<AlertSecretAnswer | null>(null);
  const writable = canWrite(user?.group, 'profiles');
  const busy = enable.isPending || disable.isPending;
  const settings = alerts.data;

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (e) {
      toast.error(normaliseError(e));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, maxWidth: 760 }} data-testid="profile-alerts">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {ALERT_UI.title}
        </Typography>
        {settings && <Chip size="small" color={settings.enabled ? 'success' : 'default'} label={settings.enabled ? ALERT_UI.on : ALERT_UI.off} />}
        <Box sx={{ flex: 1 }} />
        {writable && settings && (
          <>
            <Button size="small" variant={settings.enabled ? 'outlined' : 'contained'} disabled={busy} onClick={() => void run(async () => setMade(await enable.mutateAsync()))}>
              {settings.enabled ? ALERT_UI.rotate : ALERT_UI.turnOn}
            </Button>
            {settings.enabled && (
              <Button
                size="small"
                color="error"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    await disable.mutateAsync();
                    setMade(null);
                  })
                }
              >
                {ALERT_UI.turnOff}
              </Button>
            )}
          </>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {ALERT_UI.help}
      </Typography>
      {alerts.error && <Alert severity="error">{normaliseError(alerts.error)}</Alert>}
      {settings?.enabled && settings.url && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <ReadOnlyField label={ALERT_UI.url} value={settings.url} testId="alerts-url" />
          {made ? (
            <>
              <Alert severity="warning">{ALERT_UI.shownOnce}</Alert>
              <ReadOnlyField label={ALERT_UI.secret} value={made.secret} testId="alerts-secret" />
              <ReadOnlyField label={ALERT_UI.template} value={alertMessageTemplate(made.secret)} testId="alerts-template" multiline />
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {ALERT_UI.secretHidden}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {ALERT_UI.maxLag(settings.max_lag_seconds)}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}
