import { Injectable } from '@nestjs/common';
import { CHART_DEFAULT_TYPE_OF, CHART_DEFAULTS, CHART_MAX_POINTS, STATS_MESSAGES as M, type ChartAnswer, type ChartDataType, type ChartPoint, type NamedRef } from '@console/contracts';
import { FieldValidationError } from '../common/errors/api-errors';
import { endOf, toInstant } from '../stats/stats-dates';
import { StatsRepository } from '../stats/stats.repository';
import { planChart, tfSeconds } from './chart-buckets';
import type { ChartQuery } from './charts.dto';
import { ReadDb } from '../common/database/read-replica';

/** A data type's column prefix in account_metric_bars, and its value per metrics minute. */
const SERIES: Record<ChartDataType, { bars: string; minute: string; decimals: number }> = {
  NAV: { bars: 'nav', minute: 'm.nav', decimals: 2 },
  Equity: { bars: 'equity', minute: `CASE WHEN m.deposit_at > 0 THEN 100 * (m.nav / m.deposit_at - 1) ELSE 0 END`, decimals: 4 },
  'Imp.Loss': { bars: 'imp_loss', minute: `CASE WHEN m.nav > 0 THEN 100 * m.imp_loss / m.nav ELSE 0 END`, decimals: 4 },
  VAR: { bars: 'var', minute: `CASE WHEN m.nav > 0 THEN 100 * m.var / m.nav ELSE 0 END`, decimals: 4 },
};

interface Bucket {
  x: Date;
  open: string;
  high: string;
  low: string;
  close: string;
}

/**
 * One chart series of one exchange account over a range: OHLC buckets from the metrics rollups (raw
 * minutes only for short ranges), at most CHART_MAX_POINTS of them, one per x.
 */
@Injectable()
export class ChartsService {
  constructor(
    private readonly reads: ReadDb,
    private readonly rollups: StatsRepository,
  ) {}

  async chart(query: ChartQuery): Promise<ChartAnswer> {
    const dataType = query.data_type ?? CHART_DEFAULTS.dataType;
    const chartType = query.chart_type ?? CHART_DEFAULT_TYPE_OF[dataType] ?? CHART_DEFAULTS.chartType;
    const tf = query.tf ?? CHART_DEFAULTS.tf;
    const [from, to] = this.range(query);
    const account = await this.account(query.exchange_account);
    const plan = planChart(tf, (to.getTime() - from.getTime()) / 1000);
    const buckets = account ? await this.buckets(account.id, dataType, plan.source, plan.bucketSeconds, from, to) : [];
    const merged = mergeToLimit(buckets);
    const { decimals } = SERIES[dataType];
    const value = (v: string) => Number(Number(v).toFixed(decimals)) + 0;
    const points: ChartPoint[] = merged.buckets.map((b) =>
      chartType === 'candles'
        ? { date: b.x.toISOString(), open: value(b.open), high: value(b.high), low: value(b.low), close: value(b.close) }
        : { date: b.x.toISOString(), value: value(b.close) },
    );
    const width = plan.bucketSeconds || tfSeconds(tf);
    return { data_type: dataType, chart_type: chartType, tf, bucket_seconds: width * merged.factor, exchange_account: account, points };
  }

  /** [from, until): `period` first, else the dates; six months before the end by default, now as the end. */
  private range(query: ChartQuery): [Date, Date] {
    let fromText = query.date_from;
    let toText = query.date_to;
    if (query.period) [fromText, toText] = query.period.split(',').map((p) => p.trim());
    const to = toText ? endOf(toText) : new Date();
    const from = fromText ? toInstant(fromText) : new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() - CHART_DEFAULTS.monthsBack, to.getUTCDate(), to.getUTCHours(), to.getUTCMinutes()));
    if (from >= to) throw FieldValidationError.of(query.period ? 'period' : 'date_from', M.rangeReversed);
    return [from, to];
  }

  private async account(id: number | undefined): Promise<NamedRef | null> {
    const row = await this.rollups.account(this.reads, id);
    if (id !== undefined && !row) throw FieldValidationError.of('exchange_account', M.valueInvalid);
    return row ?? null;
  }

  private buckets(accountId: number, dataType: ChartDataType, source: string, bucketSeconds: number, from: Date, to: Date): Promise<Bucket[]> {
    const series = SERIES[dataType];
    return this.rollups.chartBuckets(this.reads, { accountId, source, bucketSeconds, from, to, minuteValue: series.minute, barsColumn: series.bars });
  }
}

/**
 * One bucket per x (the last wins), and never more than CHART_MAX_POINTS: past it, runs of `factor`
 * neighbours merge into one OHLC bucket (open of the first, close of the last, extremes of all).
 */
export function mergeToLimit(rows: Bucket[]): { buckets: Bucket[]; factor: number } {
  const byX = new Map<number, Bucket>();
  for (const row of rows) byX.set(new Date(row.x).getTime(), { ...row, x: new Date(row.x) });
  const unique = [...byX.values()].sort((a, b) => a.x.getTime() - b.x.getTime());
  if (unique.length <= CHART_MAX_POINTS) return { buckets: unique, factor: 1 };
  const factor = Math.ceil(unique.length / CHART_MAX_POINTS);
  const buckets: Bucket[] = [];
  for (let i = 0; i < unique.length; i += factor) {
    const run = unique.slice(i, i + factor);
    buckets.push({
      x: run[0].x,
      open: run[0].open,
      close: run.at(-1)!.close,
      high: String(Math.max(...run.map((b) => Number(b.high)))),
      low: String(Math.min(...run.map((b) => Number(b.low)))),
    });
  }
  return { buckets, factor };
}
