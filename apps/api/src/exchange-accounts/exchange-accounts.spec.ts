import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, OWN_MESSAGES, permsAll } from '@console/contracts';
import { decryptSecret } from '../common/crypto/secrets';
import { createTestApp, TestContext } from '../test/harness';
import { auth, makeUser, sessionFor } from '../test/factories';
import { EXCHANGE_ACCOUNT_MESSAGES as M } from '@console/contracts';

const A = '/api/v2/strategies/exchange-accounts/';
const SECRET = 'plain-Secret-value-7f3a9c';
const NEW_SECRET = 'second-Secret-value-2b8e1d';

describe('exchange accounts', () => {
  let ctx: TestContext;
  let admin: string;
  let adminEmail: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    const user = await makeUser(ctx.db, { perms: permsAll('Full') });
    adminEmail = user.email;
    admin = (await sessionFor(ctx, user.id)).access;
  });
  afterAll(() => ctx.close());

  const post = (body: object, status: number) => ctx.http().post(A).set(...auth(admin)).send(body).expect(status);
  const put = (id: number, body: object, status: number) => ctx.http().put(`${A}${id}/`).set(...auth(admin)).send(body).expect(status);
  const valid = { title: 'Main account', api_key: 'key-123', api_secret: SECRET, leverage: 20, broker_id: 'BRK1' };

  it('creates an account, stores the secret encrypted and never answers it', async () => {
    const res = await post(valid, 201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: 'Main account',
      api_key: 'key-123',
      leverage: 20,
      broker_id: 'BRK1',
      broker_program_is_active: false,
      broker_program_is_available: false,
      exchange: 'binance',
      market: 'model',
      mode: 'paper',
      api_url: null,
    });
    const [row] = await ctx.db.query(`SELECT api_secret_enc FROM exchange_accounts WHERE id = $1`, [res.body.id]);
    expect(row.api_secret_enc).not.toContain(SECRET);
    expect(decryptSecret(row.api_secret_enc, ctx.config.encryptionKey)).toBe(SECRET);
    const list = await ctx.http().get(A).set(...auth(admin)).expect(200);
    expect(list.body.results.map((a: { id: number }) => a.id)).toContain(res.body.id);
    expect(list.body.results[0]).not.toHaveProperty('api_secret');
  });

  it('answers the spec’s messages for bad input', async () => {
    expect((await post({ ...valid, title: '' }, 400)).body).toEqual({ title: [MESSAGES.nameBlank] });
    expect((await post({ ...valid, title: '   ' }, 400)).body).toEqual({ title: [MESSAGES.nameBlank] });
    expect((await post({ ...valid, title: undefined }, 400)).body).toEqual({ title: [MESSAGES.nameBlank] });
    expect((await post({ ...valid, title: 'x'.repeat(65) }, 400)).body).toEqual({ title: [MESSAGES.nameTooLong] });
    expect((await post({ ...valid, api_key: '' }, 400)).body).toEqual({ api_key: [M.apiKeyBlank] });
    expect((await post({ ...valid, api_key: 'k'.repeat(65) }, 400)).body).toEqual({ api_key: [M.apiKeyTooLong] });
    expect((await post({ ...valid, api_secret: '' }, 400)).body).toEqual({ api_secret: [M.apiSecretBlank] });
    expect((await post({ ...valid, api_secret: undefined }, 400)).body).toEqual({ api_secret: [M.apiSecretBlank] });
    expect((await post({ ...valid, api_secret: 's'.repeat(65) }, 400)).body).toEqual({ api_secret: [M.apiSecretTooLong] });
    for (const leverage of [101, -1]) expect((await post({ ...valid, leverage }, 400)).body).toEqual({ leverage: [MESSAGES.leverageRange] });
    // Missing is required, not out of range; a word is not a number.
    for (const leverage of ['', null, undefined]) expect((await post({ ...valid, leverage }, 400)).body).toEqual({ leverage: [MESSAGES.fieldRequired] });
    expect((await post({ ...valid, leverage: 'abc' }, 400)).body).toEqual({ leverage: [OWN_MESSAGES.numberExpected] });
    expect((await post({ ...valid, leverage: 1.234 }, 400)).body).toEqual({ leverage: [M.leverageDecimals] });
    expect((await post({ ...valid, leverage: '100' }, 201)).body.leverage).toBe(100);
    expect((await post({ ...valid, leverage: 0, broker_id: undefined }, 201)).body).toMatchObject({ leverage: 0, broker_id: null });
    expect((await post({ ...valid, broker_id: 'b'.repeat(65) }, 400)).body).toEqual({ broker_id: [M.brokerIdTooLong] });
    expect((await post({}, 400)).body).toHaveProperty('title');
  });

  it('keeps the stored secret when an update leaves it out or empty, replaces it when given', async () => {
    const { id } = (await post(valid, 201)).body;
    const secretOf = async () => decryptSecret((await ctx.db.query(`SELECT api_secret_enc FROM exchange_accounts WHERE id = $1`, [id]))[0].api_secret_enc, ctx.config.encryptionKey);
    const { api_secret: _omit, ...withoutSecret } = valid;
    expect((await put(id, { ...withoutSecret, title: 'Renamed', leverage: 5 }, 200)).body).toMatchObject({ id, title: 'Renamed', leverage: 5 });
    expect(await secretOf()).toBe(SECRET);
    await put(id, { ...withoutSecret, api_secret: '' }, 200);
    expect(await secretOf()).toBe(SECRET);
    await put(id, { ...withoutSecret, api_secret: NEW_SECRET }, 200);
    expect(await secretOf()).toBe(NEW_SECRET);
    expect((await put(id, { ...withoutSecret, title: '' }, 400)).body).toEqual({ title: [MESSAGES.nameBlank] });
    await put(999999, withoutSecret, 404);
    const log = await ctx.db.query(`SELECT log_data FROM logs WHERE event_type = 'exchange_account_updated' ORDER BY id DESC LIMIT 1`);
    expect(log[0].log_data).toMatchObject({ exchange_account_id: id, credentials_replaced: true, after: { title: 'Main account' } });
  });

  it('refuses the broker program where it is not available', async () => {
    const { id } = (await post(valid, 201)).body;
    const res = await put(id, { ...valid, broker_program_is_active: true }, 400);
    expect(res.body).toEqual({ broker_program_is_active: [M.brokerProgramNotAvailable] });
    await ctx.db.query(`UPDATE exchange_accounts SET broker_program_is_available = true WHERE id = $1`, [id]);
    expect((await put(id, { ...valid, broker_program_is_active: true }, 200)).body.broker_program_is_active).toBe(true);
  });

  it('deletes an account, logs it, and 404s a missing one', async () => {
    const { id } = (await post(valid, 201)).body;
    await ctx.http().delete(`${A}${id}/`).set(...auth(admin)).expect(204);
    await ctx.http().delete(`${A}${id}/`).set(...auth(admin)).expect(404);
    const log = await ctx.db.query(`SELECT user_id FROM logs WHERE event_type = 'exchange_account_deleted' AND (log_data->>'exchange_account_id')::int = $1`, [id]);
    expect(log).toHaveLength(1);
    const [notice] = await ctx.db.query(`SELECT title, text_body FROM notifications WHERE title = 'Exchange account deleted' ORDER BY id DESC LIMIT 1`);
    expect(notice.text_body).toBe(`“${valid.title}” was deleted by ${adminEmail}.`);
  });

  it('refuses to delete an account an MM profile trades on, and changes nothing', async () => {
    const { id } = (await post(valid, 201)).body;
    await ctx.db.query(`INSERT INTO mm_profiles (title, exchange_account_id, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ('On it', $1, 5, 1, 1000)`, [id]);
    const res = await ctx.http().delete(`${A}${id}/`).set(...auth(admin)).expect(400);
    expect(res.body).toEqual({ detail: M.usedByMmProfiles });
    expect(await ctx.db.query(`SELECT 1 FROM exchange_accounts WHERE id = $1`, [id])).toHaveLength(1);
  });

  it('an account and the notice of its creation or deletion commit together, with the notice\'s Telegram row', async () => {
    // A failing notice insert stands in for a process killed, or a connection cut, between the change's
    // commit and its notice: the change must not stand without its notice.
    await ctx.db.query(`CREATE FUNCTION refuse_notice() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'notice refused'; END $$`);
    const title = 'Announced desk';
    const kept = (await post({ ...valid, title: 'Kept desk' }, 201)).body.id;
    await ctx.db.query(`CREATE TRIGGER refuse_notice BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION refuse_notice()`);
    try {
      await post({ ...valid, title }, 500);
      await ctx.http().delete(`${A}${kept}/`).set(...auth(admin)).expect(500);
    } finally {
      await ctx.db.query(`DROP TRIGGER refuse_notice ON notifications`);
    }
    expect(await ctx.db.query(`SELECT 1 FROM exchange_accounts WHERE title = $1`, [title])).toHaveLength(0);
    expect(await ctx.db.query(`SELECT 1 FROM exchange_accounts WHERE id = $1`, [kept])).toHaveLength(1);

    await post({ ...valid, title }, 201);
    await ctx.http().delete(`${A}${kept}/`).set(...auth(admin)).expect(204);
    const notices = await ctx.db.query(
      `SELECT n.text_body, o.status FROM notifications n JOIN telegram_outbox o ON o.notification_id = n.id WHERE n.text_body IN ($1, $2)`,
      [`“${title}” was added by ${adminEmail}.`, `“Kept desk” was deleted by ${adminEmail}.`],
    );
    expect(notices).toHaveLength(2);
  });

  it('no answer and no log row ever holds a plain secret', async () => {
    const created = await post(valid, 201);
    const { id } = created.body;
    const answers = [
      created.text,
      (await put(id, { ...valid, api_secret: NEW_SECRET, title: 'Renamed' }, 200)).text,
      (await put(id, { ...valid, api_secret: 's'.repeat(65) }, 400)).text,
      (await post({ ...valid, leverage: 'high' }, 400)).text,
      (await ctx.http().get(A).set(...auth(admin)).expect(200)).text,
      (await ctx.http().delete(`${A}${id}/`).set(...auth(admin)).expect(204)).text,
    ];
    for (const text of answers) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(NEW_SECRET);
    }
    const logs: { text: string }[] = await ctx.db.query(
      `SELECT log_data::text AS text FROM logs UNION ALL SELECT title || text_body FROM notifications UNION ALL SELECT text FROM telegram_outbox`,
    );
    expect(logs.length).toBeGreaterThan(3);
    for (const { text } of logs) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(NEW_SECRET);
    }
  });
});
