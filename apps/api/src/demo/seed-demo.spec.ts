import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../common/crypto/secrets';
import { auth, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { DEMO_PASSWORD, seedDemo } from './seed-demo';
import { DEMO_TRADING_SIZES } from './trading-data';

const LOG_ROWS = 600;

describe('demo data', () => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    ctx = await createTestApp();
    const first = await seedDemo(ctx.db, ctx.config.encryptionKey, { logRows: LOG_ROWS });
    expect(first).toEqual({
      seeded: true,
      users: ['operator@demo.local', 'auditor@demo.local', 'reader@demo.local'],
      logs: LOG_ROWS,
      trading: expect.objectContaining({ signals: DEMO_TRADING_SIZES.signals, orders: DEMO_TRADING_SIZES.signals * DEMO_TRADING_SIZES.ordersPerSignal }),
    });
    for (const email of first.users) {
      const [{ id }] = await ctx.db.query(`SELECT id FROM users WHERE email = $1`, [email]);
      tokens[email.split('@')[0]] = (await sessionFor(ctx, id)).access;
    }
  });
  afterAll(() => ctx.close());

  const get = (who: string, path: string) => ctx.http().get(`/api/v2${path}`).set(...auth(tokens[who]));

  it('runs once: a second run leaves the database as it is', async () => {
    const counts = `SELECT (SELECT count(*) FROM groups) AS g, (SELECT count(*) FROM users) AS u, (SELECT count(*) FROM logs) AS l, (SELECT count(*) FROM notifications) AS n,
                           (SELECT count(*) FROM signals) AS s, (SELECT count(*) FROM orders) AS o, (SELECT count(*) FROM account_metrics) AS m`;
    const before = await ctx.db.query(counts);
    expect(await seedDemo(ctx.db, ctx.config.encryptionKey, { logRows: LOG_ROWS })).toMatchObject({ seeded: false });
    expect(await ctx.db.query(counts)).toEqual(before);
  });

  it('gives users who sign in with the demo password', async () => {
    const login = await ctx.http().post('/api/v2/users/login/').send({ email: 'operator@demo.local', password: DEMO_PASSWORD }).expect(200);
    expect(login.body.access).toEqual(expect.any(String));
  });

  it('fills what the operator sees: pairs, an account with its secret encrypted, notifications, filterable logs', async () => {
    const pairs = (await get('operator', '/strategies/pairs/').expect(200)).body;
    expect(pairs.results.filter((p: { is_active: boolean }) => p.is_active)).toHaveLength(10);
    const accounts = (await get('operator', '/strategies/exchange-accounts/').expect(200)).body;
    expect(accounts.results).toMatchObject([{ title: 'Demo paper account', leverage: 10 }]);
    const [{ api_secret_enc }] = await ctx.db.query(`SELECT api_secret_enc FROM exchange_accounts`);
    expect(decryptSecret(api_secret_enc, ctx.config.encryptionKey)).toBe('demo-secret-not-a-real-key');
    expect((await get('operator', '/notifications/').expect(200)).body.count).toBe(40);

    const btc = pairs.results.find((p: { ticker: string }) => p.ticker === 'BTCUSDT').id;
    const logs = (await get('operator', `/logs/?pair=${btc}&type=general`).expect(200)).body;
    expect(logs.count).toBeGreaterThan(0);
    expect(logs.results.every((r: { pair_name: string; type: string }) => r.pair_name === 'BTCUSDT' && r.type === 'general')).toBe(true);
    const profiles = (await get('operator', '/logs/for_filters/?field=profile').expect(200)).body.results.map((o: { name: string }) => o.name);
    expect(profiles).toEqual(['Breakout majors', 'Grid ETH v2', 'Mean reversion alts', 'Momentum SOL', 'Scalper BTC', 'Trend 4h short']);
  });

  it('fills every trading table, on the demo account and its active pairs', async () => {
    const tables = [
      'ticker_configs',
      'ticker_config_pairs',
      'mm_profiles',
      'deposit_transactions',
      'strategy_profiles',
      'signals',
      'orders',
      'positions',
      'account_metrics',
      'risk_triggers',
      'risk_trigger_profiles',
    ];
    const [counts] = await ctx.db.query(`SELECT ${tables.map((t) => `(SELECT count(*)::int FROM ${t}) AS ${t}`).join(', ')}`);
    expect(tables.filter((t) => counts[t] === 0)).toEqual([]);
    expect(await ctx.db.query(`SELECT status FROM bot_status`)).toEqual([{ status: 'enabled' }]);
    // Open and closed positions, lost ones too, and open orders an operator could cancel.
    const [shape] = await ctx.db.query(
      `SELECT (SELECT count(*)::int FROM positions WHERE state = 'open') AS open, (SELECT count(*)::int FROM positions WHERE state = 'closed') AS closed,
              (SELECT count(*)::int FROM positions WHERE state IS NULL) AS lost, (SELECT count(*)::int FROM orders WHERE status IN ('PLACED', 'PLACING')) AS cancellable,
              (SELECT count(DISTINCT exchange_account_id)::int FROM signals) AS accounts,
              (SELECT count(*)::int FROM signals s JOIN pairs p ON p.id = s.pair_id WHERE NOT p.is_active) AS on_inactive_pairs`,
    );
    expect(shape).toMatchObject({ lost: DEMO_TRADING_SIZES.lostPositions, accounts: 1, on_inactive_pairs: 0 });
    expect(Math.min(shape.open, shape.closed, shape.cancellable)).toBeGreaterThan(0);

    // The trading lists that exist answer with the demo's rows.
    expect((await get('operator', '/strategies/profiles/?show_hide=true').expect(200)).body.count).toBe(DEMO_TRADING_SIZES.strategyProfiles);
    expect((await get('operator', '/strategies/mm-profiles/?visibility=all').expect(200)).body.count).toBe(DEMO_TRADING_SIZES.mmProfiles);
    expect((await get('operator', '/strategies/tickers-configs/').expect(200)).body.count).toBe(DEMO_TRADING_SIZES.tickerConfigs);
    const info = (await get('operator', '/strategies/mm-profiles-deposit-info/').expect(200)).body;
    expect(info.mm_deposit).toBeGreaterThan(0);

    // A signal's logs answer the logs page's signal_id link.
    const [{ id }] = await ctx.db.query(`SELECT id::int FROM signals WHERE status = 'finished' ORDER BY id LIMIT 1`);
    const logs = (await get('operator', `/logs/?signal_id=${id}`).expect(200)).body;
    expect(logs.count).toBe(DEMO_TRADING_SIZES.logsPerSignal);
    expect(logs.results.map((r: { event_type: string }) => r.event_type)).toContain('signal_finished');
  });

  it('gives groups that show the levels: the auditor reads and cannot change, the reader sees some log columns only', async () => {
    await get('auditor', '/strategies/exchange-accounts/').expect(200);
    await ctx.http().post('/api/v2/strategies/pairs/').set(...auth(tokens.auditor)).expect(403);
    await get('auditor', '/users/groups/').expect(403);
    const row = (await get('reader', '/logs/').expect(200)).body.results[0];
    expect(Object.keys(row).sort()).toEqual(['created_at', 'event_type', 'id', 'log_data', 'pair_name', 'type']);
    await get('reader', '/logs/?type=error').expect(403);
    await get('reader', '/strategies/pairs/').expect(403);
  });
});
