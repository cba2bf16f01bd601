import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { TELEGRAM_LINK_UI as UI, type TelegramLinkState } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { formatDateTime } from '../../../ui/format/date';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useTelegramLink } from '../api/get-telegram-link';
import { useIssueTelegramLinkCode } from '../api/issue-telegram-link-code';
import { useUnlinkTelegram } from '../api/unlink-telegram';

/** Account details' Telegram link: a one-time code (and its t.me link) to send to the bot, or one click to unlink. */
export function TelegramLinkBlock() {
  const link = useTelegramLink();
  const issue = useIssueTelegramLinkCode();
  const unlink = useUnlinkTelegram();
  const toast = useToast();
  const [issued, setIssued] = useState<TelegramLinkState | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (link.error) return <Alert severity="error">{normaliseError(link.error)}</Alert>;
  if (!link.data) return null;
  const linked = link.data.linked;

  const newCode = async () => {
    setError(null);
    try {
      setIssued(await issue.mutateAsync());
    } catch (e) {
      setError(normaliseError(e));
    }
  };
  const unlinkChat = async () => {
    setError(null);
    try {
      await unlink.mutateAsync();
      setIssued(null);
      toast.success(UI.unlinked);
    } catch (e) {
      setError(normaliseError(e));
    }
  };

  return (
    <Box data-testid="telegram-link" sx={{ mb: 2 }}>
      <Typography variant="subtitle1">{UI.title}</Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {linked ? UI.linked : UI.notLinked}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      {!linked && issued?.code && (
        <Stack spacing={0.5} sx={{ mb: 1 }}>
          <Typography variant="body2">{UI.sendCode(issued.code)}</Typography>
          {issued.link_url && (
            <Link href={issued.link_url} target="_blank" rel="noopener noreferrer" data-testid="telegram-link-url">
              {issued.link_url}
            </Link>
          )}
          {issued.expires_at && <Typography variant="caption">{UI.validUntil(formatDateTime(issued.expires_at))}</Typography>}
        </Stack>
      )}
      <Stack direction="row" spacing={1}>
        {!linked && (
          <Button variant="outlined" onClick={newCode} disabled={issue.isPending}>
            {issued ? UI.newCode : UI.link}
          </Button>
        )}
        {linked && (
          <Button variant="outlined" color="error" onClick={unlinkChat} disabled={unlink.isPending}>
            {UI.unlink}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
