import { Injectable } from '@nestjs/common';
import type { NamedRef } from '@console/contracts';
import { dec } from '../common/decimal';
import { type Db, firstRow, queryRows } from '../common/database/sql';
import type { MonthNav } from './nav-returns';

/** One month's rows of the rollups, numbers as PostgreSQL's numeric text. */
export type MonthRows = Record<string, string | null>;

/** Every statistics statement outside the list declarations: months, summary and chart reads of the rollups. */
@Injectable()
export class StatsRepository {
  /** The account asked for (undefined when there is none), or else the oldest account with metrics, or the oldest account. */
  async account(db: Db, id: number | undefined): Promise<NamedRef | undefined> {
    if (id !== undefined) return firstRow(db, `SELECT id, title FROM exchange_accounts WHERE id = $1`, [id]);
    return firstRow(
      db,
      `SELECT ea.id, ea.title FROM exchange_accounts ea
        ORDER BY EXISTS (SELECT 1 FROM account_metric_bars b WHERE b.exchange_account_id = ea.id AND b.tf = '1M') DESC, ea.id LIMIT 1`,
    );
  }

  /**
   * Every month's metrics bar of the account (a few dozen rows), oldest first, with the HWM up to the
   * month and up to the month before, and the month's first and last minute.
   */
  monthBars(db: Db, accountId: number): Promise<MonthRows[]> {
    return queryRows(
      db,
      `SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS period, nav_open, nav_close, deposit_open, deposit_close,
              to_char(first_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS first_at,
              to_char(last_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_at,
              max(hwm_close) OVER (ORDER BY at) AS hwm,
              max(hwm_close) OVER (ORDER BY at ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS hwm_before
         FROM account_metric_bars WHERE exchange_account_id = $1 AND tf = '1M' ORDER BY at`,
      [accountId],
    );
  }

  /** The account's signal sums per month from the profiles' day rollup, months `from`..`to` (first days; null: open). */
  monthSignals(db: Db, accountId: number, from: string | null, to: string | null): Promise<MonthRows[]> {
    return queryRows(
      db,
      `SELECT to_char(date_trunc('month', day), 'YYYY-MM-DD') AS period, sum(qty_profit) AS qty_profit, sum(qty_loss) AS qty_loss,
              sum(qty_missed) AS qty_missed, sum(profit_usd) AS profit, sum(loss_usd) AS loss, sum(turnover) AS turnover
         FROM profile_day_stats
        WHERE exchange_account_id = $1 AND ($2::date IS NULL OR day >= $2::date) AND ($3::date IS NULL OR day < ($3::date + interval '1 month'))
        GROUP BY 1`,
      [accountId, from, to],
    );
  }

  /** The account's signal sums per UTC day from the profiles' day rollup, from `from` (a date) on: the days' side of monthSignals. */
  daySignals(db: Db, accountId: number, from: string): Promise<MonthRows[]> {
    return queryRows(
      db,
      `SELECT to_char(day, 'YYYY-MM-DD') AS period, sum(qty_profit) AS qty_profit, sum(qty_loss) AS qty_loss,
              sum(qty_missed) AS qty_missed, sum(profit_usd) AS profit, sum(loss_usd) AS loss, sum(turnover) AS turnover
         FROM profile_day_stats
        WHERE exchange_account_id = $1 AND day >= $2::date
        GROUP BY 1`,
      [accountId, from],
    );
  }

  /** Re-invested amounts per month (the deposit transactions of type reinvest). */
  monthReinvests(db: Db, accountId: number): Promise<MonthRows[]> {
    return queryRows(
      db,
      `SELECT to_char(date_trunc('month', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period, sum(amount) AS amount
         FROM deposit_transactions WHERE exchange_account_id = $1 AND type = 'reinvest' GROUP BY 1`,
      [accountId],
    );
  }

  /** Turnover over all time and the last 30, 7 and 1 UTC days (today included), and when the account started. */
  async turnover(db: Db, accountId: number): Promise<{ at_all: string; month: string; week: string; day: string; started: Date | null }> {
    const row = await firstRow<{ at_all: string; month: string; week: string; day: string; started: Date | null }>(
      db,
      `SELECT coalesce(sum(turnover), 0) AS at_all,
              coalesce(sum(turnover) FILTER (WHERE day > (now() AT TIME ZONE 'UTC')::date - 30), 0) AS month,
              coalesce(sum(turnover) FILTER (WHERE day > (now() AT TIME ZONE 'UTC')::date - 7), 0) AS week,
              coalesce(sum(turnover) FILTER (WHERE day > (now() AT TIME ZONE 'UTC')::date - 1), 0) AS day,
              least((SELECT min(first_at) FROM account_metric_bars WHERE exchange_account_id = $1 AND tf = '1M'),
                    min(day)::timestamp AT TIME ZONE 'UTC') AS started
         FROM profile_day_stats WHERE exchange_account_id = $1`,
      [accountId],
    );
    return row!;
  }

  /**
   * OHLC buckets of one value: from the minutes (`source` minutes, `minuteValue` per row) or from a bars
   * time frame (`barsColumn` prefix). `bucketSeconds` 0 keeps the rollup's own (calendar) buckets.
   */
  chartBuckets(
    db: Db,
    p: { accountId: number; source: string; bucketSeconds: number; from: Date; to: Date; minuteValue: string; barsColumn: string },
  ): Promise<{ x: Date; open: string; high: string; low: string; close: string }[]> {
    const bucket = Number(p.bucketSeconds);
    // Buckets as wide as the source's own rows are those rows: no grouping to do.
    const own = bucket === 0 || bucket === SOURCE_SECONDS[p.source];
    const x = `to_timestamp(floor(extract(epoch FROM at) / ${bucket}) * ${bucket})`;
    if (p.source === 'minutes') {
      const values = `SELECT m.at, ${p.minuteValue} AS v FROM account_metrics m WHERE m.exchange_account_id = $1 AND m.at >= $2 AND m.at < $3`;
      return queryRows(
        db,
        own
          ? `SELECT at AS x, v AS open, v AS high, v AS low, v AS close FROM (${values}) s ORDER BY at`
          : `SELECT ${x} AS x, (array_agg(v ORDER BY at))[1] AS open, max(v) AS high, min(v) AS low, (array_agg(v ORDER BY at DESC))[1] AS close
               FROM (${values}) s GROUP BY 1 ORDER BY 1`,
        [p.accountId, p.from, p.to],
      );
    }
    const c = p.barsColumn;
    const range = `FROM account_metric_bars WHERE exchange_account_id = $1 AND tf = $2 AND at >= $3 AND at < $4`;
    return queryRows(
      db,
      own
        ? `SELECT at AS x, ${c}_open AS open, ${c}_high AS high, ${c}_low AS low, ${c}_close AS close ${range} ORDER BY at`
        : `SELECT ${x} AS x, (array_agg(${c}_open ORDER BY at))[1] AS open, max(${c}_high) AS high, min(${c}_low) AS low,
                  (array_agg(${c}_close ORDER BY at DESC))[1] AS close
             ${range} GROUP BY 1 ORDER BY 1`,
      [p.accountId, p.source, p.from, p.to],
    );
  }
}

/** A month bar as the NAV returns read it: its first and last minute's NAV and Deposit AT. */
export function monthNavOf(bar: MonthRows): MonthNav {
  return {
    period: String(bar.period),
    open: { at: new Date(String(bar.first_at)), nav: dec(String(bar.nav_open)), deposit: dec(String(bar.deposit_open)) },
    close: { at: new Date(String(bar.last_at)), nav: dec(String(bar.nav_close)), deposit: dec(String(bar.deposit_close)) },
  };
}

/** The width of one row of each chart source (calendar weeks and months: 0, their own buckets). */
const SOURCE_SECONDS: Record<string, number> = { minutes: 60, '1h': 3600, '1d': 86_400, '1w': 0, '1M': 0 };
