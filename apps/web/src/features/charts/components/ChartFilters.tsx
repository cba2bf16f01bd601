import { Box, Button, Checkbox, FormControlLabel, MenuItem, Paper, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { CHART_DATA_TYPES, CHART_TIMEFRAME_LABELS, CHART_TIMEFRAMES, CHART_TYPE_LABELS, CHART_TYPES, STATS_UI, type ChartTimeframe, type ChartType } from '@console/contracts';
import { DateField } from '../../../ui/form/DateField';
import { chartTypeFor, monthRange, withChartCount, type ChartSettings } from './chart-settings';

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

interface Props {
  form: ChartSettings;
  setForm: Dispatch<SetStateAction<ChartSettings>>;
  onApply: () => void;
  /** Back to the default settings, applied. */
  onClear: () => void;
}

/** The chart settings being edited: series, time frame, range (or whole months), and Apply. */
export function ChartFilters({ form, setForm, onApply, onClear }: Props) {
  const [months, setMonths] = useState({ from: '', until: '' });
  const set = (changes: Partial<ChartSettings>) => setForm((f) => ({ ...f, ...changes }));
  // A month picked sets the range to whole months; each month field keeps what was picked in it.
  const pickMonths = (range: { from: string; until: string }, shown: Partial<typeof months>) => {
    setMonths((m) => ({ ...m, ...shown }));
    setForm((f) => monthRange(f, range.from, range.until));
  };
  // Two option lists side by side: the second chart offers candles and line only.
  const secondTypes = CHART_TYPES.filter((t) => t !== 'column');
  return (
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
      <DateField type="datetime-local" label="From" value={form.from} onChange={(from) => set({ from })} />
      <DateField type="datetime-local" label="Until" value={form.until} onChange={(until) => set({ until })} />
      <DateField type="month" label="From month" value={months.from} onChange={(from) => pickMonths({ from, until: '' }, { from })} />
      <DateField type="month" label="Until month" value={months.until} onChange={(until) => pickMonths({ from: '', until }, { until })} />
      <FormControlLabel control={<Checkbox checked={form.separated} onChange={(e) => set({ separated: e.target.checked })} />} label="Separated" />
      <Box sx={{ flex: 1 }} />
      <Button
        variant="text"
        onClick={() => {
          setMonths({ from: '', until: '' });
          onClear();
        }}
      >
        {STATS_UI.clearFilters}
      </Button>
      <Button variant="contained" onClick={onApply} disabled={!form.from || !form.until}>
        {STATS_UI.apply}
      </Button>
    </Paper>
  );
}
