import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditService } from './audit.service';
import { createTestApp, TestContext } from '../test/harness';
import { auth, makeUser, sessionFor } from '../test/factories';

const F = '/api/v2/logs/for_filters/';

describe('logs filter options', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    token = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'logs', status: 'Full' }] })).id)).access;
    await ctx.db.query(`INSERT INTO pairs (ticker) VALUES ('BTCUSDT'), ('ETHUSDT'), ('ETHFIUSDT'), ('SOLUSDT')`);
    // A bulk insert, as the engine would write: one statement, many profiles.
    await ctx.db.query(
      `INSERT INTO logs (type, event_type, profile_id, profile_title)
       SELECT 'general', 'tick', 1 + i % 3, (ARRAY['Scalper BTC', 'Grid ETH', 'Momentum'])[1 + i % 3] FROM generate_series(1, 30) i`,
    );
    // A single row through the API's writer, and a later rename of profile 2.
    await ctx.app.get(AuditService).write({ type: 'system', event_type: 'profile_started', profile_id: 7, profile_title: 'Trend SOL' });
    await ctx.app.get(AuditService).write({ type: 'system', event_type: 'profile_renamed', profile_id: 2, profile_title: 'Grid ETH v2' });
    await ctx.app.get(AuditService).write({ type: 'system', event_type: 'no_title', profile_id: 9 });
  });
  afterAll(() => ctx.close());

  const get = (qs: string) => ctx.http().get(`${F}?${qs}`).set(...auth(token));

  it('offers pairs from the pairs table, searchable', async () => {
    const res = await get('field=pair&search=eth').expect(200);
    expect(res.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(res.body.results).toEqual([
      { id: expect.any(Number), name: 'ETHFIUSDT' },
      { id: expect.any(Number), name: 'ETHUSDT' },
    ]);
    const eth = res.body.results[1].id;
    expect((await get(`field=pair&id=${eth}`).expect(200)).body.results).toEqual([{ id: eth, name: 'ETHUSDT' }]);
    const paged = await get('field=pair&page_size=3').expect(200);
    expect(paged.body).toMatchObject({ count: 4, next: expect.stringMatching(/page=2/) });
  });

  it('offers every profile the logs mention, with its newest title, searchable by title or id', async () => {
    const all = await get('field=profile').expect(200);
    expect(all.body.results).toEqual([
      { id: 2, name: 'Grid ETH v2' },
      { id: 3, name: 'Momentum' },
      { id: 9, name: 'Profile #9' },
      { id: 1, name: 'Scalper BTC' },
      { id: 7, name: 'Trend SOL' },
    ]);
    expect((await get('field=profile&search=eth').expect(200)).body.results).toEqual([{ id: 2, name: 'Grid ETH v2' }]);
    expect((await get('field=profile&search=7').expect(200)).body.results).toEqual([{ id: 7, name: 'Trend SOL' }]);
    expect((await get('field=profile&search=100%25').expect(200)).body.count).toBe(0);
    // By id, as a page opened with ?profile= asks for its name.
    expect((await get('field=profile&id=9').expect(200)).body.results).toEqual([{ id: 9, name: 'Profile #9' }]);
    expect((await get('field=profile&id=404').expect(200)).body.count).toBe(0);
    await get('field=profile&id=x').expect(400);
  });

  it('refuses an unknown field', async () => {
    expect((await get('field=signal').expect(400)).body).toHaveProperty('field');
    await get('').expect(400);
  });
});
