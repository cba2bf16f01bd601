import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { describe, expect, it } from 'vitest';
import { completePerms, OWN_MESSAGES, Perm } from '@console/contracts';
import type { SessionService } from '../auth/session.service';
import { Action, Section } from './access.decorators';
import { AccessGuard } from './access.guard';
import type { ApiTokenCheck, TicketCheck } from './access.ports';
import { SIGNAL_ROWS } from './row-scopes';
import type { Principal } from './principal';

/** The gate and filter/sort rules for routes that later features add, exercised on declared handlers. */
class GatedRoutes {
  @Action('reducePosition')
  reduce() {}

  @Section('signals', 'read', { query: { filters: { status: 'status', pair: 'pair' }, orderings: { id: 'id', pair: 'pair', status: 'status' } } })
  list() {}

  @Section('signals', 'read', { query: { options: { param: 'field', fields: { pair: 'pair' }, narrowing: ['id', 'search'] } } })
  options() {}

  @Section('signals', 'read')
  undeclared() {}

  @Section('signals', 'read', { rows: SIGNAL_ROWS })
  scoped() {}
}

function guardFor(perms: Partial<Perm>[]) {
  const principal: Principal = {
    userId: 1, email: 'a@b.co', familyId: 'f', secondFactorPassed: true, groupId: 1, groupName: 'g',
    perms: completePerms({ perms }), ip: '127.0.0.1', userAgent: 'test',
  };
  const sessions = { resolveAccessToken: async () => ({ ...principal }) } as unknown as SessionService;
  const noTickets: TicketCheck = { redeem: async () => null };
  const noApiTokens: ApiTokenCheck = { resolveApiToken: async () => Promise.reject(new Error('the bearer here is a session token')) };
  return new AccessGuard(new Reflector(), sessions, noTickets, noApiTokens);
}

function context(handler: keyof GatedRoutes, query: Record<string, string> = {}): ExecutionContext {
  const req = { query, get: (h: string) => (h === 'authorization' ? 'Bearer t' : undefined), ip: '127.0.0.1', socket: {} };
  return {
    getHandler: () => GatedRoutes.prototype[handler],
    getClass: () => GatedRoutes,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
}

describe('AccessGuard at Limited', () => {
  it('hands a route the row scope of the group: finished-only and the newest signals_count at Limited, none above', async () => {
    const scopeFor = async (perms: Partial<Perm>[]) => {
      const ctx = context('scoped');
      await guardFor(perms).canActivate(ctx);
      return (ctx.switchToHttp().getRequest() as { rowScope?: string[] }).rowScope;
    };
    const limitedScope = await scopeFor([{ section_name: 'signals', status: 'Limited', fields: ['status'], is_only_finished: true, signals_count: 30 }]);
    expect(limitedScope).toHaveLength(2);
    expect(limitedScope?.join(' ')).toMatch(/status = 'finished'[\s\S]*LIMIT 30/);
    expect(await scopeFor([{ section_name: 'signals', status: 'Full' }])).toEqual([]);
  });

  it('refuses a gated action unless its field is allowed', async () => {
    await expect(guardFor([{ section_name: 'APA', status: 'Limited', fields: ['ticker'] }]).canActivate(context('reduce'))).rejects.toMatchObject({
      response: { detail: OWN_MESSAGES.actionNotAllowed('Reduce position') },
    });
    await expect(guardFor([{ section_name: 'APA', status: 'Limited', fields: ['reduce_p'] }]).canActivate(context('reduce'))).resolves.toBe(true);
    await expect(guardFor([{ section_name: 'APA', status: 'Full' }]).canActivate(context('reduce'))).resolves.toBe(true);
  });

  it('refuses filter params when filtering is off, and ordering when sorting is off', async () => {
    const off = guardFor([{ section_name: 'signals', status: 'Limited', filtering: false, sorting: false }]);
    await expect(off.canActivate(context('list', { pair: '3' }))).rejects.toMatchObject({ response: { detail: OWN_MESSAGES.filteringNotAllowed } });
    await expect(off.canActivate(context('list', { ordering: '-id' }))).rejects.toMatchObject({ response: { detail: OWN_MESSAGES.sortingNotAllowed } });
    await expect(off.canActivate(context('list', { page: '2', pair: '' }))).resolves.toBe(true);
    const on = guardFor([{ section_name: 'signals', status: 'Limited', fields: ['pair'], filtering: true, sorting: true }]);
    await expect(on.canActivate(context('list', { pair: '3', ordering: '-id' }))).resolves.toBe(true);
  });

  it('refuses a filter, an ordering or an option lookup on a field the group cannot see', async () => {
    const narrow = guardFor([{ section_name: 'signals', status: 'Limited', fields: ['pair'], filtering: true, sorting: true }]);
    const hidden = { response: { detail: OWN_MESSAGES.fieldNotAllowed } };
    await expect(narrow.canActivate(context('list', { status: 'open' }))).rejects.toMatchObject(hidden);
    await expect(narrow.canActivate(context('list', { ordering: 'status' }))).rejects.toMatchObject(hidden);
    await expect(narrow.canActivate(context('list', { ordering: '-pair' }))).resolves.toBe(true);
    const none = guardFor([{ section_name: 'signals', status: 'Limited', fields: [], filtering: true, sorting: true }]);
    await expect(none.canActivate(context('options', { field: 'pair', id: '1' }))).rejects.toMatchObject(hidden);
    await expect(narrow.canActivate(context('options', { field: 'pair', id: '1' }))).resolves.toBe(true);
  });

  it('refuses at Limited what the route does not declare: an unknown param, ordering key or lookup', async () => {
    const open = guardFor([{ section_name: 'signals', status: 'Limited', fields: ['pair', 'status', 'created_at'], filtering: true, sorting: true }]);
    const refused = { response: { detail: OWN_MESSAGES.fieldNotAllowed } };
    await expect(open.canActivate(context('list', { profile: '1' }))).rejects.toMatchObject(refused);
    await expect(open.canActivate(context('list', { ordering: 'created_at' }))).rejects.toMatchObject(refused);
    await expect(open.canActivate(context('options', { field: 'status' }))).rejects.toMatchObject(refused);
    await expect(open.canActivate(context('undeclared', { pair: '1' }))).rejects.toMatchObject(refused);
    await expect(open.canActivate(context('undeclared', { page: '2', page_size: '10' }))).resolves.toBe(true);
    await expect(open.canActivate(context('options', { field: 'pair', search: 'BTC' }))).resolves.toBe(true);
    const full = guardFor([{ section_name: 'signals', status: 'Full' }]);
    await expect(full.canActivate(context('undeclared', { pair: '1', ordering: 'x' }))).resolves.toBe(true);
  });
});
