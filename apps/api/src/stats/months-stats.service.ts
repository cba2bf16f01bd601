import { Injectable } from '@nestjs/common';
import { MONTHS_DEFAULT_ORDER, STATS_MESSAGES as M, type MonthsStats, type MonthsRow, type MonthsSummary, type MonthsView, type NamedRef, type SystemData } from '@console/contracts';
import { dec, decOrNull } from '../common/decimal';
import { FieldValidationError } from '../common/errors/api-errors';
import type { AccountQuery, MonthsStatsQuery } from './months-stats.dto';
import { monthNavOf, StatsRepository, type MonthRows } from './stats.repository';
import { monthNavReturns } from './nav-returns';
import { averageFigures, MonthInput, monthFigures, monthSummary, rowOf, totalFigures } from './months-stats.figures';
import { ReadDb } from '../common/database/read-replica';

const DAY_MS = 86_400_000;

/**
 * Statistics by months of one exchange account, read from
 * the rollups: the account's monthly metrics bars, its profiles' day sums and its re-invest transactions.
 * Definitions: docs/metrics.md.
 */
@Injectable()
export class MonthsStatsService {
  constructor(
    private readonly reads: ReadDb,
    private readonly rollups: StatsRepository,
  ) {}

  async months(view: MonthsView, query: MonthsStatsQuery): Promise<MonthsStats> {
    if (query.date_from && query.date_to && query.date_from > query.date_to) throw FieldValidationError.of('date_from', M.rangeReversed);
    const account = await this.account(query.exchange_account);
    const from = query.date_from ? `${query.date_from.slice(0, 7)}-01` : null;
    const to = query.date_to ? `${query.date_to.slice(0, 7)}-01` : null;
    const [months, turnover] = await Promise.all([account ? this.inputs(account.id, from, to) : [], this.turnover(account)]);
    const summary = this.summary(turnover, months);
    if (!months.length) return { exchange_account: account, total: null, month_average: null, day_average: null, by_month: [], summary };
    const total = totalFigures(months);
    const byMonth = months.map((m) => rowOf(view, m.period, monthFigures(m)));
    if ((query.order ?? MONTHS_DEFAULT_ORDER) === '-period') byMonth.reverse();
    const start = Date.parse(`${months[0].period}T00:00:00Z`);
    const lastMonthEnd = Date.parse(`${nextMonth(months.at(-1)!.period)}T00:00:00Z`);
    const days = Math.max(1, Math.ceil((Math.min(lastMonthEnd, Date.now()) - start) / DAY_MS));
    return {
      exchange_account: account,
      total: rowOf(view, null, total),
      month_average: rowOf(view, null, averageFigures(total, months.length)),
      day_average: rowOf(view, null, averageFigures(total, days)),
      by_month: byMonth,
      summary,
    };
  }

  /** `strategies/system-data/`: the summary over every month. */
  async systemData(query: AccountQuery): Promise<SystemData> {
    const account = await this.account(query.exchange_account);
    const [months, turnover] = await Promise.all([account ? this.inputs(account.id, null, null) : [], this.turnover(account)]);
    return { exchange_account: account, summary: this.summary(turnover, months) };
  }

  /**
   * The last `count` UTC days (the day of `now` included) of the account asked for or the default one, each day's
   * realised figures and their total computed as the months' are (the same figure functions over the
   * same rollup, a day in place of a month; no NAV figures: the bars are monthly). Read by Telegram's
   * `/profit` and `/daily`, so the chat shows the console's numbers.
   */
  async days(accountId: number | undefined, count: number, now = new Date()): Promise<{ exchange_account: NamedRef | null; by_day: MonthsRow[]; total: MonthsRow | null }> {
    const account = await this.account(accountId);
    if (!account) return { exchange_account: null, by_day: [], total: null };
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const periods = Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
    const sums = new Map((await this.rollups.daySignals(this.reads, account.id, periods[0])).map((s) => [String(s.period), s]));
    const inputs: MonthInput[] = periods.map((period) => {
      const s = sums.get(period);
      return {
        period,
        navOpen: null,
        navClose: null,
        depositOpen: null,
        depositClose: null,
        hwm: null,
        hwmBefore: null,
        nav: null,
        ...signalInputs(s),
        reinvest: dec(0),
      };
    });
    return { exchange_account: account, by_day: inputs.map((d) => rowOf('admin', d.period, monthFigures(d))), total: rowOf('admin', null, totalFigures(inputs)) };
  }

  /** The account asked for, or the oldest account with metrics, or the oldest account; null when there is none. */
  private async account(id: number | undefined): Promise<NamedRef | null> {
    const row = await this.rollups.account(this.reads, id);
    if (id !== undefined && !row) throw FieldValidationError.of('exchange_account', M.valueInvalid);
    return row ?? null;
  }

  private turnover(account: { id: number } | null) {
    return account ? this.rollups.turnover(this.reads, account.id) : Promise.resolve(undefined);
  }

  /** Per month from `from` to `to` (first days, both included; null: open), oldest first. */
  private async inputs(accountId: number, from: string | null, to: string | null): Promise<MonthInput[]> {
    // Three small reads of their own, side by side.
    const [bars, signals, reinvests] = await Promise.all([
      this.rollups.monthBars(this.reads, accountId),
      this.rollups.monthSignals(this.reads, accountId, from, to),
      this.rollups.monthReinvests(this.reads, accountId),
    ]);
    const inRange = (period: string) => (!from || period >= from) && (!to || period <= to);
    const periods = new Set([...bars.map((b) => String(b.period)), ...signals.map((s) => String(s.period))].filter(inRange));
    const barOf = new Map(bars.map((b) => [String(b.period), b]));
    // Every month of the account, in the range or not: a month's NAV return starts from the month before.
    const navOf = monthNavReturns(bars.map(monthNavOf));
    const signalsOf = new Map(signals.map((s) => [String(s.period), s]));
    const reinvestOf = new Map(reinvests.map((r) => [String(r.period), dec(r.amount ?? '0')]));
    return [...periods].sort().map((period) => {
      const b = barOf.get(period);
      const s = signalsOf.get(period);
      return {
        period,
        navOpen: decOrNull(b?.nav_open),
        navClose: decOrNull(b?.nav_close),
        depositOpen: decOrNull(b?.deposit_open),
        depositClose: decOrNull(b?.deposit_close),
        hwm: decOrNull(b?.hwm),
        hwmBefore: decOrNull(b?.hwm_before),
        nav: navOf.get(period) ?? null,
        ...signalInputs(s),
        reinvest: reinvestOf.get(period) ?? dec(0),
      };
    });
  }

  /**
   * Turnover over all time and over the last 30, 7 and 1 days (today included, UTC days); how long the
   * system has run since its first metrics minute or finished signal; the months' best, worst, positive
   * share and ACGR (NAV returns).
   */
  private summary(t: Awaited<ReturnType<StatsRepository['turnover']>> | undefined, months: MonthInput[]): MonthsSummary {
    const started: Date | null = t?.started ? new Date(t.started) : null;
    return {
      turn_over_at_value: Math.round(Number(t?.at_all ?? 0)),
      turn_over_month_value: Math.round(Number(t?.month ?? 0)),
      turn_over_week_value: Math.round(Number(t?.week ?? 0)),
      turn_over_day_value: Math.round(Number(t?.day ?? 0)),
      ...monthSummary(months),
      system_is_running_days: started ? Math.max(0, Math.floor((Date.now() - started.getTime()) / DAY_MS)) : 0,
      system_start_date: started ? started.toISOString() : null,
    };
  }
}

function nextMonth(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** A period's signal sums as the figures take them: zero where the period closed no signal. */
function signalInputs(s: MonthRows | undefined): Pick<MonthInput, 'qtyProfit' | 'qtyLoss' | 'qtyMissed' | 'profit' | 'loss' | 'turnover'> {
  return {
    qtyProfit: Number(s?.qty_profit ?? 0),
    qtyLoss: Number(s?.qty_loss ?? 0),
    qtyMissed: Number(s?.qty_missed ?? 0),
    profit: dec(s?.profit ?? '0'),
    loss: dec(s?.loss ?? '0'),
    turnover: dec(s?.turnover ?? '0'),
  };
}
