import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { OWN_MESSAGES, SESSION_MESSAGES, type PermHolder, type SessionsEnded, type SignInAttempt, type UserSession, type UserSessionList } from '@console/contracts';
import type { Principal } from '../access/principal';
import { assertWithinActor, PrivilegeChanges } from '../access/privilege-changes';
import { LiveSessionRow, SessionsRepository } from '../auth/sessions.repository';
import { BadRequestDetail, foundOr404, NotFoundDetail } from '../common/errors/api-errors';
import { ListPage, mapRows, queryListPage } from '../common/list-query/list-query';
import { AuditService } from '../logs/audit.service';
import { UsersRepository } from '../privileges/users/users.repository';
import type { SignInHistoryPageQuery } from './sessions.dto';
import { SIGN_IN_HISTORY_LIST, type SignInHistoryQuery } from './sign-in-history.list';
import { signInOutcome } from './sign-in-outcome';
import { describeUserAgent } from '../auth/user-agent';

interface HistoryRow {
  id: string;
  created_at: Date;
  event_type: string;
  reason: string | null;
  address: string | null;
  user_agent: string | null;
}

/**
 * A user's live sessions and sign-in attempts, for the user (own sessions) and for those who manage
 * users (anyone's but their own). Every ending is a `user` log row naming who ended what.
 */
@Injectable()
export class UserSessionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly audit: AuditService,
    private readonly privileges: PrivilegeChanges,
  ) {}

  /** The live sessions of a user; `currentFamilyId` marks the caller's own. 404 for an unknown user. */
  async list(userId: number, currentFamilyId: string | null): Promise<UserSessionList> {
    const rows = foundOr404(await this.sessions.liveSessionsOf(this.dataSource, userId));
    return { results: rows.map((row) => toSession(row, currentFamilyId)) };
  }

  async history(userId: number, query: SignInHistoryPageQuery): Promise<ListPage<SignInAttempt>> {
    const page = await queryListPage<HistoryRow, SignInHistoryQuery>(this.dataSource, SIGN_IN_HISTORY_LIST, { ...query, user_id: userId });
    return mapRows(page, toAttempt);
  }

  /** Another user's live sessions, for a manager whose levels hold the user's group. */
  async listOf(principal: Principal, userId: number): Promise<UserSessionList> {
    await this.assertManages(this.dataSource.manager, principal, userId, OWN_MESSAGES.userBeyondOwnRead);
    return this.list(userId, null);
  }

  /** 404 for a user that does not exist (the history alone would answer an empty page). */
  async historyOf(principal: Principal, userId: number, query: SignInHistoryPageQuery): Promise<ListPage<SignInAttempt>> {
    await this.assertManages(this.dataSource.manager, principal, userId, OWN_MESSAGES.userBeyondOwnRead);
    return this.history(userId, query);
  }

  /** Ends one of the caller's own sessions (usually another one: ending this one signs it out). */
  async endOwn(principal: Principal, familyId: string): Promise<SessionsEnded> {
    await this.dataSource.transaction(async (m) => {
      if (!(await this.sessions.revokeUserFamily(m, principal.userId, familyId, 'ended_by_user'))) throw new NotFoundDetail();
      await this.audit.write({ type: 'user', event_type: 'session_ended', user_id: principal.userId, log_data: { family_id: familyId, ip: principal.ip, userAgent: principal.userAgent } }, m);
    });
    return { detail: SESSION_MESSAGES.sessionEnded, ended: 1 };
  }

  /** Ends every session of the caller but the one making this request. */
  async endOthers(principal: Principal): Promise<SessionsEnded> {
    const ended = await this.dataSource.transaction(async (m) => {
      const count = await this.sessions.revokeUserSessions(m, principal.userId, 'ended_by_user', principal.familyId);
      await this.audit.write({ type: 'user', event_type: 'other_sessions_ended', user_id: principal.userId, log_data: { ended: count, ip: principal.ip, userAgent: principal.userAgent } }, m);
      return count;
    });
    return { detail: SESSION_MESSAGES.otherSessionsEnded, ended };
  }

  /** A manager ends one session of another user, whose group must be within the manager's levels. */
  async endOneOf(principal: Principal, userId: number, familyId: string): Promise<SessionsEnded> {
    await this.asManager(principal, userId, async (m) => {
      if (!(await this.sessions.revokeUserFamily(m, userId, familyId, 'ended_by_admin'))) throw new NotFoundDetail();
      await this.audit.write({ type: 'user', event_type: 'user_session_ended', user_id: principal.userId, log_data: { target_user_id: userId, family_id: familyId } }, m);
    });
    return { detail: SESSION_MESSAGES.sessionEnded, ended: 1 };
  }

  /** A manager ends every session of another user (a lost laptop): each stops at its next request. */
  async endAllOf(principal: Principal, userId: number): Promise<SessionsEnded> {
    const ended = await this.asManager(principal, userId, async (m) => {
      const count = await this.sessions.revokeUserSessions(m, userId, 'ended_by_admin');
      await this.audit.write({ type: 'user', event_type: 'user_sessions_ended', user_id: principal.userId, log_data: { target_user_id: userId, ended: count } }, m);
      return count;
    });
    return { detail: SESSION_MESSAGES.userSessionsEnded, ended };
  }

  /**
   * The checks of every change to another user's standing: not oneself (the users screen would sign its
   * own caller out), the user exists, and its group is within the actor's levels as they are now.
   */
  private async asManager<T>(principal: Principal, userId: number, change: (m: EntityManager) => Promise<T>): Promise<T> {
    if (userId === principal.userId) throw new BadRequestDetail(SESSION_MESSAGES.ownSessionsFromAccount);
    return this.privileges.change(principal, async (m, actor) => {
      await this.assertManages(m, actor, userId, OWN_MESSAGES.userBeyondOwn);
      return change(m);
    });
  }

  /**
   * The one rule of reads and writes of another user's sessions: the user exists (404) and its group is
   * within the actor's levels (403), so a manager below the administrators neither ends nor reads theirs.
   */
  private async assertManages(m: EntityManager, actor: PermHolder, userId: number, message: string): Promise<void> {
    const target = foundOr404(await this.users.find(m, userId));
    assertWithinActor(actor, await this.privileges.groupPerms(m, target.group_id), message);
  }
}

function toSession(row: LiveSessionRow, currentFamilyId: string | null): UserSession {
  return {
    id: row.id,
    ...describeUserAgent(row.user_agent),
    address: row.address,
    signed_in_at: row.signed_in_at.toISOString(),
    last_active_at: row.last_active_at.toISOString(),
    is_current: row.id === currentFamilyId,
  };
}

function toAttempt(row: HistoryRow): SignInAttempt {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    address: row.address ?? '',
    ...describeUserAgent(row.user_agent),
    outcome: signInOutcome(row.event_type, row.reason),
  };
}
