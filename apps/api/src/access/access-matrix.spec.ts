import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIONS, ALLOWED_LEVELS, API_TOKEN_FORBIDDEN_SECTIONS, API_TOKEN_MESSAGES, ERROR_CODES, EXPORT_KIND_RULES, EXPORT_PATHS, fieldsOf, Level, OWN_MESSAGES, Perm, permsAll, SECTIONS,
} from '@console/contracts';
import { createTestApp, TestContext } from '../test/harness';
import { auth, makeGroup, makeUser, sessionFor, TestUser } from '../test/factories';
import { DeclaredRoute, RouteCatalog } from './access-declarations';

const MISSING_ID = '999999';

/** Whether a Limited group without fields is refused the action (an empty body carries no body key). */
function gatedForEveryone(action: keyof typeof ACTIONS | undefined): boolean {
  if (!action) return false;
  const declared = ACTIONS[action];
  return !('bodyKey' in declared) && declared.rights.every((right) => 'gate' in right);
}

/** Every section at one level; Limited opens no field and no filtering or sorting. */
function permsAt(status: Level): Partial<Perm>[] {
  return SECTIONS.map((section_name) => ({ section_name, status, fields: [], filtering: false, sorting: false }));
}

describe('the access matrix over every registered route', () => {
  let ctx: TestContext;
  let routes: DeclaredRoute[];
  const tokens: Record<Level | 'pending', { access: string; userId: number }> = {} as never;

  beforeAll(async () => {
    ctx = await createTestApp();
    routes = ctx.app.get(RouteCatalog).routes();
    for (const level of ['NP', 'ReadOnly', 'Limited', 'Full'] as Level[]) {
      const user = await makeUser(ctx.db, { perms: permsAt(level) });
      tokens[level] = { access: (await sessionFor(ctx, user.id)).access, userId: user.id };
    }
    const pendingUser = await makeUser(ctx.db, { perms: permsAt('Full') });
    tokens.pending = { access: (await sessionFor(ctx, pendingUser.id, false)).access, userId: pendingUser.id };
  });
  afterAll(() => ctx.close());

  function call(route: DeclaredRoute, token: { access: string; userId: number } | null) {
    const id = route.rule?.kind === 'signed-in' && token ? String(token.userId) : MISSING_ID;
    const path = `/api/v2${route.path.replace(/:id/g, id).replace(/:code/g, '000000')}`;
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
    const req = ctx.http()[method](path);
    if (token) req.set(...auth(token.access));
    return method === 'get' || method === 'delete' ? req : req.send({});
  }

  it('finds the routes, and every one declares its access', () => {
    expect(routes.length).toBeGreaterThan(10);
    const undeclared = routes.filter((r) => !r.rule).map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual([]);
  });

  it('answers as the declarations say, for no token, pending 2FA, NP, ReadOnly, Limited and Full', async () => {
    const failures: string[] = [];
    const expectThat = (ok: boolean, route: DeclaredRoute, who: string, status: number) => {
      if (!ok) failures.push(`${route.method} ${route.path} as ${who}: got ${status}`);
    };
    for (const route of routes) {
      const rule = route.rule!;
      const anonymous = await call(route, null);
      if (rule.kind === 'public') {
        expectThat(anonymous.status !== 401 && anonymous.status !== 403, route, 'anonymous', anonymous.status);
        continue;
      }
      expectThat(anonymous.status === 401 && anonymous.body.code === ERROR_CODES.tokenNotValid, route, 'anonymous', anonymous.status);
      if (rule.kind === 'ticket') {
        // Opened with a one-use ticket only: a bearer token of any level opens nothing.
        for (const who of ['pending', 'NP', 'ReadOnly', 'Limited', 'Full'] as const) {
          const res = await call(route, tokens[who]);
          expectThat(res.status === 401 && res.body.code === ERROR_CODES.tokenNotValid, route, who, res.status);
        }
        continue;
      }

      const pending = await call(route, tokens.pending);
      const pendingAllowed = rule.kind === 'signed-in' && rule.pendingSecondFactor;
      const refusedForPending = pending.status === 403 && pending.body.code === ERROR_CODES.secondFactorRequired;
      expectThat(pendingAllowed ? !refusedForPending : refusedForPending, route, 'pending 2FA', pending.status);

      for (const level of ['NP', 'ReadOnly', 'Limited', 'Full'] as Level[]) {
        const res = await call(route, tokens[level]);
        let refused: boolean;
        if (rule.kind === 'signed-in') refused = false;
        else if (level === 'NP') refused = true;
        else if (level === 'ReadOnly') refused = rule.mode === 'write';
        else if (level === 'Limited') refused = gatedForEveryone(rule.options.action) || !!rule.options.full;
        else refused = false;
        const got403 = res.status === 403;
        expectThat(refused ? got403 : !got403 && res.status !== 401 && res.status < 500, route, level, res.status);
      }
    }
    expect(failures).toEqual([]);
    // Six calls per route, each route in the API: it grows with the API.
  }, 120_000);

  it('answers a personal API token as the session of its level, except the forbidden areas (403) and the stream (401)', async () => {
    const apiTokens = {} as Record<Level, { access: string; userId: number }>;
    for (const level of ['NP', 'ReadOnly', 'Limited', 'Full'] as Level[]) {
      const session = tokens[level];
      const perms = level === 'NP' ? [] : SECTIONS.filter((s) => !API_TOKEN_FORBIDDEN_SECTIONS.includes(s)).map((section_name) => ({ section_name, status: level }));
      const created = await ctx.http().post('/api/v2/users/tokens/').set(...auth(session.access)).send({ name: `matrix ${level}`, expires_at: new Date(Date.now() + 86_400_000).toISOString(), perms }).expect(201);
      apiTokens[level] = { access: created.body.token, userId: session.userId };
    }
    // The matrix tests access, not the per-token rate limit: each call starts with the token's counter at zero.
    const resetRateLimits = async () => {
      const keys = await ctx.redis.keys(`${ctx.config.redisPrefix}:ratelimit:token:requests*`);
      if (keys.length) await ctx.redis.del(...keys);
    };
    const failures: string[] = [];
    let forbidden = 0;
    for (const route of routes) {
      const rule = route.rule!;
      if (rule.kind === 'public') continue;
      const area =
        (rule.kind === 'section' && (rule.options.area !== undefined || API_TOKEN_FORBIDDEN_SECTIONS.includes(rule.section) || (!!rule.options.source && API_TOKEN_FORBIDDEN_SECTIONS.includes(rule.options.source.section)))) ||
        (rule.kind === 'signed-in' && rule.area !== undefined);
      if (area) forbidden += 1;
      for (const level of ['NP', 'ReadOnly', 'Limited', 'Full'] as Level[]) {
        await resetRateLimits();
        const res = await call(route, apiTokens[level]);
        const who = `${level} API token`;
        if (rule.kind === 'ticket') {
          if (res.status !== 401) failures.push(`${route.method} ${route.path} as ${who}: got ${res.status}`);
        } else if (area) {
          if (res.status !== 403 || res.body.detail !== API_TOKEN_MESSAGES.areaForbidden) failures.push(`${route.method} ${route.path} as ${who}: got ${res.status}, not the forbidden area`);
        } else {
          const session = await call(route, tokens[level]);
          if (res.status !== session.status) failures.push(`${route.method} ${route.path} as ${who}: got ${res.status}, its session ${session.status}`);
        }
      }
    }
    expect(forbidden).toBeGreaterThan(10);
    expect(failures).toEqual([]);
    // Two calls per route and level, each route in the API: it grows with the API.
  }, 120_000);

  it('names the forbidden area of every route a session needs, and leaves tokens only what they may use', () => {
    const signedIn = Object.fromEntries(routes.filter((r) => r.rule?.kind === 'signed-in').map((r) => [`${r.method} ${r.path}`, r.rule?.kind === 'signed-in' ? r.rule.area ?? 'open to tokens' : '']));
    expect(signedIn).toEqual({
      'POST /users/totp/create/': 'passwords',
      'POST /users/totp/login/:code/': 'passwords',
      'GET /users/current-user/': 'open to tokens',
      'PUT /users/users/:id/': 'passwords',
      'GET /users/sessions/': 'sessions',
      'POST /users/sessions/end-others/': 'sessions',
      'DELETE /users/sessions/:session/': 'sessions',
      'GET /users/sign-in-history/': 'sessions',
      'GET /users/tokens/': 'tokens',
      'POST /users/tokens/': 'tokens',
      'DELETE /users/tokens/:id/': 'tokens',
      'GET /users/alert-channels/': 'alert_channels',
      'PUT /users/alert-channels/': 'alert_channels',
      'GET /users/alert-channels/deliveries/': 'alert_channels',
      'GET /users/telegram-link/': 'alert_channels',
      'POST /users/telegram-link/': 'alert_channels',
      'DELETE /users/telegram-link/': 'alert_channels',
      'POST /live/tickets/': 'sessions',
      'GET /engine/commands/:id/': 'open to tokens',
      'GET /engine/settings-schema/': 'open to tokens',
    });
  });

  it('at Limited, every list refuses a filter, ordering or lookup on a hidden field and any param it does not declare', async () => {
    const limited = (open: boolean) =>
      SECTIONS.map((section_name) => ({ section_name, status: 'Limited' as const, fields: open ? [...fieldsOf(section_name)] : [], filtering: true, sorting: true }));
    const hidden = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: limited(false) })).id)).access;
    const seeing = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: limited(true) })).id)).access;
    const failures: string[] = [];
    let probed = 0;
    for (const route of routes) {
      const rule = route.rule!;
      if (rule.kind !== 'section' || route.method !== 'GET') continue;
      // A section no group can hold at Limited (tickers configs: Full, ReadOnly, NP) has no Limited query rules to probe.
      if (!ALLOWED_LEVELS[rule.section].includes('Limited')) continue;
      const query = rule.options.query ?? {};
      const declared = [
        ...Object.keys(query.filters ?? {}).map((param) => `${param}=1`),
        ...Object.keys(query.orderings ?? {}).map((key) => `ordering=-${key}`),
        ...Object.keys(query.options?.fields ?? {}).map((value) => `${query.options!.param}=${value}`),
      ];
      const path = `/api/v2${route.path.replace(/:id/g, MISSING_ID)}`;
      const get = (qs: string, token: string) => ctx.http().get(`${path}?${qs}`).set(...auth(token));
      for (const qs of declared) {
        probed += 1;
        const refused = await get(qs, hidden);
        if (refused.status !== 403 || refused.body.detail !== OWN_MESSAGES.fieldNotAllowed) failures.push(`${path}?${qs} on a hidden field: ${refused.status}`);
        const taken = await get(qs, seeing);
        if (taken.status === 403 || taken.status >= 500) failures.push(`${path}?${qs} on an open field: ${taken.status}`);
      }
      for (const token of [hidden, seeing]) {
        const undeclared = await get('undeclared_param=1', token);
        if (undeclared.status !== 403) failures.push(`${path}?undeclared_param=1: ${undeclared.status}`);
      }
    }
    expect(probed).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });
});

/** Every section NP but the named ones at the given levels. */
const only = (levels: Partial<Record<(typeof SECTIONS)[number], Level>>): Partial<Perm>[] =>
  permsAll('NP').map((p) => ({ ...p, status: levels[p.section_name] ?? 'NP' }));

describe('the access matrix: privileges cannot be raised from inside', () => {
  const U = '/api/v2/users/users/';
  const G = '/api/v2/users/groups/';
  let ctx: TestContext;
  let admins: { id: number };
  let noAccess: { id: number };
  let [admin1, admin2, usersManager, groupsManager, peer] = [] as TestUser[];
  const tokens = new Map<number, string>();
  const tokenOf = async (user: TestUser) => tokens.get(user.id) ?? tokens.set(user.id, (await sessionFor(ctx, user.id)).access).get(user.id)!;

  beforeAll(async () => {
    ctx = await createTestApp();
    admins = await makeGroup(ctx.db, { name: 'Administrators', perms: permsAll('Full') });
    noAccess = await makeGroup(ctx.db, { perms: permsAll('NP') });
    admin1 = await makeUser(ctx.db, { groupId: admins.id });
    admin2 = await makeUser(ctx.db, { groupId: admins.id });
    usersManager = await makeUser(ctx.db, { perms: only({ users: 'Full' }) });
    groupsManager = await makeUser(ctx.db, { perms: only({ groups: 'Full' }) });
    peer = await makeUser(ctx.db, { groupId: noAccess.id });
  });
  afterAll(() => ctx.close());

  it('refuses each escalation of the issue with a clear body, and leaves the administrators as they were', async () => {
    const cases: { name: string; who: () => TestUser; method: 'put' | 'post' | 'delete'; path: () => string; body?: () => object; status: number; detail: string }[] = [
      { name: 'users Full moves itself into Administrators', who: () => usersManager, method: 'put', path: () => `${U}${usersManager.id}/update_user/`, body: () => ({ group: admins.id }), status: 403, detail: OWN_MESSAGES.ownGroupChange },
      { name: 'users Full puts a peer into Administrators', who: () => usersManager, method: 'put', path: () => `${U}${peer.id}/update_user/`, body: () => ({ group: admins.id }), status: 403, detail: OWN_MESSAGES.grantBeyondOwn },
      { name: 'users Full creates a user in Administrators', who: () => usersManager, method: 'post', path: () => U, body: () => ({ email: 'raised@example.com', password: 'abc123!x', group: admins.id }), status: 403, detail: OWN_MESSAGES.grantBeyondOwn },
      { name: 'users Full deactivates the first administrator', who: () => usersManager, method: 'delete', path: () => `${U}${admin1.id}/`, status: 403, detail: OWN_MESSAGES.userBeyondOwn },
      { name: 'users Full deactivates the second administrator', who: () => usersManager, method: 'delete', path: () => `${U}${admin2.id}/`, status: 403, detail: OWN_MESSAGES.userBeyondOwn },
      { name: 'groups Full raises its own group to Full', who: () => groupsManager, method: 'put', path: () => `${G}${groupsManager.groupId}/`, body: () => ({ perms: permsAll('Full') }), status: 403, detail: OWN_MESSAGES.grantBeyondOwn },
      { name: 'groups Full empties Administrators', who: () => groupsManager, method: 'put', path: () => `${G}${admins.id}/`, body: () => ({ perms: permsAll('NP') }), status: 403, detail: OWN_MESSAGES.groupBeyondOwn },
      { name: 'groups Full creates a group above its own', who: () => groupsManager, method: 'post', path: () => G, body: () => ({ name: 'Wider', perms: permsAll('Full') }), status: 403, detail: OWN_MESSAGES.grantBeyondOwn },
      { name: 'an administrator moves itself into a group without access', who: () => admin1, method: 'put', path: () => `${U}${admin1.id}/update_user/`, body: () => ({ group: noAccess.id }), status: 403, detail: OWN_MESSAGES.ownGroupChange },
      { name: 'an administrator deactivates itself', who: () => admin1, method: 'delete', path: () => `${U}${admin1.id}/`, status: 400, detail: OWN_MESSAGES.ownAccountDeactivation },
      { name: 'an administrator lowers the group of every administrator', who: () => admin1, method: 'put', path: () => `${G}${admins.id}/`, body: () => ({ perms: [{ section_name: 'pairs', status: 'ReadOnly' }] }), status: 400, detail: OWN_MESSAGES.lastAdministrator },
    ];
    const failures: string[] = [];
    for (const c of cases) {
      const req = ctx.http()[c.method](c.path()).set(...auth(await tokenOf(c.who())));
      const res = await (c.body ? req.send(c.body()) : req);
      if (res.status !== c.status || JSON.stringify(res.body) !== JSON.stringify({ detail: c.detail })) failures.push(`${c.name}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failures).toEqual([]);

    const users: { id: number; group_id: number; is_active: boolean }[] = await ctx.db.query(`SELECT id, group_id, is_active FROM users ORDER BY id`);
    const state = (u: TestUser) => users.find((r) => r.id === u.id);
    for (const [user, group] of [[admin1, admins.id], [admin2, admins.id], [usersManager, usersManager.groupId], [peer, noAccess.id]] as const) {
      expect(state(user)).toMatchObject({ group_id: group, is_active: true });
    }
    const groups: { id: number; perms: Perm[] }[] = await ctx.db.query(`SELECT id, perms FROM groups`);
    expect(groups.find((g) => g.id === admins.id)!.perms.every((p) => p.status === 'Full')).toBe(true);
    expect(groups.find((g) => g.id === groupsManager.groupId)!.perms.filter((p) => p.status !== 'NP').map((p) => p.section_name)).toEqual(['groups']);
    expect(groups).toHaveLength(4);
    const [{ n }] = await ctx.db.query(`SELECT count(*)::int AS n FROM users WHERE email = 'raised@example.com'`);
    expect(n).toBe(0);
  });

  it('lets each of them act within its own levels', async () => {
    const lower = await makeGroup(ctx.db, { perms: only({ pairs: 'ReadOnly' }) });
    await ctx.http().put(`${U}${peer.id}/update_user/`).set(...auth(await tokenOf(usersManager))).send({ group: lower.id }).expect(403);
    const usersAndPairs = await makeUser(ctx.db, { perms: only({ users: 'Full', pairs: 'Full' }) });
    await ctx.http().put(`${U}${peer.id}/update_user/`).set(...auth(await tokenOf(usersAndPairs))).send({ group: lower.id }).expect(200);
    await ctx.http().delete(`${U}${peer.id}/`).set(...auth(await tokenOf(usersManager))).expect(403);
    await ctx.http().delete(`${U}${peer.id}/`).set(...auth(await tokenOf(usersAndPairs))).expect(204);
    await ctx.http().post(G).set(...auth(await tokenOf(groupsManager))).send({ name: 'Empty', perms: permsAll('NP') }).expect(201);
    await ctx.http().put(`${U}${admin2.id}/update_user/`).set(...auth(await tokenOf(admin1))).send({ group: noAccess.id }).expect(200);
    await ctx.http().delete(`${U}${admin2.id}/`).set(...auth(await tokenOf(admin1))).expect(204);
  });
});

describe('the access matrix: signals and orders routes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('declares the lists as reads and every action on trading state as a declared action (its first right\'s section)', () => {
    const declared = Object.fromEntries(
      ctx.app
        .get(RouteCatalog)
        .routes()
        .filter((r) => /^\/(signals|orders)\//.test(r.path))
        .map((r) => [`${r.method} ${r.path}`, r.rule?.kind === 'section' ? [r.rule.section, r.rule.mode, r.rule.options.action].filter(Boolean).join(':') : r.rule?.kind]),
    );
    expect(declared).toEqual({
      'GET /signals/signals/': 'signals:read',
      'POST /signals/position/:id/cancel/': 'signals:write:cancelSignal',
      'POST /signals/position/:id/close-market/': 'APA:write:closeMarket',
      'POST /signals/position/:id/close-limit/': 'APA:write:closeLimit',
      'POST /signals/positions/:id/close-best-limit/': 'APA:write:closeBestLimit',
      'POST /signals/positions/bulk-close-best-limit/': 'APA:write:closeBestLimit',
      'POST /signals/positions/bulk-close-market/': 'APA:write:closeMarket',
      'GET /signals/export/signals/': 'signals_export:read',
      'GET /signals/celery-result/:id/': 'signals_export:read',
      'GET /signals/export-file/:id/': 'signals_export:read',
      'POST /signals/export-cancel/:id/': 'signals_export:read',
      'GET /orders/orders/': 'orders:read',
      'POST /orders/order/:id/cancel/': 'orders:write:cancelOrder',
    });
  });
});

describe('the access matrix: export routes answer to the export section and to their list\'s section', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('refuses without either, and at Limited on the list any filter on a field the group does not see', async () => {
    // An export route: its section an export's and its source that export's list (a backtest's start, gated by profiles too, is not).
    const isExport = (section: string, source: string) => Object.values(EXPORT_KIND_RULES).some((rules) => rules.exportSection === section && rules.listSection === source);
    const routes = ctx.app.get(RouteCatalog).routes().filter((r) => r.rule?.kind === 'section' && r.rule.options.source && isExport(r.rule.section, r.rule.options.source.section));
    // Each export's start, state, file and cancel: a user who lost the list loses its tasks too.
    expect(routes.length).toBe(4 * Object.keys(EXPORT_KIND_RULES).length);
    const cancels = Object.values(EXPORT_PATHS).map((paths) => paths.cancel('ID').replace('ID', ':id'));
    expect(routes.filter((r) => r.method === 'POST').map((r) => r.path).sort()).toEqual(cancels.sort());
    const failures: string[] = [];
    for (const route of routes) {
      const rule = route.rule as Extract<NonNullable<DeclaredRoute['rule']>, { kind: 'section' }>;
      const source = rule.options.source!;
      const tokenFor = async (levels: Partial<Record<(typeof SECTIONS)[number], Level>>, fields: string[] = []) => {
        const perms = only(levels).map((p) => (p.section_name === source.section ? { ...p, fields, filtering: true, sorting: true } : p));
        return (await sessionFor(ctx, (await makeUser(ctx.db, { perms })).id)).access;
      };
      const get = async (token: string, qs = '') => {
        const url = `/api/v2${route.path}${qs}`;
        return (await (route.method === 'POST' ? ctx.http().post(url) : ctx.http().get(url)).set(...auth(token))).status;
      };
      // A list with no export section of its own (a backtest's trades) is exported at its section's level.
      const ownSection = rule.section === source.section;
      const cases: [string, string, string, number][] = [
        ...(ownSection
          ? [['section NP', await tokenFor({}), '', 403] as [string, string, string, number]]
          : [
              ['export Full, list NP', await tokenFor({ [rule.section]: 'Full' }), '', 403] as [string, string, string, number],
              ['export NP, list Full', await tokenFor({ [source.section]: 'Full' }), '', 403] as [string, string, string, number],
            ]),
        // A task's state, file and cancel (`:id`): past the guard, a task that is not the user's is not found; a start
        // whose list requires a filter (the run of a backtest's trades) is refused without it.
        ['both Full', await tokenFor({ [rule.section]: 'Full', [source.section]: 'Full' }), '', route.path.includes(':id') ? 404 : Object.keys(source.query?.filters ?? {}).includes('backtest_id') ? 400 : 200],
      ];
      const hidden = await tokenFor({ [rule.section]: 'Full', [source.section]: 'Limited' });
      for (const param of Object.keys(source.query?.filters ?? {})) cases.push([`list Limited without ${param}'s field`, hidden, `?${param}=1`, 403]);
      for (const [who, token, qs, status] of cases) {
        const got = await get(token, qs);
        if (got !== status) failures.push(`${route.path}${qs} as ${who}: ${got}, not ${status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
