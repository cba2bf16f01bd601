import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_MESSAGES, SECTION_FIELDS } from '@console/contracts';
import { createTestApp, TestContext } from '../test/harness';
import { auth, makeUser, sessionFor } from '../test/factories';

const L = '/api/v2/logs/';

describe('logs list', () => {
  let ctx: TestContext;
  let full: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.db.query(
      `INSERT INTO logs (type, event_type, signal_id, pair_id, pair_name, profile_id, profile_title, log_data)
       SELECT (ARRAY['system','general','error','user','restrictions','divergence'])[1 + i % 6], 'event', i % 7, 1 + i % 3, 'BTCUSDT', 1 + i % 2, 'Profile', jsonb_build_object('n', i)
         FROM generate_series(1, 120) i`,
    );
    full = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'logs', status: 'Full' }] })).id)).access;
  });
  afterAll(() => ctx.close());

  it('pages newest first with absolute links', async () => {
    const res = await ctx.http().get(`${L}?page=2&page_size=50`).set(...auth(full)).expect(200);
    expect(res.body.count).toBe(120);
    expect(res.body.results).toHaveLength(50);
    expect(Number(res.body.results[0].id)).toBeGreaterThan(Number(res.body.results[1].id));
    expect(res.body.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2\/logs\/\?page=3&page_size=50&cursor=[A-Za-z0-9_-]+$/);
    expect(res.body.previous).toMatch(/\?page=1&page_size=50$/);
  });

  it('follows its next links (keyset cursors) to the same rows as page numbers, at Limited too', async () => {
    const limited = (
      await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'logs', status: 'Limited', fields: ['type'], filtering: true }] })).id)
    ).access;
    for (const token of [full, limited]) {
      const byNumber = await ctx.http().get(`${L}?type=error&page=2&page_size=7`).set(...auth(token)).expect(200);
      const first = await ctx.http().get(`${L}?type=error&page_size=7`).set(...auth(token)).expect(200);
      const next = new URL(first.body.next as string);
      const followed = await ctx.http().get(`${next.pathname}${next.search}`).set(...auth(token)).expect(200);
      expect(next.searchParams.get('cursor')).toBeTruthy();
      expect(followed.body.results).toEqual(byNumber.body.results);
      expect(followed.body.count).toBe(20);
    }
    const forged = await ctx.http().get(`${L}?page=2&cursor=${'A'.repeat(12)}`).set(...auth(full)).expect(400);
    expect(forged.body).toEqual({ cursor: [OWN_MESSAGES.invalidCursor] });
  });

  it('orders by the numeric id, not its text (120 comes before 99)', async () => {
    const res = await ctx.http().get(`${L}?page_size=50`).set(...auth(full)).expect(200);
    const ids = res.body.results.map((r: { id: string }) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids[0]).toBe(Math.max(...ids, 120));
  });

  it('filters by type, signal, pair and profile, and counts exactly', async () => {
    const res = await ctx.http().get(`${L}?type=error&pair=3&profile=1`).set(...auth(full)).expect(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const row of res.body.results) expect(row).toMatchObject({ type: 'error', pair_id: 3, profile_id: 1 });
    const count = await ctx.http().get(`${L}for_count/?type=error&pair=3&profile=1`).set(...auth(full)).expect(200);
    expect(count.body.count).toBe(res.body.count);
    const bySignal = await ctx.http().get(`${L}?signal_id=3`).set(...auth(full)).expect(200);
    expect(bySignal.body.results.every((r: { signal_id: string }) => r.signal_id === '3')).toBe(true);
    // Signal ids are bigint: one past 2^31 is a valid filter, not a 400.
    await ctx.db.query(`INSERT INTO logs (type, event_type, signal_id) VALUES ('system', 'event', 3000000000)`);
    const bigSignal = await ctx.http().get(`${L}?signal_id=3000000000`).set(...auth(full)).expect(200);
    expect(bigSignal.body.results.map((r: { signal_id: string }) => r.signal_id)).toEqual(['3000000000']);
    expect((await ctx.http().get(`${L}?type=nope`).set(...auth(full)).expect(400)).body).toHaveProperty('type');
  });

  it('at Limited returns only the allowed fields and refuses filters when filtering is off', async () => {
    const user = await makeUser(ctx.db, { perms: [{ section_name: 'logs', status: 'Limited', fields: ['type', 'pair_name'], filtering: false }] });
    const token = (await sessionFor(ctx, user.id)).access;
    const res = await ctx.http().get(L).set(...auth(token)).expect(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const row of res.body.results) expect(Object.keys(row).sort()).toEqual(['id', 'pair_name', 'type']);
    const refused = await ctx.http().get(`${L}?type=error`).set(...auth(token)).expect(403);
    expect(refused.body).toEqual({ detail: OWN_MESSAGES.filteringNotAllowed });
    await ctx.http().get(`${L}for_count/?pair=1`).set(...auth(token)).expect(403);
  });

  it('at Limited refuses a filter or an option lookup on a column the group does not see', async () => {
    const user = await makeUser(ctx.db, { perms: [{ section_name: 'logs', status: 'Limited', fields: ['type', 'pair_name'], filtering: true }] });
    const token = (await sessionFor(ctx, user.id)).access;
    await ctx.http().get(`${L}?type=error`).set(...auth(token)).expect(200);
    for (const path of [`${L}?signal_id=1`, `${L}?pair=1`, `${L}for_count/?profile=1`, `${L}for_filters/?field=pair&id=1`, `${L}for_filters/?field=profile`]) {
      const refused = await ctx.http().get(path).set(...auth(token)).expect(403);
      expect(refused.body).toEqual({ detail: OWN_MESSAGES.fieldNotAllowed });
    }
  });

  it('at Limited takes only the declared query: every column open, an ordering or an unknown param is still refused', async () => {
    const user = await makeUser(ctx.db, { perms: [{ section_name: 'logs', status: 'Limited', fields: [...SECTION_FIELDS.logs], filtering: true, sorting: true }] });
    const token = (await sessionFor(ctx, user.id)).access;
    await ctx.http().get(`${L}?signal_id=3&pair=1&profile=1&type=error&page_size=100`).set(...auth(token)).expect(200);
    await ctx.http().get(`${L}for_filters/?field=pair&search=BTC`).set(...auth(token)).expect(200);
    for (const path of [`${L}?ordering=-id`, `${L}?pair_name=BTCUSDT`, `${L}for_count/?ordering=created_at`, `${L}for_filters/?field=pair&pair=1`]) {
      const refused = await ctx.http().get(path).set(...auth(token)).expect(403);
      expect(refused.body).toEqual({ detail: OWN_MESSAGES.fieldNotAllowed });
    }
  });
});

