import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  intervalMessage,
  isWithin,
  RISK_CONTROL_MESSAGES as M,
  TRIGGER_KINDS,
  TRIGGER_REDUCE_FIELDS,
  TRIGGER_VALUE_RANGES,
  type NamedRef,
  type RiskTrigger,
} from '@console/contracts';
import type { Principal } from '../access/principal';
import type { Db } from '../common/database/sql';
import { toDbText, toJsonNumber, toJsonNumberOrNull } from '../common/decimal';
import { BadRequestDetail, FieldErrors, FieldValidationError, foundOr404 } from '../common/errors/api-errors';
import { ListPage, mapRows, queryListPage } from '../common/list-query/list-query';
import { markUnchanged } from '../logs/audit-context';
import { AuditService } from '../logs/audit.service';
import { LiveEvents } from '../live/live-events';
import { CreateRiskTriggerDto, RiskControlsQuery, RiskGroupsQuery, UpdateRiskTriggerDto } from './risk-controls.dto';
import { RISK_GROUP_OPTION_LIST, RISK_TRIGGER_LIST } from './risk-controls.list';
import { RiskControlsRepository, RiskTriggerRecord, RiskTriggerWrite } from './risk-controls.repository';
import { ReadDb } from '../common/database/read-replica';

const ratio = (value: number | undefined) => (value === undefined ? undefined : toDbText(value, 'ratio'));

/**
 * Risk-control triggers. Add makes a NAV Alerting (nav_alerting) or Hard Risk Control (nav_reducing)
 * trigger; a NAV Alerting trigger never keeps reduce fields. Edits set one value (its range is the
 * trigger type's), a toggle or the group; each write leaves a user log row with before and after.
 */
@Injectable()
export class RiskControlsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadDb,
    private readonly triggers: RiskControlsRepository,
    private readonly audit: AuditService,
    private readonly live: LiveEvents,
  ) {}

  async list(query: RiskControlsQuery): Promise<ListPage<RiskTrigger>> {
    return mapRows(await queryListPage<RiskTriggerRecord, RiskControlsQuery>(this.reads, RISK_TRIGGER_LIST, { ...query, show_hide: query.show_hide ?? false }), toTrigger);
  }

  groups(query: RiskGroupsQuery): Promise<ListPage<NamedRef>> {
    return queryListPage(this.reads, RISK_GROUP_OPTION_LIST, query);
  }

  async create(principal: Principal, body: CreateRiskTriggerDto): Promise<RiskTrigger> {
    const hard = body.trigger_type === 'nav_reducing';
    const id = await this.dataSource.transaction(async (m) => {
      if (body.exchange_account != null && !(await this.triggers.accountExists(m, body.exchange_account))) throw FieldValidationError.of('exchange_account', M.accountUnknown);
      await this.assertProfiles(m, body.group_profiles);
      const id = await this.triggers.insert(m, {
        trigger_name: body.trigger_name ?? TRIGGER_KINDS[body.trigger_type],
        trigger_type: body.trigger_type,
        exchange_account_id: body.exchange_account ?? null,
        trigger_blocker: toDbText(body.trigger_blocker, 'ratio'),
        timer: body.timer,
        is_active: body.is_active ?? false,
        // NAV Alerting only alerts: whatever reduce values came with it are dropped.
        position_reduce: hard ? ratio(body.position_reduce) : null,
        x_percent_depo: hard ? ratio(body.x_percent_depo) : null,
        y_percent_depo: hard ? ratio(body.y_percent_depo) : null,
        alert: !hard,
      });
      if (body.group_profiles) await this.triggers.setProfiles(m, id, 'group', body.group_profiles);
      const created = toTrigger(foundOr404(await this.triggers.find(m, id)));
      await this.audit.write({ type: 'user', event_type: 'risk_trigger_created', user_id: principal.userId, log_data: { risk_trigger_id: id, after: created } }, m);
      return id;
    });
    await this.live.publish({ resource: 'risk-controls', action: 'created', section: 'risk_control', ids: [id] });
    return toTrigger(foundOr404(await this.triggers.find(this.dataSource, id)));
  }

  async update(principal: Principal, id: number, body: UpdateRiskTriggerDto): Promise<RiskTrigger> {
    if (!Object.values(body).some((v) => v !== undefined)) throw new BadRequestDetail(M.editEmpty);
    const changed = await this.dataSource.transaction(async (m) => {
      const before = foundOr404(await this.triggers.find(m, id, { lock: true }));
      this.assertValues(before, body);
      await this.assertProfiles(m, body.group_profiles);
      const write: RiskTriggerWrite = {
        trigger_name: body.trigger_name,
        trigger_blocker: ratio(body.trigger_blocker),
        trigger_unblocker: ratio(body.trigger_unblocker),
        rules: body.rules,
        timer: body.timer,
        position_reduce: ratio(body.position_reduce),
        x_percent_depo: ratio(body.x_percent_depo),
        y_percent_depo: ratio(body.y_percent_depo),
        alert: body.alert,
        is_active: body.is_active,
        is_show: body.is_show,
      };
      await this.triggers.update(m, id, write);
      if (body.group_profiles) await this.triggers.setProfiles(m, id, 'group', body.group_profiles);
      const after = toTrigger(foundOr404(await this.triggers.find(m, id)));
      const beforeTrigger = toTrigger(before);
      if (JSON.stringify(after) === JSON.stringify(beforeTrigger)) {
        markUnchanged();
        return false;
      }
      await this.audit.write({ type: 'user', event_type: 'risk_trigger_updated', user_id: principal.userId, log_data: { risk_trigger_id: id, before: beforeTrigger, after } }, m);
      return true;
    });
    if (changed) await this.live.publish({ resource: 'risk-controls', action: 'updated', section: 'risk_control', ids: [id] });
    return toTrigger(foundOr404(await this.triggers.find(this.dataSource, id)));
  }

  /** A trigger's values within its type's range; NAV Alerting takes no reduce fields. */
  private assertValues(trigger: RiskTriggerRecord, body: UpdateRiskTriggerDto): void {
    const errors: FieldErrors = {};
    const range = TRIGGER_VALUE_RANGES[trigger.trigger_type];
    for (const field of ['trigger_blocker', 'trigger_unblocker'] as const) {
      const value = body[field];
      if (value !== undefined && !isWithin(value, range)) errors[field] = [intervalMessage(range.min, range.max)];
    }
    if (trigger.trigger_type === 'nav_alerting') {
      for (const field of TRIGGER_REDUCE_FIELDS) if (body[field] !== undefined) errors[field] = [M.noReduceForAlerting];
    }
    if (Object.keys(errors).length) throw new FieldValidationError(errors);
  }

  private async assertProfiles(db: Db, ids: number[] | undefined): Promise<void> {
    if (!ids?.length) return;
    if ((await this.triggers.countExistingProfiles(db, ids)) !== new Set(ids).size) throw FieldValidationError.of('group_profiles', M.profileUnknown);
  }
}

function toTrigger(row: RiskTriggerRecord): RiskTrigger {
  return {
    id: row.id,
    trigger_name: row.trigger_name,
    trigger_type: row.trigger_type,
    trigger_blocker: toJsonNumber(row.trigger_blocker),
    trigger_blocker_opp_dir_sp: toJsonNumberOrNull(row.trigger_blocker_opp_dir_sp),
    trigger_blocker_opp_dir_atr: toJsonNumberOrNull(row.trigger_blocker_opp_dir_atr),
    trigger_blocker_active_profile: row.trigger_blocker_active_profile,
    trigger_unblocker: toJsonNumberOrNull(row.trigger_unblocker),
    group_profiles: row.group_profiles,
    account: row.account,
    alert: row.alert,
    rules: row.rules,
    timer: row.timer,
    position_reduce: toJsonNumberOrNull(row.position_reduce),
    x_percent_depo: toJsonNumberOrNull(row.x_percent_depo),
    y_percent_depo: toJsonNumberOrNull(row.y_percent_depo),
    is_active: row.is_active,
    is_show: row.is_show,
  };
}
