import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, fullAccessToken } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { MODEL_MARKET_TICKERS, PAIR_MESSAGES } from '@console/contracts';

const P = '/api/v2/strategies/pairs/';

describe('trading pairs', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await fullAccessToken(ctx);
  });
  afterAll(() => ctx.close());

  const get = (path: string) => ctx.http().get(path).set(...auth(admin));
  /** The exchange's tickers are stored (a sync adds only what is missing), for the tests that need them. */
  const synced = () => ctx.http().post(P).set(...auth(admin)).expect(201);

  it('lists nothing before the first sync', async () => {
    expect((await get(P).expect(200)).body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('sync adds every listed ticker as inactive, and a second sync adds nothing', async () => {
    const first = await ctx.http().post(P).set(...auth(admin)).expect(201);
    expect(first.body).toEqual({ added: MODEL_MARKET_TICKERS.length, count: MODEL_MARKET_TICKERS.length, not_listed: 0 });
    const second = await ctx.http().post(P).set(...auth(admin)).send({}).expect(201);
    expect(second.body).toMatchObject({ added: 0, count: MODEL_MARKET_TICKERS.length });
    const list = await get(P).expect(200);
    expect(list.body.count).toBe(MODEL_MARKET_TICKERS.length);
    expect(list.body.results).toHaveLength(MODEL_MARKET_TICKERS.length);
    expect(list.body.results.every((p: { is_active: boolean }) => !p.is_active)).toBe(true);
    const [log] = await ctx.db.query(`SELECT log_data FROM logs WHERE event_type = 'pairs_synced' ORDER BY id LIMIT 1`);
    expect(log.log_data.added).toContain('BTCUSDT');
    // One notification for the sync that added pairs (and its Telegram outbox row), none for the one that did not.
    const notices: { title: string; text_body: string; outbox: number }[] = await ctx.db.query(
      `SELECT n.title, n.text_body, (SELECT count(*)::int FROM telegram_outbox o WHERE o.notification_id = n.id) AS outbox FROM notifications n`,
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: `New trading pairs: ${MODEL_MARKET_TICKERS.length}`, outbox: 1 });
    expect(notices[0].text_body).toMatch(/^The exchange sync added [A-Z0-9]+USDT, .* and \d+ more\. They stay inactive/);
  });

  it('never deletes a pair the exchange stopped listing', async () => {
    await synced();
    await ctx.db.query(`INSERT INTO pairs (ticker, is_active) VALUES ('DELISTEDUSDT', true)`);
    const res = await ctx.http().post(P).set(...auth(admin)).expect(201);
    expect(res.body).toMatchObject({ added: 0, not_listed: 1 });
    expect(await ctx.db.query(`SELECT 1 FROM pairs WHERE ticker = 'DELISTEDUSDT'`)).toHaveLength(1);
  });

  it('toggles a pair with the whole pair as body, logs it against the pair, and refuses a ticker change', async () => {
    await synced();
    const [btc] = await ctx.db.query(`SELECT id FROM pairs WHERE ticker = 'BTCUSDT'`);
    const on = await ctx.http().put(`${P}${btc.id}/`).set(...auth(admin)).send({ ticker: 'BTCUSDT', is_active: true }).expect(200);
    expect(on.body).toEqual({ id: btc.id, ticker: 'BTCUSDT', is_active: true });
    await ctx.http().put(`${P}${btc.id}/`).set(...auth(admin)).send({ is_active: false }).expect(200);
    const logs = await ctx.db.query(`SELECT event_type, pair_name FROM logs WHERE pair_id = $1 ORDER BY id`, [btc.id]);
    expect(logs).toEqual([
      { event_type: 'pair_activated', pair_name: 'BTCUSDT' },
      { event_type: 'pair_deactivated', pair_name: 'BTCUSDT' },
    ]);
    expect((await ctx.http().put(`${P}${btc.id}/`).set(...auth(admin)).send({ ticker: 'ETHUSDT', is_active: true }).expect(400)).body).toEqual({
      ticker: [PAIR_MESSAGES.tickerReadOnly],
    });
    expect((await ctx.http().put(`${P}${btc.id}/`).set(...auth(admin)).send({}).expect(400)).body).toEqual({ is_active: [PAIR_MESSAGES.isActiveRequired] });
    await ctx.http().put(`${P}999999/`).set(...auth(admin)).send({ is_active: true }).expect(404);
  });

  it('for-filters searches tickers, pages, and can keep to active pairs', async () => {
    await synced();
    const search = await get(`${P}for-filters/?search=eth`).expect(200);
    const tickers: string[] = search.body.results.map((p: { ticker: string }) => p.ticker);
    expect(tickers).toEqual(expect.arrayContaining(['ETHUSDT', 'ETHFIUSDT']));
    expect(tickers.every((t) => t.includes('ETH'))).toBe(true);
    expect(Object.keys(search.body.results[0]).sort()).toEqual(['id', 'ticker']);
    const paged = await get(`${P}for-filters/?page_size=10`).expect(200);
    expect(paged.body.results).toHaveLength(10);
    expect(paged.body.next).toMatch(/page=2/);
    await ctx.db.query(`UPDATE pairs SET is_active = (ticker IN ('SOLUSDT', 'SUIUSDT'))`);
    const active = await get(`${P}for-filters/?is_for_active=true&search=s`).expect(200);
    expect(active.body.results.map((p: { ticker: string }) => p.ticker)).toEqual(['SOLUSDT', 'SUIUSDT']);
    expect((await get(`${P}for-filters/?search=%25`).expect(200)).body.count).toBe(0);
    await get(`${P}for-filters/?is_for_active=maybe`).expect(400);
  });
});
