import { Box, Button, Card, CardContent, CardHeader, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EMPTY_VALUE, exitModeOf, formatAccountTitle, isTimeframe, PATHS, STRATEGY_WIZARD_UI, type SettingsDocument, type WizardStepKey } from '@console/contracts';

function text(value: string | number | boolean | null | undefined): string {
  if (value === undefined || value === null || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (isTimeframe(value)) return STRATEGY_WIZARD_UI.timeframeLabels[value];
  return String(value);
}

/** A label and its value: one line of a card. */
type Pair = [string, ReactNode];

const pair = (label: string, value: ReactNode): Pair => [label, value];

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
  const grows = s.price_direction === 'grow';
  const atr = s.is_atr_minus_1 !== true ? 'Off' : s.atr_minus_1_type === 'rng' ? `range ${String(s.atr_minus_1_value).replace(';', ' – ')}` : `${text(s.atr_minus_1_type)} ${text(s.atr_minus_1_value)}`;
  const tickers = profile.ticker_configs_name ? (
    tickerLink ? (
      <Link component={RouterLink} to={PATHS.strategyProfilesTickers}>
        {profile.ticker_configs_name}
      </Link>
    ) : (
      profile.ticker_configs_name
    )
  ) : (
    EMPTY_VALUE
  );
  const card = (step: WizardStepKey, title: string, body: ReactNode) => (
    <Card key={step} variant="outlined" data-testid={`summary-${step}`}>
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
      <CardContent>{body}</CardContent>
    </Card>
  );
  const exitMode = exitModeOf(o);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
      {card(
        'profile',
        'Profile settings',
        <Pairs
          items={[
            ['Name', text(profile.title)],
            ['MM profile', text(profile.mm_profile?.title)],
            ['Tickers list', tickers],
            ['Exchange account', text(profile.exchange_account?.title && formatAccountTitle(profile.exchange_account.title))],
          ]}
        />,
      )}
      {card(
        'signal',
        'Key parameters',
        <Pairs
          items={[
            ['Working time frame', text(s.timeframe)],
            ['Price direction', s.price_direction === 'grow' ? 'Grow (long)' : s.price_direction === 'fall' ? 'Fall (short)' : EMPTY_VALUE],
            ['Start coefficient', text(s.start_point_coefficient)],
            ['ROC timer', text(s.timer_minutes)],
            ['ATR threshold', text(s.atr_threshold_percents)],
            ['Smoothing algorithm', text(s.atr_smooth_algo).toUpperCase()],
            ['N-periods', text(s.atr_n_periods)],
            ['Signal max duration', text(s.signal_duration_minutes)],
            ['Revert threshold', text(s.revert_threshold)],
            ['TR-in-ATR threshold', text(s.tr_in_atr_threshold)],
            ['ATR-1', atr],
          ]}
        />,
      )}
      {card(
        'orders',
        'Order management',
        <>
          <Pairs
            items={[
              ...(s.price_direction === 'fall' ? [pair('Future price', text(o.future_price_coefficient))] : []),
              ['Quantity of orders', text(o.orders_quantity)],
              ...(o.enter_orders ?? []).map((row, i) =>
                pair(`Order #${i + 1}`, `distance ${text(row.atr_distance_coefficient)}, size ${text(row.size_percent)}%, timer ${text(row.timer_minutes)}`),
              ),
              ['ATR timer', text(o.atr_timer)],
              ['Change of ATR', text(o.change_of_atr_percentage)],
              ['Exit order place', text(o.exit_order_place_coefficient)],
              ['Size timer', text(o.size_timer_minutes)],
              ['High/low change', text(o.high_low_change_percentage)],
              ['High/low change timer', text(o.high_low_change_timer)],
              ['Exit rule', STRATEGY_WIZARD_UI.exitModes[exitMode]],
              ...(o.exit_timer_coeff_settings ?? []).map((row, i) =>
                pair(`By time #${i + 1}`, `timer ${text(row.change_exit_timer_minutes)}, coefficient ${text(row.change_exit_coefficient_by_time)}`),
              ),
              ...(o.exit_d_threshold_settings ?? []).map((row, i) =>
                pair(`By distance #${i + 1}`, `threshold ${text(row.change_exit_d_threshold_by_distance)}, coefficient ${text(row.change_exit_coefficient_by_distance)}`),
              ),
            ]}
          />
        </>,
      )}
      {card(
        'indications',
        'Indication settings',
        <Pairs
          items={(settings.indications_settings ?? []).flatMap(({ opp_settings: opp = {}, le_settings: le = {} }) => [
            pair('OPP', opp.is_enabled === true ? `${text(opp.timeframe)}, SP ${text(opp.opp_sp)}, ATR ${text(opp.opp_atr_t_percent)}` : 'Off'),
            pair('LE', le.is_enabled === true ? `${text(le.timeframe)}, ${text(le.periods_amount)} periods` : 'Off'),
          ])}
        />,
      )}
      {card(
        'deviation',
        'Deviation settings',
        <Pairs
          items={[
            ['Limit funding rate', text(deviation.limit_funding_rate)],
            ['Limit price deviation', text(deviation.limit_price_deviation)],
          ]}
        />,
      )}
      {card(
        'monitoring',
        'Monitoring',
        <Pairs
          items={[
            ['Monitoring tag: block signals', text(settings.monitoring_tag_settings?.block_signals)],
            ['Delisting: block signals', text(settings.delisting_settings?.block_signals)],
          ]}
        />,
      )}
      {!grows &&
        card(
          'singleCases',
          'Single cases',
          <Pairs
            items={[
              ['Single cases', text(sc.is_enabled)],
              ...(sc.is_enabled === true
                ? [
                    pair('Type', sc.sc_type ? STRATEGY_WIZARD_UI.scTypeLabels[sc.sc_type] : EMPTY_VALUE),
                    pair('Signals quantity', text(sc.signals_quantity)),
                    ...(sc.sc_type === 'sc_mm_decrease' ? [pair('MM percent', text(sc.mm_percent))] : []),
                  ]
                : []),
            ]}
          />,
        )}
    </Box>
  );
}
