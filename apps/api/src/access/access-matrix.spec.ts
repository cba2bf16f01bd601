import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, Level, Perm, SECTIONS } from '@console/contracts';
import { createTestApp, TestContext } from '../test/harness';
import { auth, makeUser, sessionFor } from '../test/factories';
import { DeclaredRoute, RouteCatalog } from './access-declarations';

const MISSING_ID = '999999';

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
        else if (level === 'Limited') refused = !!rule.options.gate;
        else refused = false;
        const got403 = res.status === 403;
        expectThat(refused ? got403 : !got403 && res.status !== 401 && res.status < 500, route, level, res.status);
      }
    }
    expect(failures).toEqual([]);
  });
});
