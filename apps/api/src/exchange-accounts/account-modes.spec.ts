import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, EXCHANGE_TRADING_MESSAGES as TM, permsAll, type Perm } from '@console/contracts';
import { createTestApp, TestContext } from '../test/harness';
import { auth, makeUser, sessionFor, signInThroughHttp, totpCode, wrongTotpCode, type TestUser } from '../test/factories';

const A = '/api/v2/strategies/exchange-accounts/';
const live = (id: number) => `${A}${id}/live/`;
const valid = { title: 'Desk one', api_key: 'key-1', api_secret: 'secret-1', leverage: 10, exchange: 'binanceusdm' };

describe('exchange account modes and the switch to live', () => {
  let ctx: TestContext;
  let admin: TestUser & { access: string; secret: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedIn(permsAll('Full'));
  });
  afterAll(() => ctx.close());

  /** A user past TOTP with the step before now used, so the codes of now and later are still unused. */
  async function signedIn(perms: Partial<Perm>[]) {
    const user = await makeUser(ctx.db, { perms });
    const pair = await signInThroughHttp(ctx, user, -1);
    return { ...user, access: pair.access, secret: pair.secret };
  }
  const post = (body: object, status: number) => ctx.http().post(A).set(...auth(admin.access)).send(body).expect(status);
  const newAccount = async (body: object = {}) => (await post({ ...valid, ...body }, 201)).body as { id: number; title: string };
  const modeOf = async (id: number) => (await ctx.db.query(`SELECT mode FROM exchange_accounts WHERE id = $1`, [id]))[0].mode;

  it('creates paper accounts by default, demo on the supported exchanges, with an optional API URL', async () => {
    expect((await post(valid, 201)).body).toMatchObject({ mode: 'paper', api_url: null, exchange: 'binanceusdm' });
    const demo = (await post({ ...valid, exchange: 'bybit', mode: 'demo', api_url: 'http://127.0.0.1:9/' }, 201)).body;
    expect(demo).toMatchObject({ mode: 'demo', api_url: 'http://127.0.0.1:9', exchange: 'bybit' });
    // Absent keeps; an empty URL clears.
    const { api_secret: _secret, ...kept } = valid;
    expect((await ctx.http().put(`${A}${demo.id}/`).set(...auth(admin.access)).send({ ...kept, exchange: 'bybit' }).expect(200)).body).toMatchObject({ mode: 'demo', api_url: 'http://127.0.0.1:9' });
    expect((await ctx.http().put(`${A}${demo.id}/`).set(...auth(admin.access)).send({ ...kept, exchange: 'bybit', api_url: '' }).expect(200)).body.api_url).toBeNull();
  });

  it('answers 400 with a clear message for a bad mode, URL or a demo on an exchange the venue does not trade', async () => {
    expect((await post({ ...valid, mode: 'real' }, 400)).body).toEqual({ mode: [TM.modeInvalid] });
    expect((await post({ ...valid, mode: 'live' }, 400)).body).toEqual({ mode: [TM.modeInvalid] });
    expect((await post({ ...valid, mode: 'demo', exchange: 'binance' }, 400)).body).toEqual({ exchange: [TM.exchangeNotTradable] });
    for (const api_url of ['ftp://host', 'http://host/path', 'javascript:alert(1)', 42]) expect((await post({ ...valid, api_url }, 400)).body).toHaveProperty('api_url');
    expect((await post({ ...valid, api_url: `http://${'a'.repeat(260)}` }, 400)).body).toEqual({ api_url: [TM.apiUrlTooLong] });
  });

  describe('POST …/live/', () => {
    it('switches with Full, the current TOTP code and the typed title; audited and notified with the Telegram row', async () => {
      const { id, title } = await newAccount({ mode: 'demo' });
      const res = await ctx.http().post(live(id)).set(...auth(admin.access)).send({ totp_code: totpCode(admin.secret, ctx.clock.now()), confirmation: title }).expect(200);
      expect(res.body).toMatchObject({ id, mode: 'live' });
      expect(await modeOf(id)).toBe('live');
      const [log] = await ctx.db.query(`SELECT user_id, log_data FROM logs WHERE event_type = 'exchange_account_went_live' AND (log_data->>'exchange_account_id')::int = $1`, [id]);
      expect(log).toMatchObject({ user_id: admin.id, log_data: { before: { mode: 'demo' }, after: { mode: 'live' } } });
      const [notice] = await ctx.db.query(
        `SELECT n.kind, n.text_body, o.id AS outbox FROM notifications n JOIN telegram_outbox o ON o.notification_id = n.id WHERE n.title = 'Exchange account switched to live' ORDER BY n.id DESC LIMIT 1`,
      );
      expect(notice).toMatchObject({ kind: 'account_mode_changed', text_body: `“${title}” (binanceusdm) now trades with real funds: switched by ${admin.email}.` });
      // The same code again is a replay; an account live already says so.
      const again = await ctx.http().post(live(id)).set(...auth(admin.access)).send({ totp_code: totpCode(admin.secret, ctx.clock.now()), confirmation: title }).expect(400);
      expect(again.body).toEqual({ detail: TM.alreadyLive });
    });

    it('refuses without a TOTP code, with a wrong or replayed one, or without the typed title, and changes nothing', async () => {
      const { id, title } = await newAccount();
      const send = (body: object) => ctx.http().post(live(id)).set(...auth(admin.access)).send(body).expect(400);
      expect((await send({ confirmation: title })).body).toEqual({ totp_code: [TM.totpRequired] });
      expect((await send({ totp_code: '', confirmation: title })).body).toEqual({ totp_code: [TM.totpRequired] });
      expect((await send({ totp_code: wrongTotpCode(admin.secret, ctx.clock.now()), confirmation: title })).body).toEqual({ totp_code: [TM.totpWrong] });
      // The sign-in used the step before now: that code is spent.
      expect((await send({ totp_code: totpCode(admin.secret, ctx.clock.now(), -1), confirmation: title })).body).toEqual({ totp_code: [TM.totpWrong] });
      expect((await send({ totp_code: totpCode(admin.secret, ctx.clock.now(), 1) })).body).toEqual({ confirmation: [TM.confirmationRequired] });
      expect((await send({ totp_code: totpCode(admin.secret, ctx.clock.now(), 1), confirmation: 'Desk two' })).body).toEqual({ confirmation: [TM.confirmationWrong] });
      expect(await modeOf(id)).toBe('paper');
      const paper = await newAccount({ exchange: 'kraken' });
      expect((await ctx.http().post(live(paper.id)).set(...auth(admin.access)).send({ totp_code: totpCode(admin.secret, ctx.clock.now(), 1), confirmation: paper.title }).expect(400)).body).toEqual({
        exchange: [TM.exchangeNotTradable],
      });
      await ctx.http().post(live(999999)).set(...auth(admin.access)).send({ totp_code: totpCode(admin.secret, ctx.clock.now(), 1), confirmation: 'x' }).expect(404);
    });

    it('refuses a user who never set up TOTP', async () => {
      const { id, title } = await newAccount();
      const user = await makeUser(ctx.db, { perms: permsAll('Full') });
      const { access } = await sessionFor(ctx, user.id);
      expect((await ctx.http().post(live(id)).set(...auth(access)).send({ totp_code: '123456', confirmation: title }).expect(400)).body).toEqual({ detail: TM.totpNotSetUp });
    });

    it('is refused (403) to ReadOnly, to a Limited level, and to an API token even with Full', async () => {
      const { id, title } = await newAccount();
      const readOnly = await signedIn([{ section_name: 'exchange_account', status: 'ReadOnly' }]);
      await ctx.http().post(live(id)).set(...auth(readOnly.access)).send({ totp_code: totpCode(readOnly.secret, ctx.clock.now()), confirmation: title }).expect(403);
      // Limited is not among the section's levels; a group row holding it anyway still cannot switch.
      const limited = await signedIn([{ section_name: 'exchange_account', status: 'Limited', fields: [] }]);
      await ctx.http().post(live(id)).set(...auth(limited.access)).send({ totp_code: totpCode(limited.secret, ctx.clock.now()), confirmation: title }).expect(403);
      const token = (
        await ctx.http().post('/api/v2/users/tokens/').set(...auth(admin.access))
          .send({ name: 'script', expires_at: new Date(Date.now() + 86_400_000).toISOString(), perms: [{ section_name: 'exchange_account', status: 'Full' }] })
          .expect(201)
      ).body.token as string;
      const refused = await ctx.http().post(live(id)).set(...auth(token)).send({ totp_code: totpCode(admin.secret, ctx.clock.now(), 1), confirmation: title }).expect(403);
      expect(refused.body).toEqual({ detail: API_TOKEN_MESSAGES.areaForbidden });
      // The same token may still edit the account: only the switch is its forbidden area.
      const { api_secret: _s, ...kept } = valid;
      await ctx.http().put(`${A}${id}/`).set(...auth(token)).send({ ...kept, title }).expect(200);
      expect(await modeOf(id)).toBe('paper');
    });

    it('back from live takes Full only (the form), and is notified', async () => {
      const { id, title } = await newAccount({ mode: 'demo' });
      await ctx.db.query(`UPDATE exchange_accounts SET mode = 'live' WHERE id = $1`, [id]);
      const { api_secret: _s, ...kept } = valid;
      // A form saved unchanged keeps it live; demo takes it back.
      expect((await ctx.http().put(`${A}${id}/`).set(...auth(admin.access)).send({ ...kept, title, mode: 'live' }).expect(200)).body.mode).toBe('live');
      expect((await ctx.http().put(`${A}${id}/`).set(...auth(admin.access)).send({ ...kept, title, mode: 'demo' }).expect(200)).body.mode).toBe('demo');
      const [notice] = await ctx.db.query(`SELECT kind, text_body FROM notifications WHERE title = 'Exchange account left live' ORDER BY id DESC LIMIT 1`);
      expect(notice).toEqual({ kind: 'account_mode_changed', text_body: `“${title}” trades in demo again: switched by ${admin.email}.` });
    });
  });
});
