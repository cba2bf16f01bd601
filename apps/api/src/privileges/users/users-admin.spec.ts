import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, OWN_MESSAGES, permsAll } from '@console/contracts';
import { createTestApp, TestContext } from '../../test/harness';
import { auth, makeGroup, makeUser, sessionFor, uniqueEmail } from '../../test/factories';

const U = '/api/v2/users/users/';

describe('user management', () => {
  let ctx: TestContext;
  let admin: string;
  let adminId: number;
  let groupId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    const user = await makeUser(ctx.db, { perms: permsAll('Full') });
    adminId = user.id;
    admin = (await sessionFor(ctx, user.id)).access;
    groupId = (await makeGroup(ctx.db, { perms: [{ section_name: 'logs', status: 'Full' }] })).id;
  });
  afterAll(() => ctx.close());

  it('creates a user who can then sign in', async () => {
    const email = uniqueEmail('new');
    const res = await ctx.http().post(U).set(...auth(admin)).send({ email, password: 'abc123!x', group: groupId }).expect(201);
    expect(res.body).toMatchObject({ email, is_active: true, group: { id: groupId } });
    await ctx.http().post('/api/v2/users/login/').send({ email, password: 'abc123!x' }).expect(200);
    const [row] = await ctx.db.query(`SELECT password_hash FROM users WHERE id = $1`, [res.body.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('applies the new-user rules and messages', async () => {
    const post = (body: object) => ctx.http().post(U).set(...auth(admin)).send({ email: uniqueEmail(), password: 'abc123!x', group: groupId, ...body });
    expect((await post({ email: 'bad' }).expect(400)).body).toEqual({ email: [MESSAGES.emailInvalid] });
    expect((await post({ email: '' }).expect(400)).body).toEqual({ email: [MESSAGES.emailBlank] });
    expect((await post({ password: 'abcdefgh' }).expect(400)).body).toEqual({ password: [OWN_MESSAGES.newUserPasswordRules] });
    expect((await post({ password: 'ab1!' }).expect(400)).body).toEqual({ password: [OWN_MESSAGES.newUserPasswordRules] });
    expect((await post({ group: undefined }).expect(400)).body).toEqual({ group: [OWN_MESSAGES.groupRequired] });
    expect((await post({ group: 999999 }).expect(400)).body).toEqual({ group: [OWN_MESSAGES.groupRequired] });
    const existing = await makeUser(ctx.db, { groupId });
    expect((await post({ email: existing.email.toUpperCase() }).expect(400)).body).toEqual({ email: [OWN_MESSAGES.emailTaken] });
  });

  it('changes a group with update_user; it applies on the next request and is logged with before and after', async () => {
    const member = await makeUser(ctx.db, { groupId });
    const token = (await sessionFor(ctx, member.id)).access;
    await ctx.http().get('/api/v2/logs/').set(...auth(token)).expect(200);
    const noLogs = await makeGroup(ctx.db, { perms: [] });
    const res = await ctx.http().put(`${U}${member.id}/update_user/`).set(...auth(admin)).send({ group: noLogs.id }).expect(200);
    expect(res.body.group).toEqual({ id: noLogs.id, name: noLogs.name });
    await ctx.http().get('/api/v2/logs/').set(...auth(token)).expect(403);
    const [log] = await ctx.db.query(`SELECT log_data FROM logs WHERE event_type = 'user_group_changed' ORDER BY id DESC LIMIT 1`);
    expect(log.log_data.before.group.id).toBe(groupId);
    expect(log.log_data.after.group.id).toBe(noLogs.id);
  });

  it('delete deactivates, keeps the row and ends the sessions at once', async () => {
    const member = await makeUser(ctx.db, { groupId });
    const pair = await sessionFor(ctx, member.id);
    await ctx.http().delete(`${U}${member.id}/`).set(...auth(admin)).expect(204);
    await ctx.http().get('/api/v2/users/current-user/').set(...auth(pair.access)).expect(401);
    await ctx.http().post('/api/v2/users/token-refresh/').send({ refresh: pair.refresh }).expect(401);
    const list = await ctx.http().get(`${U}?page_size=500`).set(...auth(admin)).expect(200);
    expect(list.body.results.find((u: { id: number }) => u.id === member.id)).toMatchObject({ is_active: false });
    await ctx.http().delete(`${U}${adminId}/`).set(...auth(admin)).expect(400);
  });

  it('lists 40 per page by default', async () => {
    for (let i = 0; i < 41; i++) await ctx.db.query(`INSERT INTO users (email, password_hash, group_id) VALUES ($1, 'x', $2)`, [uniqueEmail('bulk'), groupId]);
    const first = await ctx.http().get(U).set(...auth(admin)).expect(200);
    expect(first.body.results).toHaveLength(40);
    expect(first.body.next).toMatch(/page=2/);
    expect(first.body.count).toBeGreaterThan(40);
  });
});
