import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_TRADING_MESSAGES as TM, permsAll } from '@console/contracts';
import { createTestApp, TestContext } from '../test/harness';
import { tradingClient } from './exchange-connection.service';
import { auth, makeUser, sessionFor } from '../test/factories';
import { INVALID_API_KEY, RECORDED_FUTURES_ACCOUNT, startFuturesExchangeServer, type FuturesExchangeServer } from '../test/futures-exchange-server';

const A = '/api/v2/strategies/exchange-accounts/';
const SECRET = 'futures-Secret-4d1c9e';

describe('test connection', () => {
  let ctx: TestContext;
  let exchange: FuturesExchangeServer;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    exchange = await startFuturesExchangeServer();
    admin = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('Full') })).id)).access;
  });
  afterAll(async () => {
    await exchange.close();
    await ctx.close();
  });

  const account = async (body: object) =>
    (await ctx.http().post(A).set(...auth(admin)).send({ title: 'Futures', api_key: 'futures-key', api_secret: SECRET, leverage: 5, exchange: 'binanceusdm', mode: 'demo', api_url: exchange.origin, ...body }).expect(201)).body.id as number;
  const test = (id: number, status = 200) => ctx.http().post(`${A}${id}/test-connection/`).set(...auth(admin)).send({}).expect(status);

  it('asks the exchange for the balance with the account’s keys, signed, on its API URL, and shows the exchange’s balances', async () => {
    const id = await account({});
    exchange.requests.length = 0;
    const res = await test(id);
    expect(res.body).toEqual({ ok: true, exchange: 'binanceusdm', mode: 'demo', balances: [{ currency: 'USDT', free: '31.022612', used: '0', total: '31.022612' }], error: null });
    expect(exchange.requests).toEqual([
      { method: 'GET', path: '/fapi/v1/exchangeInfo', apiKey: null, signed: false },
      { method: 'GET', path: '/fapi/v3/account', apiKey: 'futures-key', signed: true },
    ]);
    expect(res.text).not.toContain(SECRET);
    const [log] = await ctx.db.query(`SELECT log_data FROM logs WHERE event_type = 'exchange_account_connection_tested' AND (log_data->>'exchange_account_id')::int = $1`, [id]);
    expect(log.log_data).toMatchObject({ exchange: 'binanceusdm', mode: 'demo', ok: true, error: null });
  });

  it('shows the exchange’s own message when it refuses the keys, never the secret', async () => {
    const id = await account({ title: 'Refused' });
    exchange.answerAccount({ status: 401, body: INVALID_API_KEY });
    try {
      const res = await test(id);
      expect(res.body).toMatchObject({ ok: false, balances: [] });
      expect(res.body.error).toContain(INVALID_API_KEY.msg);
      expect(res.text).not.toContain(SECRET);
    } finally {
      exchange.answerAccount({ status: 200, body: RECORDED_FUTURES_ACCOUNT });
    }
  });

  it('names an unreachable host as the network does', async () => {
    const id = await account({ title: 'Nowhere', api_url: 'http://127.0.0.1:9' });
    const res = await test(id);
    expect(res.body).toMatchObject({ ok: false, balances: [] });
    expect(res.body.error).toMatch(/127\.0\.0\.1:9/);
  });

  it('points ccxt at the exchange’s testnet in demo and at its own host when live (no request made)', () => {
    const hosts = (mode: 'demo' | 'live') => JSON.stringify(tradingClient({ exchange: 'binanceusdm', mode, api_url: null, api_key: 'k' }, 's').urls.api);
    expect(hosts('demo')).toContain('testnet.binancefuture.com');
    expect(hosts('live')).not.toContain('testnet');
    expect(hosts('live')).toContain('fapi.binance.com');
  });

  it('refuses a paper account (400), a missing one (404), and a ReadOnly user (403)', async () => {
    const paper = await account({ title: 'Paper', mode: 'paper' });
    expect((await test(paper, 400)).body).toEqual({ detail: TM.paperHasNoConnection });
    await test(999999, 404);
    const reader = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'exchange_account', status: 'ReadOnly' }] })).id)).access;
    await ctx.http().post(`${A}${paper}/test-connection/`).set(...auth(reader)).send({}).expect(403);
  });
});
