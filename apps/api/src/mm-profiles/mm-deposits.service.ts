import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DEPOSIT_PERCENT_MAX, isFieldAllowed, MM_DEPOSIT_INFO_FIELDS, MM_PROFILE_MESSAGES as M, permOf, type MmAutoDeposit, type MmDepositInfo } from '@console/contracts';
import type { Principal } from '../access/principal';
import { dec, toDbText, toJsonNumber } from '../common/decimal';
import { FieldValidationError } from '../common/errors/api-errors';
import { AuditService } from '../logs/audit.service';
import { AutoDepositDto, ChangeDepositDto } from './mm-deposits.dto';
import { MmDepositsRepository } from './mm-deposits.repository';

/**
 * The MM deposit (docs/decisions/ticker-configs-and-mm-profiles.md): the sum of every MM profile's
 * all_signals_quota. Changing it scales every profile's quota by the same percent in one statement and
 * records, per account, a deposit, withdrawal or re-invest transaction.
 */
@Injectable()
export class MmDepositsService {
  private readonly logger = new Logger('MmDeposits');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly deposits: MmDepositsRepository,
    private readonly audit: AuditService,
  ) {}

  async change(principal: Principal, body: ChangeDepositDto): Promise<MmDepositInfo> {
    const increase = body.operation_type === 'increase';
    if (!increase && body.size > DEPOSIT_PERCENT_MAX) throw FieldValidationError.of('size', M.sizeMax);
    const percent = dec(body.size);
    const factor = increase ? dec(100).plus(percent).div(100) : dec(100).minus(percent).div(100);
    await this.dataSource.transaction(async (m) => {
      const accounts = await this.deposits.scaleQuotas(m, {
        factor: factor.toFixed(),
        type: increase ? 'deposit' : 'withdrawal',
        percent: toDbText(percent, 'ratio'),
        requestedBy: principal.userId,
      });
      await this.audit.write({ type: 'user', event_type: 'mm_deposit_changed', user_id: principal.userId, log_data: { operation_type: body.operation_type, size: body.size, accounts } }, m);
    });
    return this.info(principal);
  }

  /** The chips the principal's group sees: each only when every field it is summed from is open to it. */
  async info(principal: Principal): Promise<MmDepositInfo> {
    const row = await this.deposits.info(this.dataSource);
    const perm = permOf(principal, 'mm_profiles');
    const info: MmDepositInfo = { mm_asset_sum: toJsonNumber(row.mm_asset_sum, 2) };
    for (const chip of Object.keys(MM_DEPOSIT_INFO_FIELDS) as (keyof MmDepositInfo)[]) {
      if (MM_DEPOSIT_INFO_FIELDS[chip].every((field) => isFieldAllowed(perm, field))) info[chip] = toJsonNumber(row[chip], 2);
    }
    return info;
  }

  async autoSettings(): Promise<MmAutoDeposit> {
    const row = await this.deposits.settings(this.dataSource);
    return { is_auto_change_mm_depo_enabled: row.is_auto_change_mm_depo_enabled, auto_change_mm_depo_percent: toJsonNumber(row.auto_change_mm_depo_percent) };
  }

  /** Off keeps no threshold: the percent is stored as 0, as the SPA sends it. */
  async saveAutoSettings(principal: Principal, body: AutoDepositDto): Promise<MmAutoDeposit> {
    const next = {
      is_auto_change_mm_depo_enabled: body.is_auto_change_mm_depo_enabled,
      auto_change_mm_depo_percent: body.is_auto_change_mm_depo_enabled ? dec(body.auto_change_mm_depo_percent).toFixed(2) : '0',
    };
    await this.dataSource.transaction(async (m) => {
      const before = await this.deposits.settings(m, { lock: true });
      await this.deposits.saveSettings(m, next, principal.userId);
      await this.audit.write({ type: 'user', event_type: 'mm_auto_deposit_updated', user_id: principal.userId, log_data: { before, after: next } }, m);
    });
    return this.autoSettings();
  }

  /**
   * The daily re-invest: when the accounts' asset sum grew by at least the set percent over the last day
   * (account metrics), every quota grows by the same ratio and a re-invest transaction is recorded. A fall
   * is left to the operator (Change MM Deposit). Answers the percent applied, or null when nothing moved.
   */
  async reinvestDaily(): Promise<string | null> {
    return this.dataSource.transaction(async (m) => {
      const settings = await this.deposits.settings(m, { lock: true });
      if (!settings.is_auto_change_mm_depo_enabled) return null;
      const sums = await this.deposits.assetSumsOverADay(m);
      if (!sums || dec(sums.day_before).lte(0)) return null;
      const growth = dec(sums.now).minus(sums.day_before).div(sums.day_before).times(100);
      if (growth.lt(settings.auto_change_mm_depo_percent)) return null;
      const percent = toDbText(growth, 'ratio');
      const accounts = await this.deposits.scaleQuotas(m, { factor: dec(sums.now).div(sums.day_before).toFixed(), type: 'reinvest', percent, requestedBy: null });
      await this.audit.write({ type: 'system', event_type: 'mm_deposit_reinvested', log_data: { percent, asset_sum: sums.now, asset_sum_day_before: sums.day_before, accounts } }, m);
      this.logger.log(`re-invested ${percent}% over ${accounts} account(s)`);
      return percent;
    });
  }
}
