import { Injectable } from '@nestjs/common';
import { ACCOUNT_METRIC_FIELDS, moneyPutInSql, type AccountMetricField, type ActionState, type Direction, type NamedRef, type PositionState } from '@console/contracts';
import { type Db, firstRow, queryRows } from '../common/database/sql';
import { RETURN_AT_PERCENT } from '../stats/stats-figures.sql';
import { POSITION_COLUMNS, POSITION_FROM } from './positions.list';

/** A position as stored: numbers as text, references as {id, title}. */
export interface PositionRecord {
  id: string;
  signal_id: string | null;
  created_at: Date;
  profile: NamedRef | null;
  exchange_account: NamedRef;
  pair_id: number;
  ticker: string;
  side: Direction;
  state: PositionState | null;
  action_state: ActionState;
  active_p_size_usd: string;
  active_p_coins: string;
  r_pnl: string;
  u_pnl: string;
  avg_e_price: string | null;
  k_exit: string | null;
  k_exit_coeff: string | null;
  current_price: string | null;
  mark_price: string | null;
  reduce_p: string;
  k_e_recovery: boolean;
  skip_check_by_timer: boolean;
  skip_check_by_distance: boolean;
  best_limit: boolean;
  exchange_account_id: number;
}

/** A position with the other profiles holding an open position on its pair and account. */
export type PositionWithProfiles = PositionRecord & { profile_list: NamedRef[] };

/** The side list's metrics the console computes, as the statistics do, rather than reads from the engine's row. */
const CONSOLE_METRICS = ['return_month_percent', 'return_at_percent', 'avg_capital_growth_rate'] as const satisfies readonly AccountMetricField[];
export type ConsoleMetric = (typeof CONSOLE_METRICS)[number];
/** The account_metrics columns of the side list: the metrics it shows as the engine wrote them. */
export type MetricName = Exclude<AccountMetricField, ConsoleMetric>;
const METRIC_COLUMNS = ACCOUNT_METRIC_FIELDS.filter((name): name is MetricName => !(CONSOLE_METRICS as readonly string[]).includes(name));

/** The newest account_metrics row of an account, numbers as text; Return AT % as the account stats compute it. */
export type MetricsRecord = Record<MetricName, string> & { id: number; account_name: string; at: Date; return_at_percent: string | null };

/** Every statement of position administration outside its list declarations. */
@Injectable()
export class PositionsRepository {
  async find(db: Db, id: string): Promise<PositionWithProfiles | undefined> {
    const row = await firstRow<PositionRecord>(db, `SELECT ${POSITION_COLUMNS} FROM ${POSITION_FROM} WHERE p.id = $1`, [id]);
    return row && (await this.withProfileLists(db, [row]))[0];
  }

  /**
   * Each row with profile_list: the other strategy profiles with an open position on the same pair and
   * account, read for the whole page in one statement (positions_pair_id_open_idx) rather than per row.
   */
  async withProfileLists(db: Db, rows: PositionRecord[]): Promise<PositionWithProfiles[]> {
    if (!rows.length) return [];
    const holders = await queryRows<{ pair_id: number; exchange_account_id: number; profiles: NamedRef[] }>(
      db,
      `SELECT h.pair_id, h.exchange_account_id, json_agg(json_build_object('id', sp.id, 'title', sp.title) ORDER BY sp.title, sp.id) AS profiles
         FROM (SELECT DISTINCT op.pair_id, op.exchange_account_id, op.profile_id FROM positions op
                WHERE op.closed_at IS NULL AND op.profile_id IS NOT NULL AND op.pair_id = ANY($1::int[])) h
         JOIN strategy_profiles sp ON sp.id = h.profile_id
        GROUP BY h.pair_id, h.exchange_account_id`,
      [[...new Set(rows.map((r) => r.pair_id))]],
    );
    const byPlace = new Map(holders.map((h) => [`${h.pair_id}:${h.exchange_account_id}`, h.profiles]));
    return rows.map((row) => ({
      ...row,
      profile_list: (byPlace.get(`${row.pair_id}:${row.exchange_account_id}`) ?? []).filter((profile) => profile.id !== row.profile?.id),
    }));
  }

  /** The open (not lost) positions of these signals, by position id. */
  async openBySignals(db: Db, signalIds: readonly number[]): Promise<{ id: string; signal_id: string }[]> {
    return queryRows(db, `SELECT id::text, signal_id::text FROM positions WHERE signal_id = ANY($1::bigint[]) AND closed_at IS NULL ORDER BY id`, [signalIds]);
  }

  /**
   * The oldest lost position of a pair and side still held (one per pair and side in practice:
   * docs/decisions/positions-and-risk-control.md).
   */
  async lostOf(db: Db, pairId: number, side: Direction): Promise<{ id: string; active_p_coins: string } | undefined> {
    return firstRow(
      db,
      `SELECT id::text, active_p_coins::text FROM positions WHERE state IS NULL AND closed_at IS NULL AND pair_id = $1 AND side = $2 AND active_p_coins > 0 ORDER BY id LIMIT 1`,
      [pairId, side],
    );
  }

  /**
   * The newest metrics row of every exchange account that has one: one backward step on the primary key
   * (exchange_account_id, at) per account.
   */
  async newestMetrics(db: Db, accountId?: number): Promise<MetricsRecord[]> {
    return queryRows(
      db,
      `SELECT ea.id, ea.title AS account_name, m.at, ${METRIC_COLUMNS.map((c) => `m.${c}::text`).join(', ')},
              (${RETURN_AT_PERCENT('m.nav', 'm.deposit_at')})::text AS return_at_percent
         FROM exchange_accounts ea
        CROSS JOIN LATERAL (SELECT * FROM account_metrics am WHERE am.exchange_account_id = ea.id ORDER BY am.at DESC LIMIT 1) m
        ${accountId === undefined ? '' : 'WHERE ea.id = $1'}
        ORDER BY ea.id`,
      accountId === undefined ? [] : [accountId],
    );
  }

  /** The account's money put in as its transactions record it (contracts moneyPutInSql); null without any. */
  async moneyPutIn(db: Db, accountId: number): Promise<string | null> {
    return (await firstRow<{ money: string | null }>(db, `SELECT ${moneyPutInSql('$1::int')}::text AS money`, [accountId]))?.money ?? null;
  }

  /** Records money moved in (deposit) or out (withdrawal): the engine shifts every base of the account's metrics by it. */
  async recordFlow(db: Db, flow: { accountId: number; type: 'deposit' | 'withdrawal'; amount: string; before: string; after: string; userId: number }): Promise<string> {
    const row = await firstRow<{ id: string }>(
      db,
      `INSERT INTO deposit_transactions (exchange_account_id, type, amount, deposit_before, deposit_after, requested_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`,
      [flow.accountId, flow.type, flow.amount, flow.before, flow.after, flow.userId],
    );
    return row!.id;
  }

  async accountExists(db: Db, accountId: number): Promise<boolean> {
    return (await firstRow(db, `SELECT 1 FROM exchange_accounts WHERE id = $1`, [accountId])) !== undefined;
  }

  /** The account's newest metrics row, locked with the account itself, so two deposit edits on it take turns. */
  async lockNewestMetrics(db: Db, accountId: number): Promise<{ at: Date } | undefined> {
    await db.query(`SELECT 1 FROM exchange_accounts WHERE id = $1 FOR UPDATE`, [accountId]);
    return firstRow(db, `SELECT at FROM account_metrics WHERE exchange_account_id = $1 ORDER BY at DESC LIMIT 1 FOR UPDATE`, [accountId]);
  }
}

