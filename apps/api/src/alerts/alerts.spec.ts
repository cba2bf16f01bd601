import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_ENGINE_MESSAGES, ALERT_LIMITS, ALERT_MESSAGES as M, ALERT_PATHS, decodeChange, ERROR_CODES, liveStreamKey, payloadMatches } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { startEngine, type TestEngine } from '../test/engine';
import { createTestApp, TestContext } from '../test/harness';
import { FIXTURE_SETTINGS } from '../test/trading-fixtures';

const api = (path: string) => `/api/v2${path}`;

interface World {
  profileId: number;
  pairs: { id: number; ticker: string }[];
}

describe('alert webhooks', () => {
  let ctx: TestContext;
  let engine: TestEngine;
  let operator: string;
  let reader: string;
  let n = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    engine = await startEngine(ctx, { live: true });
    operator = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'profiles', status: 'Full' }] })).id)).access;
    reader = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'profiles', status: 'ReadOnly' }] })).id)).access;
    await ctx.db.query(`UPDATE bot_status SET status = 'enabled' WHERE singleton`);
  });
  afterAll(async () => {
    await engine?.stop();
    await ctx?.close();
  });

  /** An active profile (its ticker list stopped, so the market never opens signals on its own) on two pairs. */
  async function makeWorld(): Promise<World> {
    const tag = `${++n}${Date.now() % 100000}`;
    const [account] = await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ($1, 'k', 'x', 5) RETURNING id`, [`Alerts ${tag}`]);
    const [mm] = await ctx.db.query(
      `INSERT INTO mm_profiles (title, exchange_account_id, status, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ($1, $2, 'active', 5, 1, 1000) RETURNING id`,
      [`Alerts MM ${tag}`, account.id],
    );
    const [tickers] = await ctx.db.query(`INSERT INTO ticker_configs (title) VALUES ($1) RETURNING id`, [`Alerts list ${tag}`]);
    const pairs: World['pairs'] = [];
    for (const base of ['AAA', 'BBB']) {
      const ticker = `${base}${tag}USDT`;
      const [pair] = await ctx.db.query(`INSERT INTO pairs (ticker, is_active) VALUES ($1, true) RETURNING id`, [ticker]);
      await ctx.db.query(`INSERT INTO ticker_config_pairs (ticker_config_id, pair_id) VALUES ($1, $2)`, [tickers.id, pair.id]);
      pairs.push({ id: pair.id, ticker });
    }
    const [profile] = await ctx.db.query(
      `INSERT INTO strategy_profiles (title, status, profile_direction, exchange_account_id, mm_profile_id, ticker_config_id, settings)
       VALUES ($1, 'active', 'long', $2, $3, $4, $5) RETURNING id`,
      [`Alerts profile ${tag}`, account.id, mm.id, tickers.id, JSON.stringify(FIXTURE_SETTINGS)],
    );
    return { profileId: profile.id, pairs };
  }

  const enable = async (profileId: number, body: object = {}) =>
    (await ctx.http().post(api(ALERT_PATHS.settings(profileId))).set(...auth(operator)).send(body).expect(201)).body as { profile_key: string; secret: string; url: string; max_lag_seconds: number };
  const send = (key: string, body: object) => ctx.http().post(api(ALERT_PATHS.webhook(key))).send(body);
  const commandOf = async (id: string) => (await ctx.db.query(`SELECT kind, status, error, payload, requested_by FROM engine_commands WHERE id = $1`, [id]))[0];
  const settled = (id: string) => waitUntil(async () => (await commandOf(id)).status !== 'pending', 10_000);
  const openSignals = async (profileId: number) =>
    (await ctx.db.query(`SELECT id::text, pair_id, status, size_currency::text FROM signals WHERE profile_id = $1 AND status IN ('active', 'in_queue') ORDER BY id`, [profileId])) as {
      id: string;
      pair_id: number;
      status: string;
      size_currency: string;
    }[];

  it('turns alerts on with a secret shown once and stored hashed, rotates it, and turns them off', async () => {
    const world = await makeWorld();
    expect((await ctx.http().get(api(ALERT_PATHS.settings(world.profileId)))
      .set(...auth(reader)).expect(200)).body).toEqual({ enabled: false, profile_key: null, url: null, max_lag_seconds: ALERT_LIMITS.maxLagDefaultSeconds });
    await ctx.http().post(api(ALERT_PATHS.settings(world.profileId))).set(...auth(reader)).send({}).expect(403);

    const first = await enable(world.profileId);
    expect(first.profile_key).not.toBe(String(world.profileId));
    expect(first.profile_key.length).toBeGreaterThanOrEqual(20);
    expect(first.url).toBe(`${ctx.config.publicUrl}/api/v2/alerts/${first.profile_key}/`);
    const [stored] = await ctx.db.query(`SELECT secret_hash, enabled FROM strategy_profile_alerts WHERE profile_id = $1`, [world.profileId]);
    expect(stored.enabled).toBe(true);
    expect(stored.secret_hash).not.toContain(first.secret);
    expect(JSON.stringify(await ctx.db.query(`SELECT log_data FROM logs WHERE event_type = 'alerts_enabled' AND profile_id = $1`, [world.profileId]))).not.toContain(first.secret);

    // A new secret each call, the same key (the URL given to TradingView stays); the old secret stops working.
    const second = await enable(world.profileId, { max_lag_seconds: 60 });
    expect(second.profile_key).toBe(first.profile_key);
    expect(second.secret).not.toBe(first.secret);
    expect(second.max_lag_seconds).toBe(60);
    expect((await send(first.profile_key, { secret: first.secret, action: 'close_all' }).expect(401)).body).toEqual({ code: ERROR_CODES.tokenNotValid, detail: M.wrongSecret });
    await send(second.profile_key, { secret: second.secret, action: 'close_all' }).expect(202);
    expect((await ctx.http().get(api(ALERT_PATHS.settings(world.profileId))).set(...auth(reader)).expect(200)).body).toEqual({
      enabled: true,
      profile_key: first.profile_key,
      url: first.url,
      max_lag_seconds: 60,
    });
    expect((await ctx.http().post(api(ALERT_PATHS.settings(world.profileId))).set(...auth(operator)).send({ max_lag_seconds: 1 }).expect(400)).body).toEqual({ max_lag_seconds: [M.maxLagRange] });

    await ctx.http().delete(api(ALERT_PATHS.settings(world.profileId))).set(...auth(operator)).expect(204);
    await send(second.profile_key, { secret: second.secret, action: 'close_all' }).expect(401);
    await send('no-such-key', { secret: second.secret, action: 'close_all' }).expect(401);
    expect((await send(second.profile_key, { action: 'close_all' }).expect(400)).body).toEqual({ secret: [M.secretBlank] });
  });

  it('an accepted open becomes a signal the engine opened with the MM sizing; a second open on the pair is refused by the engine', async () => {
    const world = await makeWorld();
    const { profile_key, secret } = await enable(world.profileId);
    const answer = await send(profile_key, { secret, action: 'open', pair: `BINANCE:${world.pairs[0].ticker.toLowerCase()}`, price: '1.5', alert_id: 'open-1', comment: 'ignored' }).expect(202);
    expect(answer.body).toEqual({ status: 'accepted', alert_id: 'open-1', action: 'open', pair: world.pairs[0].ticker, command_id: expect.any(String) });
    const command = await commandOf(answer.body.command_id);
    expect(command).toMatchObject({ kind: 'alert_open', requested_by: null, payload: { pair_id: String(world.pairs[0].id), alert_id: 'open-1', price: '1.5' } });
    // As the protocol page declares the kind's payload (ids and numbers as text).
    expect(payloadMatches('alert_open', command.payload)).toBe(true);

    await settled(answer.body.command_id);
    expect(await commandOf(answer.body.command_id)).toMatchObject({ status: 'succeeded', error: null });
    const signals = await openSignals(world.profileId);
    expect(signals).toHaveLength(1);
    // The MM profile's quota for one signal: 1000 over 5 signals.
    expect(signals[0]).toMatchObject({ pair_id: world.pairs[0].id, status: 'active' });
    const [planned] = await ctx.db.query(`SELECT sum(price * quantity)::float8 AS usd FROM orders WHERE signal_id = $1 AND order_type = 'enter'`, [signals[0].id]);
    expect(planned.usd).toBeGreaterThan(199);
    expect(planned.usd).toBeLessThanOrEqual(200);
    const [received] = await ctx.db.query(`SELECT log_data FROM logs WHERE event_type = 'signal_received' AND signal_id = $1`, [signals[0].id]);
    expect(received.log_data.message).toContain('alert open-1');
    const [accepted] = await ctx.db.query(`SELECT log_data, pair_id FROM logs WHERE event_type = 'alert_accepted' AND profile_id = $1`, [world.profileId]);
    expect(accepted).toMatchObject({ pair_id: world.pairs[0].id, log_data: { alert_id: 'open-1', action: 'open', command_id: answer.body.command_id } });
    // Announced live like every command: written, then settled; neither carries an action_state for the profile.
    const liveChanges = async () => (await ctx.redis.xrange(liveStreamKey(ctx.config.redisPrefix), '-', '+')).map(([id, fields]) => decodeChange(id, fields));
    const ofCommand = async () => (await liveChanges()).filter((c) => c?.resource === 'engine-commands' && c.ids?.includes(answer.body.command_id)).map((c) => c?.action);
    // The engine announces after its commit, so a moment after the row says settled.
    await waitUntil(async () => (await ofCommand()).length === 2, 5_000);
    expect(await ofCommand()).toEqual(['created', 'updated']);
    const changes = await liveChanges();
    const ofProfile = changes.filter((c) => c?.resource === 'strategy-profiles' && c.ids?.includes(String(world.profileId)));
    expect(ofProfile.length).toBeGreaterThan(0);
    expect(ofProfile.every((c) => c?.row === undefined)).toBe(true);
    // The profile's own start/stop state is not touched by its alerts.
    expect((await ctx.db.query(`SELECT action_state FROM strategy_profiles WHERE id = $1`, [world.profileId]))[0].action_state).toBe('NONE');

    const again = await send(profile_key, { secret, action: 'open', pair: world.pairs[0].ticker, alert_id: 'open-2' }).expect(202);
    await settled(again.body.command_id);
    expect(await commandOf(again.body.command_id)).toMatchObject({ status: 'failed', error: ALERT_ENGINE_MESSAGES.signalOpen });
    expect(await openSignals(world.profileId)).toHaveLength(1);
  });

  it('close ends that pair’s signal, close_all every open signal of the profile', async () => {
    const world = await makeWorld();
    const { profile_key, secret } = await enable(world.profileId);
    for (const pair of world.pairs) {
      const opened = await send(profile_key, { secret, action: 'open', pair: pair.ticker }).expect(202);
      await settled(opened.body.command_id);
    }
    expect((await openSignals(world.profileId)).map((s) => s.pair_id)).toEqual(world.pairs.map((p) => p.id));

    const closed = await send(profile_key, { secret, action: 'close', pair: world.pairs[0].ticker }).expect(202);
    await settled(closed.body.command_id);
    expect(await commandOf(closed.body.command_id)).toMatchObject({ kind: 'alert_close', status: 'succeeded' });
    expect((await openSignals(world.profileId)).map((s) => s.pair_id)).toEqual([world.pairs[1].id]);

    const all = await send(profile_key, { secret, action: 'close_all' }).expect(202);
    await settled(all.body.command_id);
    expect(await commandOf(all.body.command_id)).toMatchObject({ kind: 'alert_close_all', status: 'succeeded' });
    expect(await openSignals(world.profileId)).toEqual([]);

    const nothing = await send(profile_key, { secret, action: 'close_all' }).expect(202);
    await settled(nothing.body.command_id);
    expect(await commandOf(nothing.body.command_id)).toMatchObject({ status: 'failed', error: ALERT_ENGINE_MESSAGES.nothingOpen });
  });

  it('a repeated alert_id within a day is answered as the first, with one command', async () => {
    const world = await makeWorld();
    const { profile_key, secret } = await enable(world.profileId);
    const first = await send(profile_key, { secret, action: 'close_all', alert_id: 'tv-42' }).expect(202);
    const repeats = await Promise.all([1, 2, 3].map(() => send(profile_key, { secret, action: 'close_all', alert_id: 'tv-42' }).expect(202)));
    for (const repeat of repeats) expect(repeat.body).toEqual(first.body);
    expect(await ctx.db.query(`SELECT id FROM engine_commands WHERE kind = 'alert_close_all' AND target_id = $1`, [world.profileId])).toHaveLength(1);

    // A refusal is answered the same way again, even once the reason is gone.
    await ctx.db.query(`UPDATE strategy_profiles SET status = 'inactive' WHERE id = $1`, [world.profileId]);
    expect((await send(profile_key, { secret, action: 'close_all', alert_id: 'tv-43' }).expect(409)).body).toEqual({ detail: M.profileNotActive });
    await ctx.db.query(`UPDATE strategy_profiles SET status = 'active' WHERE id = $1`, [world.profileId]);
    expect((await send(profile_key, { secret, action: 'close_all', alert_id: 'tv-43' }).expect(409)).body).toEqual({ detail: M.profileNotActive });

    // Past the window the alert_id is new again.
    await ctx.db.query(`UPDATE alert_receipts SET received_at = now() - interval '25 hours' WHERE profile_id = $1 AND alert_id = 'tv-42'`, [world.profileId]);
    const later = await send(profile_key, { secret, action: 'close_all', alert_id: 'tv-42' }).expect(202);
    expect(later.body.command_id).not.toBe(first.body.command_id);
  });

  it('refuses an alert older than max_lag, or from the future, and takes ISO and epoch seconds or milliseconds', async () => {
    const world = await makeWorld();
    const { profile_key, secret } = await enable(world.profileId);
    const now = ctx.clock.now();
    const stale = await send(profile_key, { secret, action: 'close_all', timestamp: new Date(now - 400_000).toISOString() }).expect(400);
    expect(stale.body.detail).toBe(M.timestampTooOld(400, ALERT_LIMITS.maxLagDefaultSeconds));
    expect((await send(profile_key, { secret, action: 'close_all', timestamp: Math.floor((now - 400_000) / 1000) }).expect(400)).body.detail).toContain('300 s');
    expect((await send(profile_key, { secret, action: 'close_all', timestamp: now + 600_000 }).expect(400)).body).toEqual({ detail: M.timestampAhead });
    expect((await send(profile_key, { secret, action: 'close_all', timestamp: 'yesterday' }).expect(400)).body).toEqual({ timestamp: [M.timestampInvalid] });
    for (const timestamp of [new Date(now - 5_000).toISOString(), Math.floor(now / 1000), now, String(now)]) await send(profile_key, { secret, action: 'close_all', timestamp }).expect(202);
    const [logged] = await ctx.db.query(`SELECT type, log_data FROM logs WHERE event_type = 'alert_refused' AND profile_id = $1 ORDER BY id LIMIT 1`, [world.profileId]);
    expect(logged).toMatchObject({ type: 'restrictions', log_data: { reason: stale.body.detail } });
  });

  it('checks its fields and ignores unknown ones', async () => {
    const world = await makeWorld();
    const { profile_key, secret } = await enable(world.profileId);
    expect((await send(profile_key, { secret, action: 'buy', pair: 'X' }).expect(400)).body).toEqual({ action: [M.actionInvalid] });
    expect((await send(profile_key, { secret, action: 'open' }).expect(400)).body).toEqual({ pair: [M.pairBlank] });
    expect((await send(profile_key, { secret, action: 'open', pair: world.pairs[0].ticker, price: -1, alert_id: 'x'.repeat(129) }).expect(400)).body).toEqual({
      price: [M.priceInvalid],
      alert_id: [M.alertIdInvalid],
    });
    await send(profile_key, { secret, action: 'CLOSE_ALL', strategy: { position_size: 1 }, extra: [1, 2] }).expect(202);
  });

  it('refuses, with the reason and a log row, a stopped profile, a pair not in its list and the bot off', async () => {
    const world = await makeWorld();
    const { profile_key, secret } = await enable(world.profileId);
    const reasons = async () =>
      ((await ctx.db.query(`SELECT log_data FROM logs WHERE event_type = 'alert_refused' AND profile_id = $1 ORDER BY id`, [world.profileId])) as { log_data: { reason: string } }[]).map(
        (r) => r.log_data.reason,
      );

    expect((await send(profile_key, { secret, action: 'open', pair: 'ZZZUSDT' }).expect(400)).body).toEqual({ detail: M.pairNotListed('ZZZUSDT') });

    await ctx.db.query(`UPDATE bot_status SET status = 'disabled' WHERE singleton`);
    try {
      expect((await send(profile_key, { secret, action: 'open', pair: world.pairs[0].ticker }).expect(409)).body).toEqual({ detail: M.botOff });
    } finally {
      await ctx.db.query(`UPDATE bot_status SET status = 'enabled' WHERE singleton`);
    }

    await ctx.db.query(`UPDATE strategy_profiles SET status = 'inactive' WHERE id = $1`, [world.profileId]);
    expect((await send(profile_key, { secret, action: 'open', pair: world.pairs[0].ticker }).expect(409)).body).toEqual({ detail: M.profileNotActive });

    expect(await reasons()).toEqual([M.pairNotListed('ZZZUSDT'), M.botOff, M.profileNotActive]);
    expect(await ctx.db.query(`SELECT id FROM engine_commands WHERE target_type = 'strategy_profile' AND target_id = $1`, [world.profileId])).toEqual([]);
  });

  it('locks a profile out after too many wrong secrets, even for the right one, until the secret is rotated', async () => {
    const world = await makeWorld();
    const { profile_key, secret } = await enable(world.profileId);
    const other = await makeWorld();
    const otherAlerts = await enable(other.profileId);
    for (let i = 0; i < ALERT_LIMITS.wrongSecrets.max; i++) await send(profile_key, { secret: `wrong-${i}`, action: 'close_all' }).expect(401);
    const locked = await send(profile_key, { secret, action: 'close_all' }).expect(429);
    expect(locked.body).toEqual({ detail: M.lockedOut, code: ERROR_CODES.throttled });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Another profile is not locked.
    await send(otherAlerts.profile_key, { secret: otherAlerts.secret, action: 'close_all' }).expect(202);

    const rotated = await enable(world.profileId);
    await send(profile_key, { secret: rotated.secret, action: 'close_all' }).expect(202);
  });

  it('takes at most N alerts a minute per profile', async () => {
    const world = await makeWorld();
    const { profile_key, secret } = await enable(world.profileId);
    // Refused alerts count too: they are cheap to send and still cost a look-up and a log row.
    for (let i = 0; i < ALERT_LIMITS.requests.max; i++) await send(profile_key, { secret, action: 'open', pair: 'NOTLISTED' }).expect(400);
    const refused = await send(profile_key, { secret, action: 'close_all' }).expect(429);
    expect(refused.body).toEqual({ detail: M.tooManyAlerts, code: ERROR_CODES.throttled });
  });
});
