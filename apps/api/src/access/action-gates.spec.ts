import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_NAMES, ACTIONS, fieldsOf, OWN_MESSAGES, WRITE_FIELD_ALIASES, type ActionName, type Perm, type SectionName } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { DeclaredRoute, RouteCatalog } from './access-declarations';

const MISSING_ID = '999999';
type SectionRule = Extract<NonNullable<DeclaredRoute['rule']>, { kind: 'section' }>;

/** The gate fields any declared action needs in a section. */
const gatesIn = (section: SectionName) =>
  ACTION_NAMES.flatMap((name) => ACTIONS[name].rights.flatMap((r) => (r.section === section && 'gate' in r ? [r.gate as string] : [])));

describe('declared actions and Limited writes, derived from the contracts and the routes', () => {
  let ctx: TestContext;
  let routes: (DeclaredRoute & { rule: SectionRule })[];
  const tokens = new Map<string, string>();
  /** Every section NP but one, at Limited with exactly these fields. */
  const limitedOn = async (section: SectionName, fields: string[]) => {
    const key = `${section}:${[...fields].sort().join(',')}`;
    if (!tokens.has(key)) {
      const perms: Partial<Perm>[] = [{ section_name: section, status: 'Limited', fields, filtering: true, sorting: true }];
      tokens.set(key, (await sessionFor(ctx, (await makeUser(ctx.db, { perms })).id)).access);
    }
    return tokens.get(key)!;
  };
  const call = (route: DeclaredRoute, token: string, body: object) => {
    const method = route.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
    return ctx.http()[method](`/api/v2${route.path.replace(/:id/g, MISSING_ID)}`).set(...auth(token)).send(body);
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    routes = ctx.app.get(RouteCatalog).routes().filter((r): r is DeclaredRoute & { rule: SectionRule } => r.rule?.kind === 'section');
  });
  afterAll(() => ctx.close());

  it('routes every declared action, and every action route is a write', () => {
    const routed = new Set(routes.map((r) => r.rule.options.action).filter(Boolean));
    expect(ACTION_NAMES.filter((name) => !routed.has(name))).toEqual([]);
    expect(routes.filter((r) => r.rule.options.action && r.rule.mode !== 'write').map((r) => r.path)).toEqual([]);
  });

  it('for every gate of every routed action: Limited without the gate gets 403 naming the action, with it no 403', async () => {
    const failures: string[] = [];
    let probed = 0;
    for (const route of routes.filter((r) => r.rule.options.action)) {
      const name = route.rule.options.action as ActionName;
      const action = ACTIONS[name];
      const body = 'bodyKey' in action ? { [action.bodyKey]: true } : {};
      for (const right of action.rights) {
        if (!('gate' in right)) continue;
        probed += 1;
        // Every other field of the section is open, so only the gate is missing.
        const others = fieldsOf(right.section).filter((f) => f !== right.gate);
        const without = await call(route, await limitedOn(right.section, others), body);
        if (without.status !== 403 || without.body.detail !== OWN_MESSAGES.actionNotAllowed(action.label)) {
          failures.push(`${route.method} ${route.path} (${name}) without ${right.section}.${right.gate}: ${without.status} ${JSON.stringify(without.body)}`);
        }
        const withGate = await call(route, await limitedOn(right.section, [...others, right.gate]), body);
        if (withGate.status === 403 || withGate.status >= 500) failures.push(`${route.method} ${route.path} (${name}) with ${right.section}.${right.gate}: ${withGate.status}`);
      }
    }
    expect(probed).toBeGreaterThanOrEqual(15);
    expect(failures).toEqual([]);
  });

  it('at Limited, every write route of a section with fields refuses a body key naming a field the group cannot see', async () => {
    const failures: string[] = [];
    let probed = 0;
    for (const route of routes.filter((r) => r.rule.mode === 'write' && fieldsOf(r.rule.section).length > 0)) {
      const section = route.rule.section;
      const aliases = WRITE_FIELD_ALIASES[section] ?? {};
      const gates = gatesIn(section);
      for (const field of fieldsOf(section)) {
        if (gates.includes(field) || aliases[field] === null) continue;
        probed += 1;
        const res = await call(route, await limitedOn(section, gates), { [field]: 1 });
        if (res.status !== 403 || res.body.detail !== OWN_MESSAGES.fieldNotWritable(field)) failures.push(`${route.method} ${route.path} {${field}}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(probed).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });
});

describe('Limited groups change only the fields they see', () => {
  let ctx: TestContext;
  let accountId: number;
  let mmId: number;
  let otherMmId: number;
  let tickersId: number;
  let firstTickersId: number;
  let profileId: number;
  const session = async (perms: Partial<Perm>[]) => (await sessionFor(ctx, (await makeUser(ctx.db, { perms })).id)).access;
  const put = (path: string, token: string, body: object) => ctx.http().put(`/api/v2/strategies/${path}`).set(...auth(token)).send(body);

  beforeAll(async () => {
    ctx = await createTestApp();
    [{ id: accountId }] = await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ('LW account', 'k', 'x', 5) RETURNING id`);
    const mm = `INSERT INTO mm_profiles (title, exchange_account_id, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ($1, $2, 4, 1, 1000) RETURNING id`;
    [{ id: mmId }] = await ctx.db.query(mm, ['LW money', accountId]);
    [{ id: otherMmId }] = await ctx.db.query(mm, ['LW other money', accountId]);
    [{ id: firstTickersId }] = await ctx.db.query(`INSERT INTO ticker_configs (title) VALUES ('LW first list') RETURNING id`);
    [{ id: tickersId }] = await ctx.db.query(`INSERT INTO ticker_configs (title) VALUES ('LW list') RETURNING id`);
    [{ id: profileId }] = await ctx.db.query(
      `INSERT INTO strategy_profiles (title, status, profile_direction, exchange_account_id, mm_profile_id, ticker_config_id) VALUES ('LW profile', 'inactive', 'long', $1, $2, $3) RETURNING id`,
      [accountId, mmId, firstTickersId],
    );
  });
  afterAll(() => ctx.close());

  it('MM profiles: a group seeing only title and status cannot change quotas or visibility; one seeing them can', async () => {
    const narrow = await session([{ section_name: 'mm_profiles', status: 'Limited', fields: ['title', 'status'] }]);
    for (const [field, value] of [['max_signals_amount', 9], ['all_signals_quota', 5], ['is_show', false], ['max_factor_amount', 2], ['exchange_account', accountId]] as const) {
      const res = await put(`mm-profiles/${mmId}/`, narrow, { [field]: value }).expect(403);
      expect(res.body).toEqual({ detail: OWN_MESSAGES.fieldNotWritable(field) });
    }
    // One hidden key refuses the whole body, the visible ones with it.
    await put(`mm-profiles/${mmId}/`, narrow, { title: 'Renamed', max_signals_amount: 9 }).expect(403);
    const [row] = await ctx.db.query(`SELECT title, max_signals_amount, all_signals_quota::float AS quota, is_show FROM mm_profiles WHERE id = $1`, [mmId]);
    expect(row).toEqual({ title: 'LW money', max_signals_amount: 4, quota: 1000, is_show: true });

    const wide = await session([{ section_name: 'mm_profiles', status: 'Limited', fields: ['title', 'status', 'max_signals_amount', 'is_show'] }]);
    await put(`mm-profiles/${mmId}/`, wide, { max_signals_amount: 9 }).expect(200);
    await put(`mm-profiles/${mmId}/`, wide, { is_show: false }).expect(200);
    expect((await ctx.db.query(`SELECT max_signals_amount, is_show FROM mm_profiles WHERE id = $1`, [mmId]))[0]).toEqual({ max_signals_amount: 9, is_show: false });
  });

  it('strategy profiles: a group that cannot see the title, MM profile or ticker list cannot rename or relink them', async () => {
    const statusOnly = await session([{ section_name: 'profiles', status: 'Limited', fields: ['status'] }]);
    for (const [field, value] of [['title', 'Renamed'], ['mm_profile', otherMmId], ['tickers', tickersId]] as const) {
      expect((await put(`profiles/${profileId}/`, statusOnly, { [field]: value }).expect(403)).body).toEqual({ detail: OWN_MESSAGES.fieldNotWritable(field) });
    }
    // Visibility is a declared action: refused naming it.
    expect((await put(`profiles/${profileId}/`, statusOnly, { is_show: false }).expect(403)).body).toEqual({ detail: OWN_MESSAGES.actionNotAllowed(ACTIONS.strategyProfileVisibility.label) });
    const [row] = await ctx.db.query(`SELECT title, mm_profile_id, ticker_config_id, is_show FROM strategy_profiles WHERE id = $1`, [profileId]);
    expect(row).toEqual({ title: 'LW profile', mm_profile_id: mmId, ticker_config_id: firstTickersId, is_show: true });

    const seeing = await session([{ section_name: 'profiles', status: 'Limited', fields: ['status', 'title', 'mm_profile', 'tickers', 'is_show'] }]);
    await put(`profiles/${profileId}/`, seeing, { title: 'Renamed', mm_profile: otherMmId, tickers: tickersId }).expect(200);
    await put(`profiles/${profileId}/`, seeing, { is_show: false }).expect(200);
    expect((await ctx.db.query(`SELECT title, mm_profile_id, ticker_config_id, is_show FROM strategy_profiles WHERE id = $1`, [profileId]))[0]).toEqual({
      title: 'Renamed',
      mm_profile_id: otherMmId,
      ticker_config_id: tickersId,
      is_show: false,
    });
  });

  it('creating: the add gate and the fields the body sets', async () => {
    const post = (token: string, body: object) => ctx.http().post('/api/v2/strategies/profiles/').set(...auth(token)).send(body);
    const noAdd = await session([{ section_name: 'profiles', status: 'Limited', fields: ['title'] }]);
    expect((await post(noAdd, { title: 'New' }).expect(403)).body).toEqual({ detail: OWN_MESSAGES.actionNotAllowed(ACTIONS.addStrategyProfile.label) });
    const addNoTitle = await session([{ section_name: 'profiles', status: 'Limited', fields: ['add'] }]);
    expect((await post(addNoTitle, { title: 'New' }).expect(403)).body).toEqual({ detail: OWN_MESSAGES.fieldNotWritable('title') });
    const addTitle = await session([{ section_name: 'profiles', status: 'Limited', fields: ['add', 'title'] }]);
    await post(addTitle, { title: 'New' }).expect(201);
  });
});
