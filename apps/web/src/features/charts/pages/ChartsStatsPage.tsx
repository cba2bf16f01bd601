import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { canRead, IFRAME_DATA_TYPES, MARKET_DATA_UI, type ChartDataType } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { PageTitle } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { useChart, type ChartRequest } from '../api/get-chart';
import { CandlesPanel } from '../components/CandlesPanel';
import { ChartFilters } from '../components/ChartFilters';
import { ChartsArea } from '../components/ChartsArea';
import { chartTypeFor, defaultSettings, toApiInstant, type ChartSettings } from '../components/chart-settings';

const requestOf = (s: ChartSettings, second: boolean): ChartRequest | null => {
  const dataType = second ? s.dataType2 : s.dataType;
  const chartType = second ? s.chartType2 : s.chartType;
  if (!dataType || !chartType || !s.from || !s.until) return null;
  return { data_type: dataType, chart_type: chartType, tf: s.tf, date_from: toApiInstant(s.from), date_to: toApiInstant(s.until) };
};

/**
 * Charts stats: one or two series of the account metrics (NAV, Equity, Imp.Loss, VAR) as
 * candles, a line or columns, together or separated. `?iframe=` shows the chart alone with a VAR/EQUITY switcher.
 * With market_data readable, a switch turns to the Candles chart: a stored market's candles.
 */
export function ChartsStatsPage() {
  const [searchParams] = useSearchParams();
  const candlesReadable = canRead(useAuthState().user?.group, 'market_data');
  const [source, setSource] = useState<'statistics' | 'candles'>('statistics');
  const iframe = searchParams.has('iframe');
  const [form, setForm] = useState<ChartSettings>(() => defaultSettings());
  const [applied, setApplied] = useState<ChartSettings>(form);
  const first = useChart(useMemo(() => requestOf(applied, false), [applied]));
  const second = useChart(useMemo(() => requestOf(applied, true), [applied]));
  const apply = (next: ChartSettings) => {
    setForm(next);
    setApplied(next);
  };

  if (iframe) {
    const current = applied.dataType === 'VAR' ? 'VAR' : 'Equity';
    return (
      <Box>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={current}
          onChange={(_, value: ChartDataType | null) => value && apply({ ...applied, dataType: value, chartType: chartTypeFor(value), charts: 1, dataType2: null, chartType2: null })}
          sx={{ mb: 1 }}
        >
          {IFRAME_DATA_TYPES.map((t) => (
            <ToggleButton key={t} value={t}>
              {t.toUpperCase()}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ChartsArea applied={applied} first={first} second={second} />
      </Box>
    );
  }

  return (
    <>
      <SectionTabs bar="stats" />
      <PageTitle>Charts</PageTitle>
      {candlesReadable && (
        <ToggleButtonGroup size="small" exclusive value={source} onChange={(_, value: typeof source | null) => value && setSource(value)} sx={{ mb: 2 }} data-testid="chart-source">
          <ToggleButton value="statistics">{MARKET_DATA_UI.statisticsSource}</ToggleButton>
          <ToggleButton value="candles">{MARKET_DATA_UI.candlesSource}</ToggleButton>
        </ToggleButtonGroup>
      )}
      {source === 'candles' && candlesReadable ? (
        <CandlesPanel />
      ) : (
        <>
          <ChartFilters form={form} setForm={setForm} onApply={() => setApplied(form)} onClear={() => apply(defaultSettings())} />
          <ChartsArea applied={applied} first={first} second={second} />
        </>
      )}
    </>
  );
}
