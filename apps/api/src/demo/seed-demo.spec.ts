import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RISK_TRIGGER_TYPES, validateStrategySettings } from '@console/contracts';
import { decryptSecret } from '../common/crypto/secrets';
import { auth, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { DEMO_PASSWORD, seedDemo } from './seed-demo';
import { DEMO_DEPOSIT, DEMO_PROFILES, MM_PROFILES, TICKER_CONFIGS } from './trading-config';

describe('demo data', () => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    ctx = await createTestApp();
    const first = await seedDemo(ctx.db, ctx.config.encryptionKey);
    expect(first).toEqual({
      seeded: true,
      users: ['operator@demo.local', 'auditor@demo.local', 'reader@demo.local'],
      trading: { ticker_configs: TICKER_CONFIGS.length, mm_profiles: MM_PROFILES.length, strategy_profiles: DEMO_PROFILES.length, deposit_transactions: 1, risk_triggers: RISK_TRIGGER_TYPES.length },
    });
    for (const email of first.users) {
      const [{ id }] = await ctx.db.query(`SELECT id FROM users WHERE email = $1`, [email]);
      tokens[email.split('@')[0]] = (await sessionFor(ctx, id)).access;
    }
  });
  afterAll(() => ctx.close());

  const get = (who: string, path: string) => ctx.http().get(`/api/v2${path}`).set(...auth(tokens[who]));

  it('runs once: a second run leaves the database as it is', async () => {
    const counts = `SELECT (SELECT count(*) FROM groups) AS g, (SELECT count(*) FROM users) AS u, (SELECT count(*) FROM notifications) AS n,
                           (SELECT count(*) FROM strategy_profiles) AS p, (SELECT count(*) FROM risk_triggers) AS t`;
    const before = await ctx.db.query(counts);
    expect(await seedDemo(ctx.db, ctx.config.encryptionKey)).toMatchObject({ seeded: false });
    expect(await ctx.db.query(counts)).toEqual(before);
  });

  it('gives users who sign in with the demo password', async () => {
    const login = await ctx.http().post('/api/v2/users/login/').send({ email: 'operator@demo.local', password: DEMO_PASSWORD }).expect(200);
    expect(login.body.access).toEqual(expect.any(String));
  });

  it('fills what the operator sees: pairs, an account with its secret encrypted; notifications are the engine\'s', async () => {
    const pairs = (await get('operator', '/strategies/pairs/').expect(200)).body;
    expect(pairs.results.filter((p: { is_active: boolean }) => p.is_active)).toHaveLength(10);
    const accounts = (await get('operator', '/strategies/exchange-accounts/').expect(200)).body;
    expect(accounts.results).toMatchObject([{ title: 'Demo paper account', leverage: 10 }]);
    const [{ api_secret_enc }] = await ctx.db.query(`SELECT api_secret_enc FROM exchange_accounts`);
    expect(decryptSecret(api_secret_enc, ctx.config.encryptionKey)).toBe('demo-secret-not-a-real-key');
    // No made-up alerts: the engine's risk triggers and trading write the notifications.
    expect((await get('operator', '/notifications/').expect(200)).body.count).toBe(0);
  });

  it('gives the paper engine a trading configuration and no trading rows: those are the engine\'s to make', async () => {
    const [counts] = await ctx.db.query(
      `SELECT (SELECT count(*)::int FROM signals) AS signals, (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM positions) AS positions,
              (SELECT count(*)::int FROM account_metrics) AS metrics, (SELECT count(*)::int FROM logs WHERE type <> 'user') AS logs`,
    );
    // (A sign-in above wrote its user log row: not a trading one.)
    expect(counts).toEqual({ signals: 0, orders: 0, positions: 0, metrics: 0, logs: 0 });
    expect(await ctx.db.query(`SELECT status FROM bot_status`)).toEqual([{ status: 'enabled' }]);

    // Several active profiles with complete, valid settings, on active ticker configs with several active pairs.
    const profiles: { title: string; status: string; settings: unknown; pairs: number; config_status: string }[] = await ctx.db.query(
      `SELECT sp.title, sp.status, sp.settings, tc.status AS config_status,
              (SELECT count(*)::int FROM ticker_config_pairs tcp JOIN pairs p ON p.id = tcp.pair_id WHERE tcp.ticker_config_id = tc.id AND p.is_active) AS pairs
         FROM strategy_profiles sp LEFT JOIN ticker_configs tc ON tc.id = sp.ticker_config_id ORDER BY sp.id`,
    );
    const active = profiles.filter((p) => p.status === 'active');
    expect(active.length).toBeGreaterThanOrEqual(3);
    for (const p of active) {
      expect(validateStrategySettings(p.settings), p.title).toEqual({});
      expect(p.config_status).toBe('active');
      expect(p.pairs).toBeGreaterThanOrEqual(3);
    }
    expect(profiles.map((p) => p.status).sort()).toEqual(expect.arrayContaining(['draft', 'inactive']));

    // One trigger of each type, all on; the deposit is what the MM profiles share.
    const triggers: { trigger_type: string; is_active: boolean }[] = await ctx.db.query(`SELECT trigger_type, is_active FROM risk_triggers ORDER BY trigger_type`);
    expect(triggers.map((t) => t.trigger_type)).toEqual([...RISK_TRIGGER_TYPES].sort());
    expect(triggers.every((t) => t.is_active)).toBe(true);
    const [{ quotas }] = await ctx.db.query(`SELECT sum(all_signals_quota)::float8 AS quotas FROM mm_profiles`);
    expect(quotas).toBe(DEMO_DEPOSIT);

    // The lists answer with the demo's configuration.
    expect((await get('operator', '/strategies/profiles/?show_hide=true').expect(200)).body.count).toBe(DEMO_PROFILES.length);
    expect((await get('operator', '/strategies/mm-profiles/?visibility=all').expect(200)).body.count).toBe(MM_PROFILES.length);
    expect((await get('operator', '/strategies/tickers-configs/').expect(200)).body.count).toBe(TICKER_CONFIGS.length);
    const info = (await get('operator', '/strategies/mm-profiles-deposit-info/').expect(200)).body;
    expect(info.mm_deposit).toBe(DEMO_DEPOSIT);
  });

  it('gives groups that show the levels: the auditor reads and cannot change, the reader sees some log columns only', async () => {
    await get('auditor', '/strategies/exchange-accounts/').expect(200);
    await ctx.http().post('/api/v2/strategies/pairs/').set(...auth(tokens.auditor)).expect(403);
    await get('auditor', '/users/groups/').expect(403);
    // The engine's first log row (it writes them while it trades).
    await ctx.db.query(`INSERT INTO logs (type, event_type, log_data) VALUES ('general', 'signal_received', '{"message": "signal started"}')`);
    const row = (await get('reader', '/logs/').expect(200)).body.results[0];
    expect(Object.keys(row).sort()).toEqual(['created_at', 'event_type', 'id', 'log_data', 'pair_name', 'type']);
    await get('reader', '/logs/?type=error').expect(403);
    await get('reader', '/strategies/pairs/').expect(403);
  });
});
