import { Box, Button, Card, CardContent, CardHeader, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EMPTY_VALUE, exitModeOf, formatAccountTitle, PATHS, STRATEGY_WIZARD_UI, type SettingsDocument, type Timeframe, type WizardStepKey } from '@console/contracts';

type Block = Record<string, unknown>;
const blockOf = (doc: SettingsDocument, key: string): Block => (doc[key] && typeof doc[key] === 'object' && !Array.isArray(doc[key]) ? (doc[key] as Block) : {});
const rowsOf = (value: unknown): Block[] => (Array.isArray(value) ? (value as Block[]) : []);

function text(value: unknown): string {
  if (value === undefined || value === null || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (typeof value === 'string' && value in STRATEGY_WIZARD_UI.timeframeLabels) return STRATEGY_WIZARD_UI.timeframeLabels[value as Timeframe];
  return String(value as string | number);
}

/** Label and value pairs, one pair a line. */
function Pairs({ items }: { items: [string, ReactNode][] }) {
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
  const s = blockOf(settings, 'signal_settings');
  const o = blockOf(settings, 'order_management_settings');
  const sc = blockOf(settings, 'single_cases_settings');
  const grows = s.price_direction === 'grow';
  const atr =
    s.is_atr_minus_1 !== true ? 'Off' : s.atr_minus_1_type === 'rng' ? `range ${String(s.atr_minus_1_value as string).replace(';', ' – ')}` : `${text(s.atr_minus_1_type)} ${text(s.atr_minus_1_value)}`;
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
              ...(s.price_direction === 'fall' ? [['Future price', text(o.future_price_coefficient)] as [string, ReactNode]] : []),
              ['Quantity of orders', text(o.orders_quantity)],
              ...rowsOf(o.enter_orders).map(
                (row, i) => [`Order #${i + 1}`, `distance ${text(row.atr_distance_coefficient)}, size ${text(row.size_percent)}%, timer ${text(row.timer_minutes)}`] as [string, ReactNode],
              ),
              ['ATR timer', text(o.atr_timer)],
              ['Change of ATR', text(o.change_of_atr_percentage)],
              ['Exit order place', text(o.exit_order_place_coefficient)],
              ['Size timer', text(o.size_timer_minutes)],
              ['High/low change', text(o.high_low_change_percentage)],
              ['High/low change timer', text(o.high_low_change_timer)],
              ['Exit rule', STRATEGY_WIZARD_UI.exitModes[exitMode]],
              ...rowsOf(o.exit_timer_coeff_settings).map(
                (row, i) => [`By time #${i + 1}`, `timer ${text(row.change_exit_timer_minutes)}, coefficient ${text(row.change_exit_coefficient_by_time)}`] as [string, ReactNode],
              ),
              ...rowsOf(o.exit_d_threshold_settings).map(
                (row, i) => [`By distance #${i + 1}`, `threshold ${text(row.change_exit_d_threshold_by_distance)}, coefficient ${text(row.change_exit_coefficient_by_distance)}`] as [string, ReactNode],
              ),
            ]}
          />
        </>,
      )}
      {card(
        'indications',
        'Indication settings',
        <Pairs
          items={rowsOf(settings.indications_settings).flatMap((entry) => {
            const opp = blockOf(entry, 'opp_settings');
            const le = blockOf(entry, 'le_settings');
            return [
              ['OPP', opp.is_enabled === true ? `${text(opp.timeframe)}, SP ${text(opp.opp_sp)}, ATR ${text(opp.opp_atr_t_percent)}` : 'Off'],
              ['LE', le.is_enabled === true ? `${text(le.timeframe)}, ${text(le.periods_amount)} periods` : 'Off'],
            ] as [string, ReactNode][];
          })}
        />,
      )}
      {card(
        'deviation',
        'Deviation settings',
        <Pairs
          items={[
            ['Limit funding rate', text(blockOf(settings, 'deviation_settings').limit_funding_rate)],
            ['Limit price deviation', text(blockOf(settings, 'deviation_settings').limit_price_deviation)],
          ]}
        />,
      )}
      {card(
        'monitoring',
        'Monitoring',
        <Pairs
          items={[
            ['Monitoring tag: block signals', text(blockOf(settings, 'monitoring_tag_settings').block_signals)],
            ['Delisting: block signals', text(blockOf(settings, 'delisting_settings').block_signals)],
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
                ? ([
                    ['Type', STRATEGY_WIZARD_UI.scTypeLabels[sc.sc_type as keyof typeof STRATEGY_WIZARD_UI.scTypeLabels] ?? EMPTY_VALUE],
                    ['Signals quantity', text(sc.signals_quantity)],
                    ...(sc.sc_type === 'sc_mm_decrease' ? [['MM percent', text(sc.mm_percent)]] : []),
                  ] as [string, ReactNode][])
                : []),
            ]}
          />,
        )}
    </Box>
  );
}
