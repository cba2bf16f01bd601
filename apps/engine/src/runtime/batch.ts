/**
 * The rows one transaction writes, gathered in memory and written at its end in a few statements: one
 * minute in live mode, a whole span of minutes in history mode. A row written twice in a span keeps
 * only what the database would end with (the insert, then the last update), so a span's tables are
 * the same as minute by minute.
 */
import type { Db } from './db';
import { writeMetrics } from './sql/metrics';
import { writeAlerts, writeTriggeredAt } from './sql/risk';
import { writeRuns } from './sql/state';
import { writeLogs, writeOrders, writePositions, writeSignals } from './sql/trading';
import { dec, toScale, ZERO, type Dec } from '../money';

type Row = Record<string, unknown>;

export interface Alert {
  title: string;
  text: string;
  at: string;
}

/** What only the database knew after the writes: ids of the positions made and changed, and of the notifications. */
export interface Written {
  positions: { created: string[]; updated: string[] };
  notifications: string[];
}

export class WriteBatch {
  private readonly signals = new Map<string, { insert?: Row; update?: Row }>();
  private readonly orders = new Map<string, { insert?: Row; update?: Row }>();
  private readonly positions = new Map<string, { first: Row; last: Row }>();
  private readonly logs: object[] = [];
  /** signal id → the run to store, or null when it ended (its stored run goes). */
  private readonly runs = new Map<string, (() => string) | null>();
  private readonly runOrderIds = new Map<string, Record<string, string>>();
  private readonly metrics: object[] = [];
  private readonly triggered = new Map<number, string>();
  private readonly alerts: Alert[] = [];

  /**
   * @param telegram whether alerts also get their Telegram message (not for history: those moments are past).
   */
  constructor(private readonly telegram: boolean) {}

  signal(id: string, row: Row, fresh: boolean): void {
    const entry = this.signals.get(id) ?? {};
    if (fresh) entry.insert = row;
    else entry.update = row;
    this.signals.set(id, entry);
  }

  order(id: string, row: Row, fresh: boolean): void {
    const entry = this.orders.get(id) ?? {};
    if (fresh) entry.insert = row;
    else entry.update = row;
    this.orders.set(id, entry);
  }

  position(signalId: string, row: Row): void {
    const entry = this.positions.get(signalId);
    if (entry) entry.last = row;
    else this.positions.set(signalId, { first: row, last: row });
  }

  log(...rows: object[]): void {
    for (const row of rows) this.logs.push(row);
  }

  /** A run to store (encoded at write time, once, whatever the number of minutes it changed in), or null: ended. */
  run(signalId: string, encode: (() => string) | null, orderIds: Record<string, string>): void {
    this.runs.set(signalId, encode);
    this.runOrderIds.set(signalId, orderIds);
  }

  metric(row: object): void {
    this.metrics.push(row);
  }

  triggeredAt(triggerId: number, at: string): void {
    this.triggered.set(triggerId, at);
  }

  alert(alert: Alert): void {
    this.alerts.push(alert);
  }

  /** Counts of what the batch holds (for progress and benchmarks). */
  get counts(): { signals: number; orders: number; positions: number; logs: number; metrics: number } {
    return { signals: this.signals.size, orders: this.orders.size, positions: this.positions.size, logs: this.logs.length, metrics: this.metrics.length };
  }

  async write(db: Db): Promise<Written> {
    const pick = <T>(rows: Iterable<T | undefined>) => [...rows].filter((r): r is T => r !== undefined);
    await writeSignals(db, pick([...this.signals.values()].map((e) => e.insert)), pick([...this.signals.values()].map((e) => e.update)));
    await writeOrders(db, pick([...this.orders.values()].map((e) => e.insert)), pick([...this.orders.values()].map((e) => e.update)));
    const positions = [...this.positions.values()];
    const first = await writePositions(db, positions.map((p) => p.first));
    const last = await writePositions(db, positions.filter((p) => p.last !== p.first).map((p) => p.last));
    await writeLogs(db, this.logs);
    const saved = [...this.runs].filter((e): e is [string, () => string] => e[1] !== null);
    await writeRuns(
      db,
      saved.map(([signal_id, encode]) => ({ signal_id, run: encode(), order_ids: this.runOrderIds.get(signal_id) ?? {} })),
      [...this.runs].filter(([, encode]) => encode === null).map(([id]) => id),
    );
    await writeMetrics(db, this.metrics);
    for (const [id, at] of this.triggered) await writeTriggeredAt(db, id, at);
    const notifications = await writeAlerts(db, this.alerts, this.telegram);
    return { positions: { created: first.created, updated: [...new Set([...first.updated, ...last.updated])] }, notifications };
  }
}

/**
 * Each account's realised PnL as `sum(r_pnl)` over its positions with a state would read after the rows
 * written so far: the database's figure for positions no run in memory can change, plus the latest row
 * of each position a run can (kept here, rounded to the column's scale as the column stores it).
 */
export class RealisedPnl {
  private readonly totals = new Map<number, Dec>();
  private readonly known = new Map<string, { accountId: number; value: Dec }>();

  static async load(db: Db, runIds: readonly string[]): Promise<RealisedPnl> {
    const { rows } = await db.query<{ exchange_account_id: number; signal_id: string | null; r_pnl: string }>(
      `SELECT exchange_account_id, signal_id::text, r_pnl::text FROM positions WHERE state IS NOT NULL AND signal_id = ANY($1::bigint[])
       UNION ALL
       SELECT exchange_account_id, NULL, sum(r_pnl)::text FROM positions
        WHERE state IS NOT NULL AND (signal_id IS NULL OR signal_id <> ALL($1::bigint[])) GROUP BY exchange_account_id`,
      [runIds],
    );
    const realised = new RealisedPnl();
    for (const row of rows) {
      const value = dec(row.r_pnl);
      realised.totals.set(row.exchange_account_id, (realised.totals.get(row.exchange_account_id) ?? ZERO).plus(value));
      if (row.signal_id !== null) realised.known.set(row.signal_id, { accountId: row.exchange_account_id, value });
    }
    return realised;
  }

  /** A position row as written: its r_pnl counts when it has a state. */
  position(signalId: string, accountId: number, rPnl: Dec, state: string | null): void {
    const value = state === null ? ZERO : toScale(rPnl, 'money');
    const before = this.known.get(signalId);
    if (before?.value.equals(value) && before.accountId === accountId) return;
    if (before) this.totals.set(before.accountId, (this.totals.get(before.accountId) ?? ZERO).minus(before.value));
    this.totals.set(accountId, (this.totals.get(accountId) ?? ZERO).plus(value));
    this.known.set(signalId, { accountId, value });
  }

  of(accountId: number): Dec {
    return this.totals.get(accountId) ?? ZERO;
  }
}
