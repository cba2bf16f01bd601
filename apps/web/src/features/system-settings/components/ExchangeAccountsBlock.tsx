import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, List, ListItem, ListItemText, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { ACCOUNT_MODE_LABELS, EXCHANGE_MARKET_LABELS, EXCHANGE_TRADING_UI, LIMITS, MESSAGES, SETTINGS_UI_TEXTS, TRADING_EXCHANGE_IDS, type ConnectionTestAnswer, type ExchangeAccount, type ExchangeAccountInput } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { AccountTitle, EllipsisText } from '../../../ui/text/EllipsisText';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useDeleteExchangeAccount } from '../api/delete-exchange-account';
import { useExchangeAccounts } from '../api/get-exchange-accounts';
import { useSaveExchangeAccount } from '../api/save-exchange-account';
import { useGoLiveExchangeAccount } from '../api/go-live-exchange-account';
import { useTestExchangeConnection } from '../api/test-exchange-connection';
import { ConnectionResultDialog, GoLiveDialog } from './ExchangeTradingDialogs';
import { BrokerProgram } from './BrokerProgram';
import { ExchangeAccountDialog, type AccountDialogState } from './ExchangeAccountDialog';
import { SettingsBlock } from './SettingsBlock';

const ROW_PX = 56;

/** Exchange accounts: titles cut at 35 characters, the list scrolls past 6 items. */
export function ExchangeAccountsBlock({ writable }: { writable: boolean }) {
  const toast = useToast();
  const accounts = useExchangeAccounts();
  const saveAccount = useSaveExchangeAccount();
  const deleteAccount = useDeleteExchangeAccount();
  const [dialog, setDialog] = useState<AccountDialogState | null>(null);
  const goLive = useGoLiveExchangeAccount();
  const testConnection = useTestExchangeConnection();
  const [goingLive, setGoingLive] = useState<ExchangeAccount | null>(null);
  const [connection, setConnection] = useState<{ account: ExchangeAccount; result: ConnectionTestAnswer | { requestError: string } } | null>(null);

  async function test(account: ExchangeAccount) {
    try {
      setConnection({ account, result: await testConnection.mutateAsync(account.id) });
    } catch (e) {
      setConnection({ account, result: { requestError: normaliseError(e) } });
    }
  }

  async function save(body: ExchangeAccountInput, id?: number) {
    await saveAccount.mutateAsync({ body, id });
    toast.success(id ? SETTINGS_UI_TEXTS.accountUpdated : SETTINGS_UI_TEXTS.accountCreated);
  }

  async function remove(id: number) {
    await deleteAccount.mutateAsync(id);
    toast.success(SETTINGS_UI_TEXTS.accountDeleted);
  }

  const rows = accounts.data?.results ?? [];
  return (
    <SettingsBlock
      title="Exchange accounts"
      loading={accounts.isPending}
      error={accounts.error}
      actions={writable && (
        <Button variant="contained" size="small" onClick={() => setDialog({ mode: 'create' })}>
          Add account
        </Button>
      )}
    >
      {rows.length === 0 ? (
        <Typography color="text.secondary">{MESSAGES.noAccounts}</Typography>
      ) : (
        <List dense disablePadding aria-label="Exchange accounts" sx={{ maxHeight: LIMITS.accountsScrollAt * ROW_PX, overflowY: 'auto' }}>
          {rows.map((account) => (
            // The buttons sit in the row beside the text (not laid over it), so a long title is cut before them.
            <ListItem key={account.id} divider sx={{ height: ROW_PX, gap: 1, pr: writable ? 1 : 2 }}>
              <ListItemText
                sx={{ minWidth: 0 }}
                primary={<AccountTitle title={account.title} />}
                secondary={<EllipsisText text={`${account.exchange} · ${ACCOUNT_MODE_LABELS[account.mode]} · ${EXCHANGE_MARKET_LABELS[account.market]} · Leverage ${account.leverage} · API key …${account.api_key.slice(-4)}${account.broker_id ? ` · Broker ${account.broker_id}` : ''}`} />}
                data-testid="exchange-account"
              />
              <BrokerProgram account={account} writable={writable} />
              {writable && (
                <Box sx={{ display: 'flex', flexShrink: 0, alignItems: 'center' }}>
                  {account.mode !== 'paper' && (
                    <Button size="small" disabled={testConnection.isPending} onClick={() => test(account)} aria-label={`${EXCHANGE_TRADING_UI.testConnection} ${account.title}`}>
                      {EXCHANGE_TRADING_UI.testConnection}
                    </Button>
                  )}
                  {account.mode !== 'live' && TRADING_EXCHANGE_IDS.includes(account.exchange) && (
                    <Button size="small" color="error" onClick={() => setGoingLive(account)} aria-label={`${EXCHANGE_TRADING_UI.goLive} ${account.title}`}>
                      {EXCHANGE_TRADING_UI.goLive}
                    </Button>
                  )}
                  <Tooltip title="Edit">
                    <IconButton aria-label={`Edit ${account.title}`} onClick={() => setDialog({ mode: 'edit', account })}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton aria-label={`Delete ${account.title}`} onClick={() => setDialog({ mode: 'delete', account })}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {goingLive && (
        <GoLiveDialog
          account={goingLive}
          onGoLive={async (body) => {
            await goLive.mutateAsync({ id: goingLive.id, body });
            toast.success(EXCHANGE_TRADING_UI.wentLive);
          }}
          onClose={() => setGoingLive(null)}
        />
      )}
      {connection && <ConnectionResultDialog account={connection.account} result={connection.result} onClose={() => setConnection(null)} />}
      {dialog && <ExchangeAccountDialog state={dialog} onSave={save} onDelete={remove} onClose={() => setDialog(null)} />}
    </SettingsBlock>
  );
}
