import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  isFieldAllowed,
  MM_PROFILE_FORM_FIELDS,
  MM_PROFILE_MESSAGES as M,
  permOf,
  TRADING_DECIMALS,
  type MmProfile,
  type MmProfileOption,
  type MmProfileSummary,
} from '@console/contracts';
import type { Principal } from '../access/principal';
import type { Db } from '../common/database/sql';
import { toDbText, toJsonNumber } from '../common/decimal';
import { BadRequestDetail, FieldValidationError, foundOr404 } from '../common/errors/api-errors';
import { aggregateList, ListPage, mapRows, queryListPage } from '../common/list-query/list-query';
import { EngineCommandsService, SubmittedCommand } from '../engine/engine-commands.service';
import { markUnchanged } from '../logs/audit-context';
import { AuditService } from '../logs/audit.service';
import { MmProfileFormDto, MmProfileOptionsQuery, MmProfilesQuery, UpdateMmProfileDto } from './mm-profiles.dto';
import { MM_PROFILE_LIST, MM_PROFILE_OPTION_LIST } from './mm-profiles.list';
import { MmProfileRecord, MmProfilesRepository, MmProfileWrite } from './mm-profiles.repository';
import { ReadDb } from '../common/database/read-replica';

const FORM_FIELDS = MM_PROFILE_FORM_FIELDS;

/**
 * MM profiles. The form changes an inactive (or draft) profile only. Starting and stopping are engine
 * commands: a start shows active at once (CHANGING until the engine confirms), a stop shows stopping
 * until the engine reports the profile inactive. Visibility is the list's own flag, set directly.
 */
@Injectable()
export class MmProfilesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadDb,
    private readonly profiles: MmProfilesRepository,
    private readonly commands: EngineCommandsService,
    private readonly audit: AuditService,
  ) {}

  async list(principal: Principal, query: MmProfilesQuery): Promise<ListPage<MmProfile> & { summary: MmProfileSummary }> {
    const filters = { ...query, visibility: query.visibility ?? 'visible' };
    const page = mapRows(await queryListPage<MmProfileRecord, MmProfilesQuery>(this.reads, MM_PROFILE_LIST, filters), toDto);
    const sums = await aggregateList<{ all: string | null; one: string | null }, MmProfilesQuery>(
      this.reads,
      MM_PROFILE_LIST,
      filters,
      `sum(mm.all_signals_quota)::text AS all, sum(mm.one_signal_quota)::text AS one`,
    );
    const perm = permOf(principal, 'mm_profiles');
    const summary: MmProfileSummary = {};
    if (isFieldAllowed(perm, 'all_signals_quota')) summary.sum_all_signals_quota = toJsonNumber(sums.all ?? '0', 2);
    if (isFieldAllowed(perm, 'one_signal_quota')) summary.sum_one_signal_quota = toJsonNumber(sums.one ?? '0', TRADING_DECIMALS.oneSignalQuota);
    return { ...page, summary };
  }

  options(query: MmProfileOptionsQuery): Promise<ListPage<MmProfileOption>> {
    return queryListPage(this.reads, MM_PROFILE_OPTION_LIST, query);
  }

  async get(id: number): Promise<MmProfile> {
    return toDto(foundOr404(await this.profiles.find(this.dataSource, id)));
  }

  async create(principal: Principal, body: MmProfileFormDto): Promise<MmProfile> {
    const id = await this.dataSource.transaction(async (m) => {
      await this.assertAccount(m, body.exchange_account);
      const id = await this.profiles.insert(m, writeOf(body));
      const created = toDto(foundOr404(await this.profiles.find(m, id)));
      await this.audit.write({ type: 'user', event_type: 'mm_profile_created', user_id: principal.userId, log_data: { mm_profile_id: id, after: created } }, m);
      return id;
    });
    return this.get(id);
  }

  async update(principal: Principal, id: number, body: UpdateMmProfileDto): Promise<MmProfile> {
    const command = await this.dataSource.transaction(async (m) => {
      const before = foundOr404(await this.profiles.find(m, id, { lock: true }));
      const edits = FORM_FIELDS.some((field) => body[field] !== undefined);
      let changed = false;
      if (edits) {
        if (before.status !== 'inactive' && before.status !== 'draft') throw new BadRequestDetail(M.onlyInactive);
        const next = writeOf({ ...formOf(before), ...definedOf(body) });
        if (next.exchange_account_id !== before.exchange_account.id) {
          await this.assertAccount(m, next.exchange_account_id);
          if (before.profiles.length) throw FieldValidationError.of('exchange_account', M.accountInUse);
        }
        await this.profiles.update(m, id, next);
        changed = true;
      }
      if (body.is_show !== undefined && body.is_show !== before.is_show) {
        await this.profiles.setShown(m, id, body.is_show);
        changed = true;
      }
      if (changed) {
        const after = toDto(foundOr404(await this.profiles.find(m, id)));
        await this.audit.write({ type: 'user', event_type: 'mm_profile_updated', user_id: principal.userId, log_data: { mm_profile_id: id, before: toDto(before), after } }, m);
      }
      const command = await this.switchTo(m, principal, before, body.status);
      if (!changed && !command) markUnchanged();
      return command;
    });
    if (command) await this.commands.publish(command);
    return this.get(id);
  }

  /** A start from inactive, a stop from active; asking for the state it is heading to changes nothing. */
  private async switchTo(m: EntityManager, principal: Principal, before: MmProfileRecord, status: 'active' | 'inactive' | undefined): Promise<SubmittedCommand | null> {
    if (status === undefined) return null;
    const heading = before.status === 'stopping' ? 'inactive' : before.status;
    if (status === heading) return null;
    const starting = status === 'active';
    if (before.status !== (starting ? 'inactive' : 'active')) throw new BadRequestDetail(M.statusMoveInvalid);
    return this.commands.submitIn(m, principal, {
      kind: starting ? 'start_mm_profile' : 'stop_mm_profile',
      targetId: before.id,
      accepted: () => this.profiles.setStatus(m, before.id, starting ? 'active' : 'stopping'),
    });
  }

  private async assertAccount(db: Db, accountId: number): Promise<void> {
    if (!(await this.profiles.accountExists(db, accountId))) throw FieldValidationError.of('exchange_account', M.exchangeAccountUnknown);
  }
}

/** The form's values; stored amounts stay decimal text, never passing through a binary float. */
type Form = Omit<Pick<MmProfileFormDto, (typeof FORM_FIELDS)[number]>, 'max_factor_amount' | 'all_signals_quota'> & {
  max_factor_amount: number | string;
  all_signals_quota: number | string;
};

function formOf(row: MmProfileRecord): Form {
  return {
    title: row.title,
    max_signals_amount: row.max_signals_amount,
    max_factor_amount: row.max_factor_amount,
    all_signals_quota: row.all_signals_quota,
    exchange_account: row.exchange_account.id,
  };
}

function definedOf(body: UpdateMmProfileDto): Partial<Form> {
  return Object.fromEntries(FORM_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
}

function writeOf(form: Form): MmProfileWrite {
  return {
    title: form.title,
    max_signals_amount: form.max_signals_amount,
    max_factor_amount: toDbText(form.max_factor_amount, 'ratio'),
    all_signals_quota: toDbText(form.all_signals_quota, 'money'),
    exchange_account_id: form.exchange_account,
  };
}

export function toDto(row: MmProfileRecord): MmProfile {
  return {
    id: row.id,
    title: row.title,
    profiles: row.profiles,
    max_signals_amount: row.max_signals_amount,
    max_factor_amount: toJsonNumber(row.max_factor_amount),
    all_signals_quota: toJsonNumber(row.all_signals_quota),
    one_signal_quota: toJsonNumber(row.one_signal_quota, TRADING_DECIMALS.oneSignalQuota),
    exchange_account: row.exchange_account,
    status: row.status,
    is_show: row.is_show,
    created_at: row.created_at.toISOString(),
  };
}
