import { Injectable } from '@nestjs/common';
import { GROUP_LIST } from './groups.list';
import { ListPage, mapRows, queryListPage } from '../../common/list-query/list-query';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Db } from '../../common/database/sql';
import { ALLOWED_LEVELS, completePerms, gateWithoutItsFields, normalizePerm, OWN_MESSAGES, Perm, permOf, type PrivilegeGroup } from '@console/contracts';
import type { Principal } from '../../access/principal';
import { BadRequestDetail, FieldErrors, FieldValidationError, foundOr404 } from '../../common/errors/api-errors';
import { assertWithinActor, PrivilegeChanges } from '../../access/privilege-changes';
import { AuditService } from '../../logs/audit.service';
import { GroupRecord, GroupsRepository } from './groups.repository';
import { CreateGroupDto, GroupsQuery, PermInputDto, UpdateGroupDto } from './groups.dto';
import { ReadDb } from '../../common/database/read-replica';

/** Privilege groups: a name and one perm per section, normalised by the shared rules of the contracts. */
@Injectable()
export class GroupsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadDb,
    private readonly groups: GroupsRepository,
    private readonly audit: AuditService,
    private readonly privileges: PrivilegeChanges,
  ) {}

  async list(query: GroupsQuery): Promise<ListPage<PrivilegeGroup>> {
    return mapRows(await queryListPage<GroupRecord, GroupsQuery>(this.reads, GROUP_LIST, query), toDto);
  }

  async get(id: number): Promise<PrivilegeGroup> {
    return toDto(await this.find(this.dataSource, id));
  }

  async create(principal: Principal, body: CreateGroupDto): Promise<PrivilegeGroup> {
    const perms = buildPerms(body.perms);
    return this.privileges.change(principal, async (m, actor) => {
      assertWithinActor(actor, perms, OWN_MESSAGES.grantBeyondOwn);
      await this.assertNameFree(m, body.name);
      const id = await this.groups.insert(m, { name: body.name.trim(), perms });
      const created = await this.find(m, id);
      await this.audit.write({ type: 'user', event_type: 'group_created', user_id: principal.userId, log_data: { group_id: id, after: snapshot(created) } }, m);
      return toDto(created);
    });
  }

  async update(principal: Principal, id: number, body: UpdateGroupDto): Promise<PrivilegeGroup> {
    return this.privileges.change(principal, async (m, actor) => {
      const before = await this.find(m, id, { lock: true });
      assertWithinActor(actor, before.perms, OWN_MESSAGES.groupBeyondOwn);
      const name = body.name?.trim() ?? before.name;
      if (name.toLowerCase() !== before.name.toLowerCase()) await this.assertNameFree(m, name);
      const perms = buildPerms(body.perms, before);
      assertWithinActor(actor, perms, OWN_MESSAGES.grantBeyondOwn);
      await this.privileges.keepingAnAdministrator(m, () => this.groups.update(m, id, { name, perms }));
      const after = await this.find(m, id);
      await this.audit.write(
        { type: 'user', event_type: 'group_updated', user_id: principal.userId, log_data: { group_id: id, before: snapshot(before), after: snapshot(after) } },
        m,
      );
      return toDto(after);
    });
  }

  /** Refused while active users remain; deactivated members keep their history but lose the group. */
  async remove(principal: Principal, id: number): Promise<void> {
    await this.privileges.change(principal, async (m, actor) => {
      const before = await this.find(m, id, { lock: true });
      assertWithinActor(actor, before.perms, OWN_MESSAGES.groupBeyondOwn);
      if (before.users_count > 0) throw new BadRequestDetail(OWN_MESSAGES.groupHasUsers);
      await this.groups.delete(m, id);
      await this.audit.write({ type: 'user', event_type: 'group_deleted', user_id: principal.userId, log_data: { group_id: id, before: snapshot(before) } }, m);
    });
  }

  private async find(db: Db, id: number, options?: { lock?: boolean }): Promise<GroupRecord> {
    return foundOr404(await this.groups.find(db, id, options));
  }

  private async assertNameFree(db: Db, name: string): Promise<void> {
    if (await this.groups.nameTaken(db, name)) throw FieldValidationError.of('name', OWN_MESSAGES.groupNameTaken);
  }
}

/**
 * Applies the group-form rules to submitted perms: each section once, only its allowed levels and
 * fields, NP clearing, signals_count reset on a signals status change. Absent sections become NP.
 */
function buildPerms(input: PermInputDto[], previous?: { perms: Perm[] }): Perm[] {
  const errors: FieldErrors = {};
  const given = new Map<string, PermInputDto>();
  input.forEach((p, i) => {
    if (given.has(p.section_name)) errors[`perms.${i}.section_name`] = [OWN_MESSAGES.sectionListedTwice];
    else if (!ALLOWED_LEVELS[p.section_name].includes(p.status)) errors[`perms.${i}.status`] = [OWN_MESSAGES.levelNotAllowed];
    given.set(p.section_name, p);
  });
  if (Object.keys(errors).length) throw new FieldValidationError(errors);
  const perms = completePerms({ perms: [] }).map((absent) => {
    const p = given.get(absent.section_name);
    if (!p) return absent;
    return normalizePerm(p, previous ? permOf(previous, p.section_name) : undefined);
  });
  // A Limited gate whose action writes fields the group could not write would be a gate nobody can use.
  perms.forEach((perm) => {
    const missing = gateWithoutItsFields(perm);
    if (missing) errors[`perms.${input.findIndex((p) => p.section_name === perm.section_name)}.fields`] = [OWN_MESSAGES.gateNeedsFields(missing.gate, missing.fields)];
  });
  if (Object.keys(errors).length) throw new FieldValidationError(errors);
  return perms;
}

function toDto(row: GroupRecord): PrivilegeGroup {
  return { id: row.id, name: row.name, perms: completePerms(row), users_count: row.users_count };
}

function snapshot(row: GroupRecord) {
  return { name: row.name, perms: completePerms(row).map(({ section_name, status, fields, filtering, sorting, is_only_finished, signals_count }) => ({ section_name, status, fields, filtering, sorting, is_only_finished, signals_count })) };
}
