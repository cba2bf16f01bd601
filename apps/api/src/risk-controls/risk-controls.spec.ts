import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeChange, intervalMessage, liveStreamKey, OWN_MESSAGES, RISK_CONTROL_MESSAGES as M } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { makeOrder } from '../test/trading-fixtures';

const P = '/api/v2/strategies/risk-controls/';

describe('risk control triggers', () => {
  let ctx: TestContext;
  let full: string;
  let none: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    full = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'risk_control', status: 'Full' }] })).id)).access;
    none = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'risk_control', status: 'NP' }] })).id)).access;
  });
  afterAll(() => ctx?.close());

  const post = (body: object, status: number) => ctx.http().post(P).set(...auth(full)).send(body).expect(status);
  const put = (id: number, body: object, status: number) => ctx.http().put(`${P}${id}/`).set(...auth(full)).send(body).expect(status);
  const list = async (qs = '') => (await ctx.http().get(`${P}?page_size=500${qs}`).set(...auth(full)).expect(200)).body;
  const hard = { trigger_type: 'nav_reducing', trigger_blocker: 20, timer: 30, position_reduce: 25, x_percent_depo: 10, y_percent_depo: 5 };

  it('the Add form: kind, blocker and timer required for both kinds, the reduce fields only for Hard Risk Control', async () => {
    expect((await post({}, 400)).body).toEqual({ trigger_type: [M.kindBlank], trigger_blocker: [M.blockerBlank], timer: [M.timerBlank] });
    expect((await post({ trigger_type: 'nav_reducing' }, 400)).body).toEqual({
      trigger_blocker: [M.blockerBlank],
      timer: [M.timerBlank],
      position_reduce: [M.positionReduceBlank],
      x_percent_depo: [M.xPercentBlank],
      y_percent_depo: [M.yPercentBlank],
    });
    expect((await post({ trigger_type: 'nav', trigger_blocker: 1, timer: 1 }, 400)).body).toEqual({ trigger_type: [M.kindBlank] });
    expect((await post({ ...hard, trigger_blocker: 101, timer: 301, position_reduce: -1 }, 400)).body).toEqual({
      trigger_blocker: [intervalMessage(0, 100)],
      timer: [intervalMessage(0, 300)],
      position_reduce: [intervalMessage(0, 100)],
    });
  });

  it('creates both kinds; NAV Alerting drops the reduce fields; each create leaves a user log row', async () => {
    const created = (await post({ ...hard, is_active: true }, 201)).body;
    expect(created).toMatchObject({ trigger_name: 'Hard Risk Control', trigger_type: 'nav_reducing', trigger_blocker: 20, timer: 30, position_reduce: 25, x_percent_depo: 10, y_percent_depo: 5, is_active: true, is_show: true, group_profiles: [] });
    const alerting = (await post({ ...hard, trigger_type: 'nav_alerting', trigger_name: 'Watch NAV' }, 201)).body;
    expect(alerting).toMatchObject({ trigger_name: 'Watch NAV', trigger_type: 'nav_alerting', alert: true, position_reduce: null, x_percent_depo: null, y_percent_depo: null, is_active: false });
    const logs = await ctx.db.query(`SELECT type FROM logs WHERE event_type = 'risk_trigger_created' AND (log_data->>'risk_trigger_id')::int = ANY($1)`, [[created.id, alerting.id]]);
    expect(logs).toEqual([{ type: 'user' }, { type: 'user' }]);
  });

  it('edits a value within its type’s range; NAV Alerting takes no reduce field', async () => {
    const impLoss = (await ctx.db.query(`INSERT INTO risk_triggers (trigger_name, trigger_type, trigger_blocker) VALUES ('Imp', 'imp_loss', -10) RETURNING id`))[0].id;
    expect((await put(impLoss, { trigger_blocker: 5 }, 400)).body).toEqual({ trigger_blocker: [intervalMessage(-100, 0)] });
    expect((await put(impLoss, { trigger_blocker: -55.5, trigger_unblocker: -20 }, 200)).body).toMatchObject({ trigger_blocker: -55.5, trigger_unblocker: -20 });
    const timerType = (await ctx.db.query(`INSERT INTO risk_triggers (trigger_name, trigger_type, trigger_blocker) VALUES ('Timer', 'timer', 10) RETURNING id`))[0].id;
    expect((await put(timerType, { trigger_blocker: 3001 }, 400)).body).toEqual({ trigger_blocker: [intervalMessage(0, 3000)] });
    expect((await put(timerType, { trigger_blocker: 2999, timer: 120, rules: 'Stop new signals' }, 200)).body).toMatchObject({ trigger_blocker: 2999, timer: 120, rules: 'Stop new signals' });
    const alerting = (await post({ trigger_type: 'nav_alerting', trigger_blocker: 5, timer: 10 }, 201)).body;
    expect((await put(alerting.id, { position_reduce: 10 }, 400)).body).toEqual({ position_reduce: [M.noReduceForAlerting] });
    expect((await put(alerting.id, { trigger_blocker: 'x' }, 400)).body).toEqual({ trigger_blocker: [M.valueInvalid] });
    expect((await put(alerting.id, {}, 400)).body).toEqual({ detail: M.editEmpty });
    await put(2_000_000, { is_active: true }, 404);
    const [log] = await ctx.db.query(`SELECT log_data FROM logs WHERE event_type = 'risk_trigger_updated' AND (log_data->>'risk_trigger_id')::int = $1 ORDER BY id LIMIT 1`, [impLoss]);
    expect(log.log_data).toMatchObject({ before: { trigger_blocker: -10 }, after: { trigger_blocker: -55.5 } });
  });

  it('announces a created and an edited trigger on the live stream, and an edit that changed nothing not at all', async () => {
    const key = liveStreamKey(ctx.config.redisPrefix);
    const since = async () => (await ctx.redis.xrevrange(key, '+', '-', 'COUNT', 1))[0]?.[0] ?? '0-0';
    const changesAfter = async (id: string) =>
      (await ctx.redis.xrange(key, `(${id}`, '+')).map(([entry, fields]) => decodeChange(entry, fields)).filter((c) => c?.resource === 'risk-controls');
    let mark = await since();
    const created = (await post({ ...hard, trigger_name: 'Live NAV' }, 201)).body;
    expect(await changesAfter(mark)).toEqual([expect.objectContaining({ action: 'created', section: 'risk_control', ids: [String(created.id)] })]);
    mark = await since();
    await put(created.id, { timer: 45 }, 200);
    await put(created.id, { timer: 45 }, 200);
    expect(await changesAfter(mark)).toEqual([expect.objectContaining({ action: 'updated', section: 'risk_control', ids: [String(created.id)] })]);
  });

  it('toggles active and visibility; hidden triggers show only with show_hide=true; groups are strategy profiles', async () => {
    const trigger = (await post({ ...hard, trigger_name: 'Hide me' }, 201)).body;
    expect((await put(trigger.id, { is_active: true, is_show: false }, 200)).body).toMatchObject({ is_active: true, is_show: false });
    const names = (body: { results: { trigger_name: string }[] }) => body.results.map((r) => r.trigger_name);
    expect(names(await list())).not.toContain('Hide me');
    expect(names(await list('&show_hide=true'))).toContain('Hide me');
    const ids = (await list('&show_hide=true')).results.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));

    const { profileId } = await makeOrder(ctx.db);
    const groups = (await ctx.http().get(`${P}groups/?id__in=${profileId}`).set(...auth(full)).expect(200)).body;
    expect(groups.results).toEqual([{ id: profileId, title: expect.any(String) }]);
    expect((await put(trigger.id, { group_profiles: [profileId] }, 200)).body.group_profiles).toEqual([profileId]);
    expect((await put(trigger.id, { group_profiles: [profileId, 1_999_999] }, 400)).body).toEqual({ group_profiles: [M.profileUnknown] });
    expect((await put(trigger.id, { group_profiles: [] }, 200)).body.group_profiles).toEqual([]);
    expect((await ctx.http().get(`${P}?show_hide=maybe`).set(...auth(full)).expect(400)).body).toEqual({ show_hide: [OWN_MESSAGES.booleanExpected] });
    await ctx.http().get(P).set(...auth(none)).expect(403);
    await ctx.http().post(P).set(...auth(none)).send(hard).expect(403);
  });

  it('the group picker pages its profiles by title, searches them, names picked ids and leaves drafts out', async () => {
    const stamp = Date.now();
    const titles = [`Group pick ${stamp} c`, `Group pick ${stamp} a`, `Group pick ${stamp} b`];
    const { profileId } = await makeOrder(ctx.db);
    const copy = `INSERT INTO strategy_profiles (title, status, profile_direction, exchange_account_id, mm_profile_id, ticker_config_id)
      SELECT $1, 'inactive', 'long', exchange_account_id, mm_profile_id, ticker_config_id FROM strategy_profiles WHERE id = $2 RETURNING id`;
    const ids: number[] = [];
    for (const title of titles) {
      const [row]: { id: number }[] = await ctx.db.query(copy, [title, profileId]);
      ids.push(row!.id);
    }
    await ctx.db.query(`INSERT INTO strategy_profiles (title, status, profile_direction) VALUES ($1, 'draft', 'long')`, [`Group pick ${stamp} draft`]);
    const groups = async (qs: string) => (await ctx.http().get(`${P}groups/?${qs}`).set(...auth(full)).expect(200)).body;

    const first = await groups(`search=${encodeURIComponent(`Group pick ${stamp}`)}&page_size=2`);
    expect(first.count).toBe(3);
    expect(first.results.map((r: { title: string }) => r.title)).toEqual([titles[1], titles[2]]);
    expect(first.next).toMatch(/page=2/);
    const second = await groups(`search=${encodeURIComponent(`Group pick ${stamp}`)}&page_size=2&page=2`);
    expect(second.results.map((r: { title: string }) => r.title)).toEqual([titles[0]]);
    expect(second.next).toBeNull();

    // By title, as every page of the picker.
    expect((await groups(`id__in=${ids[0]},${ids[2]}`)).results).toEqual([
      { id: ids[2], title: titles[2] },
      { id: ids[0], title: titles[0] },
    ]);
    expect((await ctx.http().get(`${P}groups/?id__in=1,x`).set(...auth(full)).expect(400)).body).toEqual({ id__in: [M.groupIdsInvalid] });
    await ctx.http().get(`${P}groups/`).set(...auth(none)).expect(403);
  });
});
