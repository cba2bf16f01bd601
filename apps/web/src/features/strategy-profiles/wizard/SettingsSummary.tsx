import { Box, Button, Card, CardContent, CardHeader, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { EMPTY_VALUE, formatAccountTitle, PATHS, type SettingsDocument, type WizardStepKey } from '@console/contracts';
import { indicationPairs, orderPairs, signalPairs, singleCasePairs, text, type Pair } from './summary-pairs';

/** Label and value pairs, one pair a line. */
function Pairs({ items }: { items: Pair[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(110px, 45%) 1fr', columnGap: 2, rowGap: 0.5 }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** One block's card, with its Edit button when the block may be edited. */
function SummaryCard({ step, title, items, onEdit }: { step: WizardStepKey; title: string; items: Pair[]; onEdit?: (step: WizardStepKey) => void }) {
  return (
    <Card variant="outlined" data-testid={`summary-${step}`}>
      <CardHeader
        title={title}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } }}
        sx={{ pb: 0 }}
        action={
          onEdit && (
            <Button size="small" onClick={() => onEdit(step)} aria-label={`Edit ${title}`}>
              Edit
            </Button>
          )
        }
      />
      <CardContent>
        <Pairs items={items} />
      </CardContent>
    </Card>
  );
}

export interface SummaryProfile {
  title?: string | null;
  mm_profile?: { title: string } | null;
  ticker_configs_name?: string | null;
  exchange_account?: { title: string } | null;
}

interface SettingsSummaryProps {
  profile: SummaryProfile;
  settings: SettingsDocument;
  /** The ticker-list name links to the ticker configs when the user may read them. */
  tickerLink: boolean;
  /** An Edit button per block (absent: read-only). */
  onEdit?: (step: WizardStepKey) => void;
}

/** Every block of a profile, read-only: the wizard's Summary and the detail page's Settings tab. */
export function SettingsSummary({ profile, settings, tickerLink, onEdit }: SettingsSummaryProps) {
  const { signal_settings: s = {}, order_management_settings: o = {}, single_cases_settings: sc = {}, deviation_settings: deviation = {} } = settings;
  const tickers = !profile.ticker_configs_name ? (
    EMPTY_VALUE
  ) : tickerLink ? (
    <Link component={RouterLink} to={PATHS.strategyProfilesTickers}>
      {profile.ticker_configs_name}
    </Link>
  ) : (
    profile.ticker_configs_name
  );
  const profilePairs: Pair[] = [
    ['Name', text(profile.title)],
    ['MM profile', text(profile.mm_profile?.title)],
    ['Tickers list', tickers],
    ['Exchange account', text(profile.exchange_account?.title && formatAccountTitle(profile.exchange_account.title))],
  ];
  const deviationPairs: Pair[] = [
    ['Limit funding rate', text(deviation.limit_funding_rate)],
    ['Limit price deviation', text(deviation.limit_price_deviation)],
  ];
  const monitoringPairs: Pair[] = [
    ['Monitoring tag: block signals', text(settings.monitoring_tag_settings?.block_signals)],
    ['Delisting: block signals', text(settings.delisting_settings?.block_signals)],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
      <SummaryCard step="profile" title="Profile settings" items={profilePairs} onEdit={onEdit} />
      <SummaryCard step="signal" title="Key parameters" items={signalPairs(s)} onEdit={onEdit} />
      <SummaryCard step="orders" title="Order management" items={orderPairs(s, o)} onEdit={onEdit} />
      <SummaryCard step="indications" title="Indication settings" items={indicationPairs(settings)} onEdit={onEdit} />
      <SummaryCard step="deviation" title="Deviation settings" items={deviationPairs} onEdit={onEdit} />
      <SummaryCard step="monitoring" title="Monitoring" items={monitoringPairs} onEdit={onEdit} />
      {s.price_direction !== 'grow' && <SummaryCard step="singleCases" title="Single cases" items={singleCasePairs(sc)} onEdit={onEdit} />}
    </Box>
  );
}
