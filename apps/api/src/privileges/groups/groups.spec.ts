import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, OWN_MESSAGES, permsAll, SECTIONS } from '@console/contracts';
import { createTestApp, TestContext } from '../../test/harness';
import { auth, makeGroup, makeUser, sessionFor } from '../../test/factories';

const G = '/api/v2/users/groups/';

describe('privilege groups', () => {
  let ctx: TestContext;
  let admin: string;
  let adminId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    const user = await makeUser(ctx.db, { perms: permsAll('Full') });
    adminId = user.id;
    admin = (await sessionFor(ctx, user.id)).access;
  });
  afterAll(() => ctx.close());

  const post = (body: object) => ctx.http().post(G).set(...auth(admin)).send(body);
  const perm = (res: { body: { perms: { section_name: string }[] } }, section: string) => res.body.perms.find((p) => p.section_name === section);

  it('creates a group with one perm per section; absent sections read as NP', async () => {
    const res = await post({ name: 'Traders', perms: [{ section_name: 'logs', status: 'Limited', fields: ['type', 'pair_name'] }] }).expect(201);
    expect(res.body.perms).toHaveLength(SECTIONS.length);
    expect(perm(res, 'logs')).toMatchObject({ status: 'Limited', fields: ['type', 'pair_name'], filtering: true, sorting: true });
    expect(perm(res, 'users')).toMatchObject({ status: 'NP' });
    const logged = await ctx.db.query(`SELECT log_data FROM logs WHERE event_type = 'group_created' AND user_id = $1`, [adminId]);
    expect(logged[0].log_data.after.name).toBe('Traders');
  });

  it('requires a unique name', async () => {
    expect((await post({ name: '', perms: [] }).expect(400)).body).toEqual({ name: [MESSAGES.groupNameRequired] });
    expect((await post({ perms: [] }).expect(400)).body).toEqual({ name: [MESSAGES.groupNameRequired] });
    await post({ name: 'Unique-One', perms: [] }).expect(201);
    expect((await post({ name: 'unique-one', perms: [] }).expect(400)).body).toEqual({ name: [OWN_MESSAGES.groupNameTaken] });
  });

  it('accepts only the allowed levels of each section, and a status for each', async () => {
    const readOnlyUsers = await post({ name: 'Bad levels', perms: [{ section_name: 'users', status: 'ReadOnly' }] }).expect(400);
    expect(readOnlyUsers.body).toEqual({ 'perms.0.status': [OWN_MESSAGES.levelNotAllowed] });
    const limitedApaOk = await post({ name: 'APA limited', perms: [{ section_name: 'APA', status: 'Limited', fields: ['reduce_p'] }] }).expect(201);
    expect(perm(limitedApaOk, 'APA')).toMatchObject({ status: 'Limited', fields: ['reduce_p'] });
    const noStatus = await post({ name: 'No status', perms: [{ section_name: 'logs' }] }).expect(400);
    expect(noStatus.body['perms.0.status']).toEqual([MESSAGES.fieldRequired]);
    await post({ name: 'Unknown section', perms: [{ section_name: 'nope', status: 'Full' }] }).expect(400);
    await post({ name: 'Twice', perms: [{ section_name: 'logs', status: 'Full' }, { section_name: 'logs', status: 'NP' }] }).expect(400);
  });

  it('refuses a Limited APA gate without the fields its action writes, with the reason, on create and on update', async () => {
    const gateOnly = { section_name: 'APA', status: 'Limited', fields: ['ticker', 'skip_check_k_exit', 'skip_check_by_timer'] };
    const refused = await post({ name: 'Gate alone', perms: [{ section_name: 'logs', status: 'Full' }, gateOnly] }).expect(400);
    expect(refused.body).toEqual({ 'perms.1.fields': [OWN_MESSAGES.gateNeedsFields('skip_check_k_exit', ['skip_check_by_timer', 'skip_check_by_distance'])] });
    expect(await ctx.db.query(`SELECT 1 FROM groups WHERE name = 'Gate alone'`)).toHaveLength(0);
    const usable = { ...gateOnly, fields: [...gateOnly.fields, 'skip_check_by_distance'] };
    const created = await post({ name: 'Gate and fields', perms: [usable] }).expect(201);
    expect(perm(created, 'APA')).toMatchObject({ status: 'Limited', fields: usable.fields });
    const update = await ctx.http().put(`${G}${created.body.id}/`).set(...auth(admin)).send({ perms: [gateOnly] }).expect(400);
    expect(Object.keys(update.body)).toEqual(['perms.0.fields']);
  });

  it('NP clears fields, turns filtering and sorting off, and sets finished-only for signals', async () => {
    const res = await post({
      name: 'All off',
      perms: [
        { section_name: 'signals', status: 'NP', fields: ['pair'], filtering: true, sorting: true, is_only_finished: false },
        { section_name: 'logs', status: 'NP', fields: ['type'] },
      ],
    }).expect(201);
    expect(perm(res, 'signals')).toMatchObject({ status: 'NP', fields: [], filtering: false, sorting: false, is_only_finished: true });
    expect(perm(res, 'logs')).toMatchObject({ fields: [], filtering: false });
  });

  it('resets signals_count to 200 when the signals status changes, keeps it otherwise', async () => {
    const created = await post({ name: 'Signals', perms: [{ section_name: 'signals', status: 'Limited', signals_count: 50 }] }).expect(201);
    expect(perm(created, 'signals')).toMatchObject({ signals_count: 200 });
    const id = created.body.id;
    const same = await ctx.http().put(`${G}${id}/`).set(...auth(admin)).send({ perms: [{ section_name: 'signals', status: 'Limited', signals_count: 50 }] }).expect(200);
    expect(perm(same, 'signals')).toMatchObject({ signals_count: 50 });
    const changed = await ctx.http().put(`${G}${id}/`).set(...auth(admin)).send({ perms: [{ section_name: 'signals', status: 'Full', signals_count: 50 }] }).expect(200);
    expect(perm(changed, 'signals')).toMatchObject({ status: 'Full', signals_count: 200 });
    const log = await ctx.db.query(`SELECT log_data FROM logs WHERE event_type = 'group_updated' ORDER BY id DESC LIMIT 1`);
    expect(log[0].log_data.before.perms.find((p: { section_name: string }) => p.section_name === 'signals').status).toBe('Limited');
    expect(log[0].log_data.after.perms.find((p: { section_name: string }) => p.section_name === 'signals').status).toBe('Full');
  });

  it('lists, reads, and 404s a missing group', async () => {
    const list = await ctx.http().get(G).set(...auth(admin)).expect(200);
    expect(list.body).toMatchObject({ count: expect.any(Number), previous: null });
    expect(list.body.results.length).toBeGreaterThan(0);
    await ctx.http().get(`${G}${list.body.results[0].id}/`).set(...auth(admin)).expect(200);
    await ctx.http().get(`${G}999999/`).set(...auth(admin)).expect(404);
  });

  it('refuses to delete a group that still has users, and deletes an empty one', async () => {
    const group = await makeGroup(ctx.db, { perms: [] });
    const member = await makeUser(ctx.db, { groupId: group.id });
    const refused = await ctx.http().delete(`${G}${group.id}/`).set(...auth(admin)).expect(400);
    expect(refused.body).toEqual({ detail: OWN_MESSAGES.groupHasUsers });
    await ctx.db.query(`UPDATE users SET is_active = false WHERE id = $1`, [member.id]);
    await ctx.http().delete(`${G}${group.id}/`).set(...auth(admin)).expect(204);
    await ctx.http().get(`${G}${group.id}/`).set(...auth(admin)).expect(404);
  });

  it('a change to a group applies on its users’ next request', async () => {
    const group = await makeGroup(ctx.db, { perms: [{ section_name: 'logs', status: 'Full' }] });
    const member = await makeUser(ctx.db, { groupId: group.id });
    const token = (await sessionFor(ctx, member.id)).access;
    await ctx.http().get('/api/v2/logs/').set(...auth(token)).expect(200);
    await ctx.http().put(`${G}${group.id}/`).set(...auth(admin)).send({ perms: [{ section_name: 'logs', status: 'NP' }] }).expect(200);
    await ctx.http().get('/api/v2/logs/').set(...auth(token)).expect(403);
  });

  it('writes nothing when the audit row cannot be written', async () => {
    // Break the log table for this transaction only: the group insert must roll back with it.
    await ctx.db.query(`ALTER TABLE logs ADD CONSTRAINT no_group_created CHECK (event_type <> 'group_created') NOT VALID`);
    try {
      await post({ name: 'Never saved', perms: [] }).expect(500);
      const rows = await ctx.db.query(`SELECT 1 FROM groups WHERE name = 'Never saved'`);
      expect(rows).toHaveLength(0);
    } finally {
      await ctx.db.query(`ALTER TABLE logs DROP CONSTRAINT no_group_created`);
    }
  });
});
