import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, MenuItem, Paper, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  CHART_DATA_TYPES,
  CHART_TIMEFRAME_LABELS,
  CHART_TIMEFRAMES,
  CHART_TYPE_LABELS,
  CHART_TYPES,
  IFRAME_DATA_TYPES,
  STATS_UI,
  type ChartDataType,
  type ChartTimeframe,
  type ChartType,
} from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { ChartTitle } from '../../../ui/charts/ChartTitle';
import { StatsChart, type ChartSeries } from '../../../ui/charts/StatsChart';
import { PageTitle } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { useChart, type ChartRequest } from '../api/get-chart';
import { chartTypeFor, defaultSettings, monthRange, toApiInstant, withChartCount, type ChartSettings } from '../components/chart-settings';

const requestOf = (s: ChartSettings, second: boolean): ChartRequest | null => {
  const dataType = second ? s.dataType2 : s.dataType;
  const chartType = second ? s.chartType2 : s.chartType;
  if (!dataType || !chartType || !s.from || !s.until) return null;
  return { data_type: dataType, chart_type: chartType, tf: s.tf, date_from: toApiInstant(s.from), date_to: toApiInstant(s.until) };
};

function Select<T extends string>(props: { label: string; value: T; options: readonly T[]; labels?: Record<string, string>; onChange: (value: T) => void; testId?: string }) {
  return (
    <TextField select size="small" label={props.label} value={props.value} onChange={(e) => props.onChange(e.target.value as T)} sx={{ minWidth: 130 }} slotProps={{ htmlInput: { 'data-testid': props.testId } }}>
      {props.options.map((o) => (
        <MenuItem key={o} value={o}>
          {props.labels?.[o] ?? o}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Charts stats: one or two series of the account metrics (NAV, Equity, Imp.Loss, VAR) as
 * candles, a line or columns, together or separated. `?iframe=` shows the chart alone with a VAR/EQUITY switcher.
 */
export function ChartsStatsPage() {
  const [searchParams] = useSearchParams();
  const iframe = searchParams.has('iframe');
  const [form, setForm] = useState<ChartSettings>(() => defaultSettings());
  const [applied, setApplied] = useState<ChartSettings>(form);
  const [months, setMonths] = useState({ from: '', until: '' });
  const first = useChart(useMemo(() => requestOf(applied, false), [applied]));
  const second = useChart(useMemo(() => requestOf(applied, true), [applied]));
  const set = (changes: Partial<ChartSettings>) => setForm((f) => ({ ...f, ...changes }));
  const apply = (next: ChartSettings) => {
    setForm(next);
    setApplied(next);
  };

  const series: ChartSeries[] = [];
  if (first.data) series.push({ dataType: first.data.data_type, chartType: first.data.chart_type, points: first.data.points });
  if (applied.charts === 2 && second.data) series.push({ dataType: second.data.data_type, chartType: second.data.chart_type, points: second.data.points });
  const loading = first.isPending || (applied.charts === 2 && second.isPending);
  const error = first.error ?? (applied.charts === 2 ? second.error : null);
  const empty = !loading && !error && series.every((s) => s.points.length === 0);
  // Two option lists side by side: the second chart offers candles and line only.
  const secondTypes = CHART_TYPES.filter((t) => t !== 'column');

  const charts = (
    <Box data-testid="charts-area">
      {loading && <CircularProgress size={28} />}
      {error && <Alert severity="error">{normaliseError(error)}</Alert>}
      {empty && <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>{STATS_UI.chartsEmpty}</Typography>}
      {!loading && !error && !empty &&
        (applied.separated && series.length > 1 ? (
          series.map((s, i) => (
            <Paper key={i} variant="outlined" sx={{ p: 1, mb: 2 }}>
              <ChartTitle dataTypes={[s.dataType]} />
              <StatsChart series={[s]} tf={applied.tf} testId={`stats-chart-${i + 1}`} />
            </Paper>
          ))
        ) : (
          <Paper variant="outlined" sx={{ p: 1 }}>
            <ChartTitle dataTypes={series.map((s) => s.dataType)} />
            <StatsChart series={series} tf={applied.tf} testId="stats-chart-1" />
          </Paper>
        ))}
    </Box>
  );

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
        {charts}
      </Box>
    );
  }

  return (
    <>
      <SectionTabs bar="stats" />
      <PageTitle>Charts</PageTitle>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }} data-testid="chart-filters">
        <ToggleButtonGroup size="small" exclusive value={form.charts} onChange={(_, value: 1 | 2 | null) => value && setForm((f) => withChartCount(f, value))}>
          <ToggleButton value={1}>{STATS_UI.oneChart}</ToggleButton>
          <ToggleButton value={2}>{STATS_UI.twoCharts}</ToggleButton>
        </ToggleButtonGroup>
        <Select label="Data" value={form.dataType} options={CHART_DATA_TYPES} onChange={(v) => set({ dataType: v, chartType: chartTypeFor(v) })} testId="data-type" />
        <Select<ChartType> label="Chart" value={form.chartType} options={form.charts === 2 ? secondTypes : CHART_TYPES} labels={CHART_TYPE_LABELS} onChange={(v) => set({ chartType: v })} testId="chart-type" />
        {form.charts === 2 && form.dataType2 && form.chartType2 && (
          <>
            <Select label="Second data" value={form.dataType2} options={CHART_DATA_TYPES} onChange={(v) => set({ dataType2: v })} testId="data-type-2" />
            <Select<ChartType> label="Second chart" value={form.chartType2} options={secondTypes} labels={CHART_TYPE_LABELS} onChange={(v) => set({ chartType2: v })} testId="chart-type-2" />
          </>
        )}
        <Select<ChartTimeframe> label="Time frame" value={form.tf} options={CHART_TIMEFRAMES} labels={CHART_TIMEFRAME_LABELS} onChange={(v) => set({ tf: v })} testId="timeframe" />
        <TextField size="small" type="datetime-local" label="From" value={form.from} onChange={(e) => set({ from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" type="datetime-local" label="Until" value={form.until} onChange={(e) => set({ until: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField
          size="small"
          type="month"
          label="From month"
          value={months.from}
          onChange={(e) => {
            setMonths((m) => ({ ...m, from: e.target.value }));
            setForm((f) => monthRange(f, e.target.value, ''));
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="month"
          label="Until month"
          value={months.until}
          onChange={(e) => {
            setMonths((m) => ({ ...m, until: e.target.value }));
            setForm((f) => monthRange(f, '', e.target.value));
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormControlLabel control={<Checkbox checked={form.separated} onChange={(e) => set({ separated: e.target.checked })} />} label="Separated" />
        <Box sx={{ flex: 1 }} />
        <Button
          variant="text"
          onClick={() => {
            setMonths({ from: '', until: '' });
            apply(defaultSettings());
          }}
        >
          {STATS_UI.clearFilters}
        </Button>
        <Button variant="contained" onClick={() => setApplied(form)} disabled={!form.from || !form.until}>
          {STATS_UI.apply}
        </Button>
      </Paper>
      {charts}
    </>
  );
}
