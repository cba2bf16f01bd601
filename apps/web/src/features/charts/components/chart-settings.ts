import { CHART_DEFAULT_TYPE_OF, CHART_DEFAULTS, SECOND_CHART_DEFAULTS, type ChartDataType, type ChartTimeframe, type ChartType } from '@console/contracts';
import { format, subMonths } from 'date-fns';

/** The form of the charts page; `from` and `until` as a datetime-local input holds them. */
export interface ChartSettings {
  dataType: ChartDataType;
  chartType: ChartType;
  charts: 1 | 2;
  dataType2: ChartDataType | null;
  chartType2: ChartType | null;
  tf: ChartTimeframe;
  from: string;
  until: string;
  separated: boolean;
}

const LOCAL = "yyyy-MM-dd'T'HH:mm";

/** Six months ago to now, equity as a line by day, one chart, not separated. */
export function defaultSettings(now = new Date()): ChartSettings {
  return {
    dataType: CHART_DEFAULTS.dataType,
    chartType: CHART_DEFAULTS.chartType,
    charts: 1,
    dataType2: null,
    chartType2: null,
    tf: CHART_DEFAULTS.tf,
    from: format(subMonths(now, CHART_DEFAULTS.monthsBack), LOCAL),
    until: format(now, LOCAL),
    separated: CHART_DEFAULTS.separated,
  };
}

/** A data type's own chart type: VAR as columns, the rest as the default line. */
export const chartTypeFor = (dataType: ChartDataType): ChartType => CHART_DEFAULT_TYPE_OF[dataType] ?? CHART_DEFAULTS.chartType;

/** 1 → 2 adds NAV candles as the second chart; back to 1 clears it. */
export function withChartCount(settings: ChartSettings, charts: 1 | 2): ChartSettings {
  return charts === 2
    ? { ...settings, charts, dataType2: settings.dataType2 ?? SECOND_CHART_DEFAULTS.dataType, chartType2: settings.chartType2 ?? SECOND_CHART_DEFAULTS.chartType }
    : { ...settings, charts, dataType2: null, chartType2: null };
}

/** The month-range picker: from the first minute of the first month to the last minute of the last one. */
export function monthRange(settings: ChartSettings, fromMonth: string, untilMonth: string): ChartSettings {
  const next = { ...settings };
  if (fromMonth) next.from = `${fromMonth}-01T00:00`;
  if (untilMonth) {
    const [y, m] = untilMonth.split('-').map(Number);
    next.until = format(new Date(y, m, 0, 23, 59), LOCAL);
  }
  return next;
}

/** A local datetime-local value as the API's UTC instant. */
export const toApiInstant = (local: string) => new Date(local).toISOString();
