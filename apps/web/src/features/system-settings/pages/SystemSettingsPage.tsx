import { Grid, Stack } from '@mui/material';
import { canRead, canWrite } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { PageTitle } from '../../../ui/PageTitle';
import { MarketDataBlock } from '../../market-data';
import { ExchangeAccountsBlock } from '../components/ExchangeAccountsBlock';
import { InvestorReportsBlock } from '../components/InvestorReportsBlock';
import { PairsBlock } from '../components/PairsBlock';
import { SmtpSettingsBlock } from '../components/SmtpSettingsBlock';
import { TelegramSettingsBlock } from '../components/TelegramSettingsBlock';

/** System settings: each block only for a section the user has; read-only hides every change. */
export function SystemSettingsPage() {
  const { user } = useAuthState();
  const group = user?.group;
  const accounts = canRead(group, 'exchange_account');
  const telegram = canRead(group, 'tg_bot');
  const pairs = canRead(group, 'pairs');
  const marketData = canRead(group, 'market_data');
  return (
    <>
      <PageTitle>System settings</PageTitle>
      {/* Two columns that stack on narrow screens: the short blocks on the left, the long pair list on the right. */}
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        {(accounts || telegram) && (
          <Grid size={{ xs: 12, lg: pairs ? 6 : 12 }}>
            <Stack spacing={2}>
              {accounts && <ExchangeAccountsBlock writable={canWrite(group, 'exchange_account')} />}
              {telegram && <TelegramSettingsBlock writable={canWrite(group, 'tg_bot')} />}
              {telegram && <SmtpSettingsBlock writable={canWrite(group, 'tg_bot')} />}
              {telegram && <InvestorReportsBlock writable={canWrite(group, 'tg_bot')} />}
            </Stack>
          </Grid>
        )}
        {pairs && (
          <Grid size={{ xs: 12, lg: accounts || telegram ? 6 : 12 }}>
            <PairsBlock writable={canWrite(group, 'pairs')} />
          </Grid>
        )}
        {marketData && (
          <Grid size={12}>
            <MarketDataBlock writable={canWrite(group, 'market_data')} />
          </Grid>
        )}
      </Grid>
    </>
  );
}
