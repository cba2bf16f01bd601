import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, CircularProgress, Divider, IconButton, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { ACCOUNT_METRIC_FIELDS, figureHint, formatAccountTitle, STATS_FIGURES, TRADING_DECIMALS, type AccountAdminMetrics } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { formatDateTime } from '../../../ui/format/date';
import { useAccountInfo } from '../api/get-account-info';
import { DepositEditDialog, type DepositField } from './DepositEditDialog';
import { fixed } from '../../../ui/format/number';
import { AccountTitle } from '../../../ui/text/EllipsisText';
import { HintedLabel } from '../../../ui/text/HintedLabel';

const EDITABLE = new Set<string>(['deposit_monthly', 'deposit_at']);

/**
 * The side list: each exchange account's newest metrics, 2 decimals, each label with its figure's
 * formula in a tooltip; the deposits editable where allowed.
 */
export function AccountMetricsList({ canEditDeposit }: { canEditDeposit: boolean }) {
  const info = useAccountInfo();
  const [editing, setEditing] = useState<{ account: AccountAdminMetrics; field: DepositField } | null>(null);
  if (info.isPending) return <CircularProgress size={24} aria-label="Loading account metrics" />;
  if (info.error) return <Alert severity="error">{normaliseError(info.error)}</Alert>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="account-metrics">
      {info.data.length === 0 && <Typography color="text.secondary">No account metrics yet...</Typography>}
      {info.data.map((account) => (
        <Paper key={account.id} variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="subtitle2" component="div"><AccountTitle title={account.account_name} /></Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(account.at)}
          </Typography>
          <Divider sx={{ my: 0.5 }} />
          {ACCOUNT_METRIC_FIELDS.map((field) => (
            <Box key={field} sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', minHeight: 28, gap: 1 }}>
              <Typography variant="body2" color="text.secondary">
                <HintedLabel hint={figureHint(STATS_FIGURES[field])}>{STATS_FIGURES[field].name}</HintedLabel>
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Typography variant="body2" data-testid={`metric-${field}`}>
                  {fixed(account[field], TRADING_DECIMALS.adminMetrics)}
                </Typography>
                {canEditDeposit && EDITABLE.has(field) && (
                  <IconButton size="small" aria-label={`Edit ${STATS_FIGURES[field].name} of ${formatAccountTitle(account.account_name)}`} onClick={() => setEditing({ account, field: field as DepositField })}>
                    <EditIcon fontSize="inherit" />
                  </IconButton>
                )}
              </Box>
            </Box>
          ))}
        </Paper>
      ))}
      {editing && <DepositEditDialog account={editing.account} field={editing.field} onClose={() => setEditing(null)} />}
    </Box>
  );
}
