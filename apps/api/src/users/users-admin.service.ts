import { Injectable } from '@nestjs/common';
import { USER_LIST } from './users.list';
import { ListPage, mapRows, queryListPage } from '../common/list-query/list-query';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { arePermsWithin, EMAIL_PATTERN, MESSAGES, NEW_USER_PASSWORD_PATTERN, OWN_MESSAGES, type GroupOption, type Perm } from '@console/contracts';
import type { Principal } from '../access/principal';
import { hashPassword } from '../auth/passwords';
import { SessionService } from '../auth/session.service';
import { BadRequestDetail, FieldValidationError, ForbiddenDetail, NotFoundDetail } from '../common/errors/api-errors';
import { assertWithinActor, groupPerms, keepingAnAdministrator, privilegeChange } from '../access/privilege-changes';
import { AuditService } from '../logs/audit.service';
import { CreateUserDto, UserDto, UsersQuery } from './users.dto';

interface UserRow {
  id: number;
  email: string;
  is_active: boolean;
  group_id: number | null;
  group_name: string | null;
}

const SELECT_USER = `SELECT u.id, u.email, u.is_active, u.group_id, g.name AS group_name FROM users u LEFT JOIN groups g ON g.id = u.group_id`;

/** User management: list, create, change group, deactivate. */
@Injectable()
export class UsersAdminService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
  ) {}

  async list(query: UsersQuery): Promise<ListPage<UserDto>> {
    return mapRows(await queryListPage<UserRow, UsersQuery>(this.dataSource, USER_LIST, query), toDto);
  }

  async create(principal: Principal, body: CreateUserDto): Promise<UserDto> {
    const email = body.email.trim();
    if (!EMAIL_PATTERN.test(email)) throw FieldValidationError.of('email', MESSAGES.emailInvalid);
    if (!NEW_USER_PASSWORD_PATTERN.test(body.password)) throw FieldValidationError.of('password', OWN_MESSAGES.newUserPasswordRules);
    const hash = await hashPassword(body.password);
    return privilegeChange(this.dataSource, principal, async (m, actor) => {
      await assertGroupExists(m, body.group);
      assertWithinActor(actor, await groupPerms(m, body.group), OWN_MESSAGES.grantBeyondOwn);
      const taken: unknown[] = await m.query(`SELECT 1 FROM users WHERE lower(email) = lower($1)`, [email]);
      if (taken.length) throw FieldValidationError.of('email', OWN_MESSAGES.emailTaken);
      const [row]: { id: number }[] = await m.query(`INSERT INTO users (email, password_hash, group_id) VALUES ($1, $2, $3) RETURNING id`, [
        email,
        hash,
        body.group,
      ]);
      const created = await find(m, row.id);
      await this.audit.write({ type: 'user', event_type: 'user_created', user_id: principal.userId, log_data: { target_user_id: row.id, after: toDto(created) } }, m);
      return toDto(created);
    });
  }

  /**
   * The groups the actor may put a user in: those within the actor's own levels. Under the users
   * section, so a users manager without the groups section can still pick one.
   */
  async groupOptions(principal: Principal): Promise<{ results: GroupOption[] }> {
    const rows: (GroupOption & { perms: Perm[] })[] = await this.dataSource.query(`SELECT id, name, perms FROM groups ORDER BY lower(name), id`);
    return { results: rows.filter((g) => arePermsWithin(g, principal)).map(({ id, name }) => ({ id, name })) };
  }

  /** Moves a user to another group; it applies on that user's next request. */
  async changeGroup(principal: Principal, id: number, groupId: number): Promise<UserDto> {
    if (id === principal.userId) throw new ForbiddenDetail(OWN_MESSAGES.ownGroupChange);
    return privilegeChange(this.dataSource, principal, async (m, actor) => {
      const before = await find(m, id, true);
      if (!before.is_active) throw new BadRequestDetail(OWN_MESSAGES.userNotActive);
      await assertGroupExists(m, groupId);
      assertWithinActor(actor, await groupPerms(m, before.group_id), OWN_MESSAGES.userBeyondOwn);
      assertWithinActor(actor, await groupPerms(m, groupId), OWN_MESSAGES.grantBeyondOwn);
      await keepingAnAdministrator(m, () => m.query(`UPDATE users SET group_id = $2, updated_at = now() WHERE id = $1`, [id, groupId]));
      const after = await find(m, id);
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
    await privilegeChange(this.dataSource, principal, async (m, actor) => {
      const before = await find(m, id, true);
      assertWithinActor(actor, await groupPerms(m, before.group_id), OWN_MESSAGES.userBeyondOwn);
      await keepingAnAdministrator(m, () => m.query(`UPDATE users SET is_active = false, updated_at = now() WHERE id = $1`, [id]));
      await this.sessions.revokeUserSessions(id, 'deactivated', m);
      await this.audit.write(
        { type: 'user', event_type: 'user_deactivated', user_id: principal.userId, log_data: { target_user_id: id, before: toDto(before), after: { ...toDto(before), is_active: false } } },
        m,
      );
    });
  }
}

async function find(m: EntityManager, id: number, lock = false): Promise<UserRow> {
  const rows: UserRow[] = await m.query(`${SELECT_USER} WHERE u.id = $1 ${lock ? 'FOR UPDATE OF u' : ''}`, [id]);
  if (!rows.length) throw new NotFoundDetail();
  return rows[0];
}

async function assertGroupExists(m: EntityManager, groupId: number): Promise<void> {
  const rows: unknown[] = await m.query(`SELECT 1 FROM groups WHERE id = $1`, [groupId]);
  if (!rows.length) throw FieldValidationError.of('group', OWN_MESSAGES.groupRequired);
}

function toDto(row: UserRow): UserDto {
  return { id: row.id, email: row.email, is_active: row.is_active, group: row.group_id === null ? null : { id: row.group_id, name: row.group_name ?? '' } };
}
