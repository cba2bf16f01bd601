import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrResetAdmin } from '../privileges/users/admin-account';
import { createTestApp, TestContext } from '../test/harness';
import { auth, fullAccessToken, makeGroup, makeUser, sessionFor } from '../test/factories';

const ME = '/api/v2/users/current-user/';
const REFRESH = '/api/v2/users/token-refresh/';

/**
 * What the guard's one-query session check guarantees: a change to a user's standing applies to the
 * access tokens already handed out, on the very next request, with no wait for them to expire.
 */
describe('the session check on the next request', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await fullAccessToken(ctx);
  });
  afterAll(() => ctx.close());

  it('deactivation revokes every session: the tokens stay refused even once the user is active again', async () => {
    const user = await makeUser(ctx.db);
    const first = await sessionFor(ctx, user.id);
    const second = await sessionFor(ctx, user.id);
    await ctx.http().get(ME).set(...auth(first.access)).expect(200);
    await ctx.http().delete(`/api/v2/users/users/${user.id}/`).set(...auth(admin)).expect(204);
    await ctx.http().get(ME).set(...auth(first.access)).expect(401);
    // Made active again (an operator's repair): the sessions were ended, not only suspended.
    await ctx.db.query(`UPDATE users SET is_active = true WHERE id = $1`, [user.id]);
    for (const pair of [first, second]) {
      await ctx.http().get(ME).set(...auth(pair.access)).expect(401);
      await ctx.http().post(REFRESH).send({ refresh: pair.refresh }).expect(401);
    }
  });

  it('an inactive user is refused even with a session that was never revoked', async () => {
    const user = await makeUser(ctx.db);
    const pair = await sessionFor(ctx, user.id);
    await ctx.http().get(ME).set(...auth(pair.access)).expect(200);
    await ctx.db.query(`UPDATE users SET is_active = false WHERE id = $1`, [user.id]);
    await ctx.http().get(ME).set(...auth(pair.access)).expect(401);
  });

  it("a password change ends the user's other sessions on their next request; the one that changed it goes on", async () => {
    const user = await makeUser(ctx.db);
    const own = await sessionFor(ctx, user.id);
    const other = await sessionFor(ctx, user.id);
    await ctx.http().get(ME).set(...auth(other.access)).expect(200);
    await ctx
      .http()
      .put(`/api/v2/users/users/${user.id}/`)
      .set(...auth(own.access))
      .send({ email: user.email, old_password: user.password, new_password: 'N3w!Password' })
      .expect(200);
    await ctx.http().get(ME).set(...auth(other.access)).expect(401);
    await ctx.http().post(REFRESH).send({ refresh: other.refresh }).expect(401);
    await ctx.http().get(ME).set(...auth(own.access)).expect(200);
  });

  it("the CLI's admin reset ends the account's sessions on their next request", async () => {
    const user = await makeUser(ctx.db);
    const pair = await sessionFor(ctx, user.id);
    await ctx.http().get(ME).set(...auth(pair.access)).expect(200);
    await createOrResetAdmin(ctx.db, user.email, 'R3set!Password');
    await ctx.http().get(ME).set(...auth(pair.access)).expect(401);
    await ctx.http().post(REFRESH).send({ refresh: pair.refresh }).expect(401);
  });

  it("a change of the group's privileges applies to its members' next request, in the guard and in current-user", async () => {
    const group = await makeGroup(ctx.db, { perms: [{ section_name: 'logs', status: 'Full' }] });
    const member = await makeUser(ctx.db, { groupId: group.id });
    const token = (await sessionFor(ctx, member.id)).access;
    await ctx.http().get('/api/v2/logs/').set(...auth(token)).expect(200);

    await ctx.http().put(`/api/v2/users/groups/${group.id}/`).set(...auth(admin)).send({ name: 'Renamed', perms: [{ section_name: 'logs', status: 'NP' }] }).expect(200);
    await ctx.http().get('/api/v2/logs/').set(...auth(token)).expect(403);
    const lowered = await ctx.http().get(ME).set(...auth(token)).expect(200);
    expect(lowered.body.group.name).toBe('Renamed');
    expect(lowered.body.group.perms.find((p: { section_name: string }) => p.section_name === 'logs').status).toBe('NP');

    await ctx.http().put(`/api/v2/users/groups/${group.id}/`).set(...auth(admin)).send({ name: 'Renamed', perms: [{ section_name: 'logs', status: 'Full' }] }).expect(200);
    await ctx.http().get('/api/v2/logs/').set(...auth(token)).expect(200);
  });

  it("current-user answers the caller's own row from the session check", async () => {
    const group = await makeGroup(ctx.db, { perms: [{ section_name: 'logs', status: 'Limited', fields: ['type'] }] });
    const member = await makeUser(ctx.db, { groupId: group.id });
    const token = (await sessionFor(ctx, member.id)).access;
    const me = await ctx.http().get(ME).set(...auth(token)).expect(200);
    expect(me.body).toMatchObject({ id: member.id, email: member.email, is_active: true, group: { id: group.id, name: group.name } });
    expect(me.body.group.perms.find((p: { section_name: string }) => p.section_name === 'logs')).toMatchObject({ status: 'Limited', fields: ['type'] });

    const loner = await makeUser(ctx.db, { groupId: null });
    const alone = await ctx.http().get(ME).set(...auth((await sessionFor(ctx, loner.id)).access)).expect(200);
    expect(alone.body).toEqual({ id: loner.id, email: loner.email, is_active: true, group: null });
  });
});
