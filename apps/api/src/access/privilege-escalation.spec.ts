/**
 * The access matrix's escalation cases: privileges cannot be raised from inside. Each case is one of the
 * requests that used to succeed: moving oneself into Administrators, raising one's own group, emptying
 * the Administrators group, deactivating every administrator, leaving the console without one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completePerms, ERROR_CODES, OWN_MESSAGES, Perm, permsAll } from '@console/contracts';
import { GroupsService } from '../privileges/groups/groups.service';
import { UsersAdminService } from '../privileges/users/users-admin.service';
import type { Principal } from './principal';
import { auth, makeGroup, makeUser, sessionFor, TestUser } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';

const U = '/api/v2/users/users/';
const G = '/api/v2/users/groups/';

/** Every section NP but the named ones at the given levels. */
const only = (levels: Record<string, Perm['status']>): Partial<Perm>[] =>
  permsAll('NP').map((p) => (levels[p.section_name!] ? { ...p, status: levels[p.section_name!] } : p));

describe('privileges cannot be raised from inside', () => {
  let ctx: TestContext;
  let adminGroup: { id: number };
  let admin: TestUser;
  let adminToken: string;
  const tokenOf = async (user: TestUser) => (await sessionFor(ctx, user.id)).access;

  beforeAll(async () => {
    ctx = await createTestApp();
    adminGroup = await makeGroup(ctx.db, { name: 'Administrators', perms: permsAll('Full') });
    admin = await makeUser(ctx.db, { groupId: adminGroup.id });
    adminToken = await tokenOf(admin);
  });
  afterAll(() => ctx.close());

  it('nobody changes their own group: a users manager cannot move into Administrators, an administrator cannot move out', async () => {
    const manager = await makeUser(ctx.db, { perms: only({ users: 'Full' }) });
    const moved = await ctx.http().put(`${U}${manager.id}/update_user/`).set(...auth(await tokenOf(manager))).send({ group: adminGroup.id }).expect(403);
    expect(moved.body).toEqual({ detail: OWN_MESSAGES.ownGroupChange });

    const nothing = await makeGroup(ctx.db, { perms: permsAll('NP') });
    const out = await ctx.http().put(`${U}${admin.id}/update_user/`).set(...auth(adminToken)).send({ group: nothing.id }).expect(403);
    expect(out.body).toEqual({ detail: OWN_MESSAGES.ownGroupChange });
    const [row] = await ctx.db.query(`SELECT group_id FROM users WHERE id = $1`, [admin.id]);
    expect(row.group_id).toBe(adminGroup.id);
  });

  it('a groups manager can neither raise its own group nor edit or empty a group above it', async () => {
    const managerGroup = await makeGroup(ctx.db, { perms: only({ groups: 'Full', pairs: 'ReadOnly' }) });
    const manager = await makeUser(ctx.db, { groupId: managerGroup.id });
    const token = await tokenOf(manager);

    const raised = await ctx.http().put(`${G}${managerGroup.id}/`).set(...auth(token)).send({ perms: permsAll('Full') }).expect(403);
    expect(raised.body).toEqual({ detail: OWN_MESSAGES.grantBeyondOwn });
    const emptied = await ctx.http().put(`${G}${adminGroup.id}/`).set(...auth(token)).send({ perms: permsAll('NP') }).expect(403);
    expect(emptied.body).toEqual({ detail: OWN_MESSAGES.groupBeyondOwn });
    await ctx.http().delete(`${G}${adminGroup.id}/`).set(...auth(token)).expect(403);
    const created = await ctx.http().post(G).set(...auth(token)).send({ name: 'Wider', perms: only({ groups: 'Full', logs: 'Full' }) }).expect(403);
    expect(created.body).toEqual({ detail: OWN_MESSAGES.grantBeyondOwn });

    // Within its own levels it works: a group with less, and lowering its own.
    await ctx.http().post(G).set(...auth(token)).send({ name: 'Narrower', perms: only({ pairs: 'ReadOnly' }) }).expect(201);
    await ctx.http().put(`${G}${managerGroup.id}/`).set(...auth(token)).send({ perms: [{ section_name: 'pairs', status: 'NP' }] }).expect(200);
    const [admins] = await ctx.db.query(`SELECT perms FROM groups WHERE id = $1`, [adminGroup.id]);
    expect(admins.perms.every((p: Perm) => p.status === 'Full')).toBe(true);
  });

  it('a users manager cannot deactivate an administrator, nor put anyone in a group above its own', async () => {
    const manager = await makeUser(ctx.db, { perms: only({ users: 'Full', pairs: 'ReadOnly' }) });
    const token = await tokenOf(manager);
    const other = await makeUser(ctx.db, { groupId: adminGroup.id });

    const deactivated = await ctx.http().delete(`${U}${other.id}/`).set(...auth(token)).expect(403);
    expect(deactivated.body).toEqual({ detail: OWN_MESSAGES.userBeyondOwn });
    const [still] = await ctx.db.query(`SELECT is_active FROM users WHERE id = $1`, [other.id]);
    expect(still.is_active).toBe(true);

    const peer = await makeUser(ctx.db, { perms: only({ pairs: 'ReadOnly' }) });
    const promoted = await ctx.http().put(`${U}${peer.id}/update_user/`).set(...auth(token)).send({ group: adminGroup.id }).expect(403);
    expect(promoted.body).toEqual({ detail: OWN_MESSAGES.grantBeyondOwn });
    const hired = await ctx.http().post(U).set(...auth(token)).send({ email: 'hired@example.com', password: 'abc123!x', group: adminGroup.id }).expect(403);
    expect(hired.body).toEqual({ detail: OWN_MESSAGES.grantBeyondOwn });
    await ctx.http().post(U).set(...auth(token)).send({ email: 'hired@example.com', password: 'abc123!x', group: peer.groupId }).expect(201);

    // Without the groups section it still gets the groups it may grant, by name, and only those.
    await ctx.http().get(G).set(...auth(token)).expect(403);
    const options = await ctx.http().get(`${U}group_options/`).set(...auth(token)).expect(200);
    const ids = options.body.results.map((g: { id: number }) => g.id);
    expect(ids).toContain(peer.groupId);
    expect(ids).not.toContain(adminGroup.id);
    expect(Object.keys(options.body.results[0]).sort()).toEqual(['id', 'name']);
    const all = await ctx.http().get(`${U}group_options/`).set(...auth(adminToken)).expect(200);
    expect(all.body.results.map((g: { id: number }) => g.id)).toContain(adminGroup.id);
  });

  it('judges the actor by its levels when the change runs, not when the request began', async () => {
    // The principal as a request resolved it a moment before an administrator narrowed the group.
    const managerGroup = await makeGroup(ctx.db, { perms: permsAll('Full') });
    const manager = await makeUser(ctx.db, { groupId: managerGroup.id });
    const resolved: Principal = {
      userId: manager.id, email: manager.email, familyId: 'f', secondFactorPassed: true, groupId: managerGroup.id, groupName: 'g',
      perms: completePerms({ perms: permsAll('Full') }), ip: '127.0.0.1', userAgent: 'test',
    };
    await ctx.db.query(`UPDATE groups SET perms = $2::jsonb WHERE id = $1`, [managerGroup.id, JSON.stringify(only({ users: 'Full', groups: 'Full' }))]);
    const peer = await makeUser(ctx.db, { perms: only({ pairs: 'ReadOnly' }) });

    const users = ctx.app.get(UsersAdminService);
    const groups = ctx.app.get(GroupsService);
    await expect(users.changeGroup(resolved, peer.id, adminGroup.id)).rejects.toMatchObject({ response: { detail: OWN_MESSAGES.userBeyondOwn } });
    await expect(users.deactivate(resolved, admin.id)).rejects.toMatchObject({ response: { detail: OWN_MESSAGES.userBeyondOwn } });
    await expect(groups.update(resolved, adminGroup.id, { perms: [] })).rejects.toMatchObject({ response: { detail: OWN_MESSAGES.groupBeyondOwn } });
    await expect(groups.create(resolved, { name: 'Everything', perms: permsAll('Full') })).rejects.toMatchObject({ response: { detail: OWN_MESSAGES.grantBeyondOwn } });

    // Deactivated meanwhile: its changes are refused as its token would be.
    await ctx.db.query(`UPDATE users SET is_active = false WHERE id = $1`, [manager.id]);
    const gone = await users.create(resolved, { email: 'late@example.com', password: 'abc123!x', group: peer.groupId! }).catch((e: unknown) => e);
    expect(gone).toMatchObject({ status: 401, response: { code: ERROR_CODES.tokenNotValid } });
    const [{ n }] = await ctx.db.query(`SELECT count(*)::int AS n FROM users WHERE email = 'late@example.com'`);
    expect(n).toBe(0);
  });

  it('the last active administrator stays: not deactivated, not moved out, and its group loses no level', async () => {
    const fresh = await createTestApp();
    try {
      const group = await makeGroup(fresh.db, { name: 'Administrators', perms: permsAll('Full') });
      const [a, b] = [await makeUser(fresh.db, { groupId: group.id }), await makeUser(fresh.db, { groupId: group.id })];
      const [ta, tb] = [(await sessionFor(fresh, a.id)).access, (await sessionFor(fresh, b.id)).access];

      // Two administrators deactivate each other at the same moment: one of them must stay. Called on the
      // service, so both get past the session check and meet at the lock; the second then finds that its
      // own actor was deactivated by the first, and is refused as a revoked token would be.
      const principal = (user: TestUser): Principal => ({
        userId: user.id, email: user.email, familyId: 'f', secondFactorPassed: true, groupId: group.id, groupName: 'Administrators',
        perms: completePerms({ perms: permsAll('Full') }), ip: '127.0.0.1', userAgent: 'test',
      });
      const users = fresh.app.get(UsersAdminService);
      const outcomes = await Promise.allSettled([users.deactivate(principal(a), b.id), users.deactivate(principal(b), a.id)]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason.getResponse()).toMatchObject({ code: ERROR_CODES.tokenNotValid });
      const [{ n }] = await fresh.db.query(`SELECT count(*)::int AS n FROM users WHERE is_active`);
      expect(n).toBe(1);

      const [{ id: lastId }] = await fresh.db.query(`SELECT id FROM users WHERE is_active`);
      const lastToken = lastId === a.id ? ta : tb;
      const lowered = await fresh.http().put(`${G}${group.id}/`).set(...auth(lastToken)).send({ perms: [{ section_name: 'pairs', status: 'ReadOnly' }] }).expect(400);
      expect(lowered.body).toEqual({ detail: OWN_MESSAGES.lastAdministrator });

      // With a second administrator in another Full group, the first group may lose a level.
      const spare = await makeGroup(fresh.db, { perms: permsAll('Full') });
      await makeUser(fresh.db, { groupId: spare.id });
      await fresh.http().put(`${G}${group.id}/`).set(...auth(lastToken)).send({ perms: [{ section_name: 'pairs', status: 'ReadOnly' }] }).expect(200);
    } finally {
      await fresh.close();
    }
  });
});
