import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { POSITION_MESSAGES as M, TRADING_DECIMALS, type AccountAdminMetrics, type PositionRow } from '@console/contracts';
import type { Principal } from '../access/principal';
import { dec, toDbText, toJsonNumber, toJsonNumberOrNull } from '../common/decimal';
import { BadRequestDetail, FieldValidationError, foundOr404, NotFoundDetail } from '../common/errors/api-errors';
import { ListPage, queryListPage } from '../common/list-query/list-query';
import { markUnchanged } from '../logs/audit-context';
import { AuditService } from '../logs/audit.service';
import { DepositEditDto, LostPositionsQuery, PositionsQuery } from './positions.dto';
import { LOST_POSITION_LIST, POSITION_LIST } from './positions.list';
import { ConsoleMetric, MetricName, MetricsRecord, PositionRecord, PositionsRepository, PositionWithProfiles } from './positions.repository';
import { ReadDb } from '../common/database/read-replica';
import type { Db } from '../common/database/sql';
import { capitalGrowthRate, monthNavReturns } from '../stats/nav-returns';
import { monthNavOf, StatsRepository } from '../stats/stats.repository';

/** Reading position administration: the positions, the lost ones, and each account's newest metrics; and the deposit edit. */
@Injectable()
export class PositionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadDb,
    private readonly positions: PositionsRepository,
    private readonly stats: StatsRepository,
    private readonly audit: AuditService,
  ) {}

  async list(query: PositionsQuery): Promise<ListPage<PositionRow>> {
    return this.withProfiles(await queryListPage<PositionRecord, PositionsQuery>(this.reads, POSITION_LIST, query));
  }

  async lost(query: LostPositionsQuery): Promise<ListPage<PositionRow>> {
    return this.withProfiles(await queryListPage<PositionRecord, LostPositionsQuery>(this.reads, LOST_POSITION_LIST, query));
  }

  private async withProfiles(page: ListPage<PositionRecord>): Promise<ListPage<PositionRow>> {
    return { ...page, rows: (await this.positions.withProfileLists(this.reads, page.rows)).map(toPositionRow) };
  }

  async get(id: string): Promise<PositionRow> {
    return toPositionRow(foundOr404(await this.positions.find(this.dataSource, id)));
  }

  async accountInfo(): Promise<AccountAdminMetrics[]> {
    return Promise.all((await this.positions.newestMetrics(this.dataSource)).map((row) => this.toAccountMetrics(this.dataSource, row)));
  }

  /**
   * The card of one account: the engine's newest row, with Return month % and ACGR computed from the
   * account's months exactly as By Months computes them, and Return AT % as the account stats do, so
   * the screens show one number.
   */
  private async toAccountMetrics(db: Db, row: MetricsRecord): Promise<AccountAdminMetrics> {
    const months = [...monthNavReturns((await this.stats.monthBars(db, row.id)).map(monthNavOf)).values()];
    const rounded = (value: Parameters<typeof toJsonNumberOrNull>[0]) => toJsonNumberOrNull(value, TRADING_DECIMALS.adminMetrics);
    return {
      ...engineMetrics(row),
      return_month_percent: rounded(months.at(-1)?.percent),
      return_at_percent: rounded(row.return_at_percent),
      avg_capital_growth_rate: rounded(capitalGrowthRate(months)),
    };
  }

  /**
   * The deposit edit moves money: the new all-time deposit (deposit_at), or the new monthly deposit (HWM)
   * with its reason, names how much came in or went out. That is recorded as a deposit or withdrawal
   * transaction, the one record of money in and out, which the engine reads as a flow and shifts every
   * base by (docs/engine-protocol.md), so the next minute's row shows it and no return or drawdown comes
   * of it. The answer is the newest row, which the engine's next minute moves. A user log row keeps the
   * figure, its reason and the money before and after (docs/decisions/positions-and-risk-control.md).
   */
  async editDeposit(principal: Principal, accountId: number, body: DepositEditDto): Promise<AccountAdminMetrics> {
    const monthly = body.deposit_monthly !== undefined;
    if (!monthly && body.deposit_at === undefined) throw new BadRequestDetail(M.depositEditEmpty);
    if (monthly && body.deposit_at !== undefined) throw new BadRequestDetail(M.depositEditOne);
    await this.dataSource.transaction(async (m) => {
      const newest = await this.positions.lockNewestMetrics(m, accountId);
      if (!newest) {
        if (!(await this.positions.accountExists(m, accountId))) throw new NotFoundDetail();
        throw new BadRequestDetail(M.noMetricsYet);
      }
      const [before] = await this.positions.newestMetrics(m, accountId);
      // Money recorded since the newest row is not in it yet: the next edit starts from what is recorded.
      const putIn = dec((await this.positions.moneyPutIn(m, accountId)) ?? before.deposit_at);
      const pending = putIn.minus(before.deposit_at);
      const flow = monthly ? dec(toDbText(body.deposit_monthly!, 'money')).minus(dec(before.deposit_monthly).plus(pending)) : dec(toDbText(body.deposit_at!, 'money')).minus(putIn);
      if (flow.isZero()) return markUnchanged();
      const type = flow.isPositive() ? 'deposit' : 'withdrawal';
      const field = monthly ? 'deposit_monthly' : 'deposit_at';
      if (monthly && body.deposit_type !== type) throw FieldValidationError.of('deposit_type', M.depositTypeDirection);
      if (putIn.plus(flow).isNegative()) throw FieldValidationError.of(field, M.depositValueInvalid);
      const after = putIn.plus(flow);
      const transactionId = await this.positions.recordFlow(m, {
        accountId,
        type,
        amount: toDbText(flow.abs(), 'money'),
        before: toDbText(putIn, 'money'),
        after: toDbText(after, 'money'),
        userId: principal.userId,
      });
      await this.audit.write(
        {
          type: 'user',
          event_type: 'account_deposit_edited',
          user_id: principal.userId,
          log_data: {
            exchange_account_id: accountId,
            at: newest.at,
            field,
            deposit_type: monthly ? body.deposit_type : type,
            deposit_transaction_id: transactionId,
            before: { deposit_monthly: Number(before.deposit_monthly), deposit_at: Number(putIn) },
            after: { deposit_monthly: Number(dec(before.deposit_monthly).plus(pending).plus(flow)), deposit_at: Number(after) },
          },
        },
        m,
      );
    });
    const [after] = await this.positions.newestMetrics(this.dataSource, accountId);
    return this.toAccountMetrics(this.dataSource, after);
  }
}

export function toPositionRow(row: PositionWithProfiles): PositionRow {
  return {
    id: row.id,
    signal_id: row.signal_id,
    created_at: row.created_at.toISOString(),
    profile: row.profile,
    exchange_account: row.exchange_account,
    pair_id: row.pair_id,
    ticker: row.ticker,
    side: row.side,
    active_p_size_usd: toJsonNumber(row.active_p_size_usd, TRADING_DECIMALS.adminMetrics),
    active_p_coins: toJsonNumber(row.active_p_coins, TRADING_DECIMALS.positionCoins),
    r_pnl: toJsonNumber(row.r_pnl, TRADING_DECIMALS.adminMetrics),
    u_pnl: toJsonNumber(row.u_pnl, TRADING_DECIMALS.adminMetrics),
    avg_e_price: toJsonNumberOrNull(row.avg_e_price, TRADING_DECIMALS.markPrice),
    k_exit: toJsonNumberOrNull(row.k_exit, TRADING_DECIMALS.kExit),
    k_exit_coeff: toJsonNumberOrNull(row.k_exit_coeff),
    current_price: toJsonNumberOrNull(row.current_price, TRADING_DECIMALS.markPrice),
    mark_price: toJsonNumberOrNull(row.mark_price, TRADING_DECIMALS.markPrice),
    reduce_p: toJsonNumber(row.reduce_p, TRADING_DECIMALS.percent),
    k_e_recovery: row.k_e_recovery,
    skip_check_by_timer: row.skip_check_by_timer,
    skip_check_by_distance: row.skip_check_by_distance,
    best_limit: row.best_limit,
    state: row.state,
    action_state: row.action_state,
    profile_list: row.profile_list,
  };
}

/** The figures of the card as the engine wrote them at the newest minute. */
function engineMetrics(row: MetricsRecord): Omit<AccountAdminMetrics, ConsoleMetric> {
  const metric = (name: MetricName) => toJsonNumber(row[name], TRADING_DECIMALS.adminMetrics);
  return {
    id: row.id,
    account_name: row.account_name,
    at: row.at.toISOString(),
    nav: metric('nav'),
    asset_usdt: metric('asset_usdt'),
    asset_usdc: metric('asset_usdc'),
    other_stable_coins: metric('other_stable_coins'),
    asset_sum: metric('asset_sum'),
    var: metric('var'),
    open_orders_volume: metric('open_orders_volume'),
    free_var: metric('free_var'),
    imp_loss: metric('imp_loss'),
    max_dd: metric('max_dd'),
    max_ddd: metric('max_ddd'),
    deposit_monthly: metric('deposit_monthly'),
    deposit_at: metric('deposit_at'),
    balance_daily: metric('balance_daily'),
    return_day_percent: metric('return_day_percent'),
  };
}
