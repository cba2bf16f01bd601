import { Injectable } from '@nestjs/common';
import { USER_LIST } from './users.list';
import { ListPage, mapRows, queryListPage } from '../../common/list-query/list-query';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { arePermsWithin, EMAIL_PATTERN, MESSAGES, NEW_USER_PASSWORD_PATTERN, OWN_MESSAGES, type GroupOptionList, type ManagedUser } from '@console/contracts';
import type { Principal } from '../../access/principal';
import { hashPassword } from '../../auth/passwords';
import { SessionsRepository } from '../../auth/sessions.repository';
import { BadRequestDetail, FieldValidationError, ForbiddenDetail, foundOr404 } from '../../common/errors/api-errors';
import { assertWithinActor, PrivilegeChanges } from '../../access/privilege-changes';
import { AuditService } from '../../logs/audit.service';
import { type Db } from '../../common/database/sql';
import { GroupsRepository } from '../groups/groups.repository';
import { CreateUserDto, UsersQuery } from './users.dto';
import { UserRecord, UsersRepository } from './users.repository';
import { ReadDb } from '../../common/database/read-replica';

/** User management: list, create, change group, deactivate. */
@Injectable()
export class UsersAdminService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadDb,
    private readonly users: UsersRepository,
    private readonly groups: GroupsRepository,
    private readonly sessions: SessionsRepository,
    private readonly audit: AuditService,
    private readonly privileges: PrivilegeChanges,
  ) {}

  async list(query: UsersQuery): Promise<ListPage<ManagedUser>> {
    return mapRows(await queryListPage<UserRecord, UsersQuery>(this.reads, USER_LIST, query), toDto);
  }

  async create(principal: Principal, body: CreateUserDto): Promise<ManagedUser> {
    const email = body.email.trim();
    if (!EMAIL_PATTERN.test(email)) throw FieldValidationError.of('email', MESSAGES.emailInvalid);
    if (!NEW_USER_PASSWORD_PATTERN.test(body.password)) throw FieldValidationError.of('password', OWN_MESSAGES.newUserPasswordRules);
    const hash = await hashPassword(body.password);
    return this.privileges.change(principal, async (m, actor) => {
      await this.assertGroupExists(m, body.group);
      assertWithinActor(actor, await this.privileges.groupPerms(m, body.group), OWN_MESSAGES.grantBeyondOwn);
      if (await this.users.emailTaken(m, email)) throw FieldValidationError.of('email', OWN_MESSAGES.emailTaken);
      const id = await this.users.insert(m, { email, passwordHash: hash, groupId: body.group });
      const created = await this.find(m, id);
      await this.audit.write({ type: 'user', event_type: 'user_created', user_id: principal.userId, log_data: { target_user_id: id, after: toDto(created) } }, m);
      return toDto(created);
    });
  }

  /**
   * The groups the actor may put a user in: those within the actor's own levels. Under the users
   * section, so a users manager without the groups section can still pick one.
   */
  async groupOptions(principal: Principal): Promise<GroupOptionList> {
    const options = await this.groups.options(this.dataSource);
    return { results: options.filter((g) => arePermsWithin(g, principal)).map(({ id, name }) => ({ id, name })) };
  }

  /** Moves a user to another group; it applies on that user's next request. */
  async changeGroup(principal: Principal, id: number, groupId: number): Promise<ManagedUser> {
    if (id === principal.userId) throw new ForbiddenDetail(OWN_MESSAGES.ownGroupChange);
    return this.privileges.change(principal, async (m, actor) => {
      const before = await this.find(m, id, { lock: true });
      if (!before.is_active) throw new BadRequestDetail(OWN_MESSAGES.userNotActive);
      await this.assertGroupExists(m, groupId);
      assertWithinActor(actor, await this.privileges.groupPerms(m, before.group_id), OWN_MESSAGES.userBeyondOwn);
      assertWithinActor(actor, await this.privileges.groupPerms(m, groupId), OWN_MESSAGES.grantBeyondOwn);
      await this.privileges.keepingAnAdministrator(m, () => this.users.setGroup(m, id, groupId));
      const after = await this.find(m, id);
      await this.audit.write(
        { type: 'user', event_type: 'user_group_changed', user_id: principal.userId, log_data: { target_user_id: id, before: toDto(before), after: toDto(after) } },
        m,
      );
      return toDto(after);
    });
  }

  /** Deactivates (history kept) and ends every session of the user at once. */
  async deactivate(principal: Principal, id: number): Promise<void> {
    if (id === principal.userId) throw new BadRequestDetail(OWN_MESSAGES.ownAccountDeactivation);
    await this.privileges.change(principal, async (m, actor) => {
      const before = await this.find(m, id, { lock: true });
      assertWithinActor(actor, await this.privileges.groupPerms(m, before.group_id), OWN_MESSAGES.userBeyondOwn);
      await this.privileges.keepingAnAdministrator(m, () => this.users.deactivate(m, id));
      await this.sessions.revokeUserSessions(m, id, 'deactivated');
      await this.audit.write(
        { type: 'user', event_type: 'user_deactivated', user_id: principal.userId, log_data: { target_user_id: id, before: toDto(before), after: { ...toDto(before), is_active: false } } },
        m,
      );
    });
  }

  private async find(db: Db, id: number, options?: { lock?: boolean }): Promise<UserRecord> {
    return foundOr404(await this.users.find(db, id, options));
  }

  private async assertGroupExists(db: Db, groupId: number): Promise<void> {
    if (!(await this.groups.exists(db, groupId))) throw FieldValidationError.of('group', OWN_MESSAGES.groupRequired);
  }
}

function toDto(row: UserRecord): ManagedUser {
  return { id: row.id, email: row.email, is_active: row.is_active, group: row.group_id === null ? null : { id: row.group_id, name: row.group_name ?? '' } };
}
