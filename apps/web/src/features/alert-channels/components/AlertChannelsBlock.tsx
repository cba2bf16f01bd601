import { Alert, Box, Button, Checkbox, Chip, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ALERT_CHANNEL_LABELS, ALERT_CHANNEL_UI as UI, ALERT_CHANNELS, NOTIFICATION_KINDS,
  type AlertChannel, type AlertChannelSettings, type AlertDelivery, type NotificationKind,
} from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { formatDateTime } from '../../../ui/format/date';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useAlertChannels } from '../api/get-alert-channels';
import { useAlertDeliveries } from '../api/get-alert-deliveries';
import { useTelegramLink } from '../api/get-telegram-link';
import { useUpdateAlertChannels } from '../api/update-alert-channels';
import { TelegramLinkBlock } from './TelegramLinkBlock';

interface DestinationsForm {
  email: string;
  discord_webhook_url: string;
  webhook_url: string;
}

type Choices = Partial<Record<NotificationKind, AlertChannel[]>>;

const STATUS_COLORS = { pending: 'default', sent: 'success', failed: 'error', skipped: 'warning' } as const;

/** Account details' alert channels: destinations, a channel choice per kind the group allows, and each channel's delivery log. */
export function AlertChannelsBlock() {
  const settings = useAlertChannels();
  if (settings.error) return <Alert severity="error">{normaliseError(settings.error)}</Alert>;
  if (!settings.data) return null;
  return <AlertChannelsForm settings={settings.data} />;
}

function AlertChannelsForm({ settings }: { settings: AlertChannelSettings }) {
  const update = useUpdateAlertChannels();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [choices, setChoices] = useState<Choices>(settings.choices);
  const { register, handleSubmit, reset, formState } = useForm<DestinationsForm>({
    defaultValues: { email: settings.email, discord_webhook_url: settings.discord_webhook_url, webhook_url: settings.webhook_url },
  });
  const toggle = (kind: NotificationKind, channel: AlertChannel, on: boolean) =>
    setChoices((current) => {
      const chosen = new Set(current[kind] ?? []);
      if (on) chosen.add(channel);
      else chosen.delete(channel);
      return { ...current, [kind]: ALERT_CHANNELS.filter((c) => chosen.has(c)) };
    });

  const save = handleSubmit(async (form) => {
    setError(null);
    try {
      const saved = await update.mutateAsync({ ...form, choices });
      reset({ email: saved.email, discord_webhook_url: saved.discord_webhook_url, webhook_url: saved.webhook_url });
      setChoices(saved.choices);
      toast.success(UI.saved);
    } catch (e) {
      setError(normaliseError(e));
    }
  });

  return (
    <Paper sx={{ p: 2 }} data-testid="alert-channels">
      <Typography variant="h6" component="h2" gutterBottom>
        {UI.title}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {UI.intro}
      </Typography>
      <TelegramLinkBlock />
      <Box component="form" noValidate onSubmit={(e) => void save(e)}>
        <Stack spacing={2} sx={{ maxWidth: 640, mb: 2 }}>
          <TextField label={UI.email} type="email" size="small" {...register('email')} helperText={settings.email_available ? undefined : UI.emailUnavailable} />
          <TextField label={UI.discordUrl} size="small" {...register('discord_webhook_url')} />
          <TextField label={UI.webhookUrl} size="small" {...register('webhook_url')} />
          {settings.webhook_secret && (
            <TextField label={UI.webhookSecret} size="small" value={settings.webhook_secret} helperText={UI.webhookSecretHint} slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'webhook-secret', style: { fontFamily: 'monospace' } } }} />
          )}
        </Stack>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={UI.title}>
            <TableHead>
              <TableRow>
                <TableCell>{UI.kind}</TableCell>
                <TableCell align="center">{ALERT_CHANNEL_LABELS.console}</TableCell>
                {ALERT_CHANNELS.map((channel) => (
                  <TableCell key={channel} align="center">
                    {ALERT_CHANNEL_LABELS[channel]}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {settings.kinds.map((kind) => (
                <TableRow key={kind}>
                  <TableCell>{NOTIFICATION_KINDS[kind].label}</TableCell>
                  <TableCell align="center">
                    <Checkbox checked disabled slotProps={{ input: { 'aria-label': UI.channelFor(NOTIFICATION_KINDS[kind].label, ALERT_CHANNEL_LABELS.console) } }} />
                  </TableCell>
                  {ALERT_CHANNELS.map((channel) => (
                    <TableCell key={channel} align="center">
                      <Checkbox
                        checked={(choices[kind] ?? []).includes(channel)}
                        onChange={(e) => toggle(kind, channel, e.target.checked)}
                        slotProps={{ input: { 'aria-label': UI.channelFor(NOTIFICATION_KINDS[kind].label, ALERT_CHANNEL_LABELS[channel]) } }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <TelegramHint />
        {error && (
          <Alert severity="error" sx={{ my: 2 }}>
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={formState.isSubmitting}>
          {UI.save}
        </Button>
      </Box>
      <DeliveryLog />
    </Paper>
  );
}

/** Where Telegram alerts go: the linked chat, or nowhere until one is linked (the link block above says how). */
function TelegramHint() {
  const link = useTelegramLink();
  return (
    <Typography variant="caption" component="p" sx={{ mt: 1 }}>
      {link.data?.linked ? UI.telegramLinkedHint : UI.telegramHint}
    </Typography>
  );
}

function DeliveryLog() {
  const log = useAlertDeliveries();
  return (
    <Box sx={{ mt: 3 }} data-testid="alert-deliveries">
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {UI.logTitle}
      </Typography>
      {log.error && <Alert severity="error">{normaliseError(log.error)}</Alert>}
      {log.data?.channels.map((channel) => (
        <Box key={channel.channel} sx={{ mb: 2 }} data-testid={`alert-deliveries-${channel.channel}`}>
          <Typography variant="subtitle2">{ALERT_CHANNEL_LABELS[channel.channel]}</Typography>
          {channel.last_error && (
            <Typography variant="body2" color="error">
              {UI.lastError(channel.last_error)}
              {channel.last_error_at ? ` (${formatDateTime(channel.last_error_at)})` : ''}
            </Typography>
          )}
          {channel.deliveries.length ? (
            <Stack spacing={0.5}>
              {channel.deliveries.map((delivery) => (
                <DeliveryLine key={delivery.id} delivery={delivery} />
              ))}
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {UI.noDeliveries}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

function DeliveryLine({ delivery }: { delivery: AlertDelivery }) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Chip size="small" label={UI.statusNames[delivery.status]} color={STATUS_COLORS[delivery.status]} />
      <Typography variant="body2">{delivery.title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(delivery.sent_at ?? delivery.created_at)}
      </Typography>
      {delivery.last_error && (
        <Typography variant="body2" color="error">
          {delivery.last_error}
        </Typography>
      )}
    </Stack>
  );
}
