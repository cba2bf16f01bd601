import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_MESSAGES, IDEMPOTENCY_KEY_HEADER, OWN_MESSAGES, SIGNAL_MESSAGES, type Perm } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { startEngine, type TestEngine } from '../test/engine';
import { createTestApp, TestContext } from '../test/harness';
import { makeSignal, makeSignalWorld, SignalWorld } from '../test/signal-fixtures';

const S = '/api/v2/signals';

describe('signal actions: engine commands on a signal or its position', () => {
  let ctx: TestContext;
  let engine: TestEngine;
  let world: SignalWorld;
  let full: string;
  let reader: string;
  const session = async (perms: Partial<Perm>[]) => (await sessionFor(ctx, (await makeUser(ctx.db, { perms })).id)).access;
  const post = (path: string, token = full, body?: object, key?: string) => {
    const req = ctx.http().post(`${S}/${path}`).set(...auth(token));
    if (key) req.set(IDEMPOTENCY_KEY_HEADER, key);
    return body ? req.send(body) : req;
  };
  const signalRow = async (id: string) =>
    (await ctx.db.query(`SELECT status, state, action_state FROM signals WHERE id = $1`, [id]))[0] as { status: string; state: string; action_state: string };
  const positionOf = async (signalId: string) =>
    (await ctx.db.query(`SELECT id::text, state, action_state, active_p_coins::float AS coins FROM positions WHERE signal_id = $1`, [signalId]))[0] as {
      id: string;
      state: string;
      action_state: string;
      coins: number;
    };
  const commandsOn = async (type: string, id: string) =>
    (await ctx.db.query(`SELECT id::text, kind, status, payload FROM engine_commands WHERE target_type = $1 AND target_id = $2 ORDER BY id`, [type, id])) as {
      id: string;
      kind: string;
      status: string;
      payload: Record<string, unknown>;
    }[];
  const settled = (commandId: string) => async () => (await ctx.db.query(`SELECT status FROM engine_commands WHERE id = $1`, [commandId]))[0]?.status !== 'pending';
  const listed = async (id: string) =>
    ((await ctx.http().get(`${S}/signals/?show_missed=true&page_size=500`).set(...auth(full)).expect(200)).body.results as { id: string; action_state: string }[]).find(
      (r) => r.id === id,
    );
  const activeNp = () => makeSignal(ctx.db, world, { status: 'active', state: 'active_np', ageMinutes: 5, orders: ['PLACED', 'PLACING'] });
  const filled = () => makeSignal(ctx.db, world, { status: 'active', state: 'active_fp', execution: 100, ageMinutes: 5, position: 'open', orders: ['FILLED', 'PLACED'] });

  beforeAll(async () => {
    ctx = await createTestApp();
    engine = await startEngine(ctx);
    world = await makeSignalWorld(ctx.db);
    full = await session([{ section_name: 'signals', status: 'Full' }]);
    reader = await session([{ section_name: 'signals', status: 'ReadOnly' }]);
  });
  afterAll(async () => {
    await engine?.stop();
    await ctx?.close();
  });

  it('cancel: CANCELLING at once, then CANCELLED with the signal cancelled by the user and its open orders cancelled', async () => {
    const id = await activeNp();
    const asked = await post(`position/${id}/cancel/`).expect(202);
    expect(asked.body).toMatchObject({ kind: 'cancel_signal', target_type: 'signal', target_id: id, status: 'pending', action_state: 'CANCELLING' });
    expect((await listed(id))?.action_state).toBe('CANCELLING');
    await waitUntil(settled(asked.body.id), 10_000);
    expect(await signalRow(id)).toEqual({ status: 'canceled', state: 'canceled_by_user', action_state: 'CANCELLED' });
    expect((await listed(id))?.action_state).toBe('CANCELLED');
    const orders: { status: string }[] = await ctx.db.query(`SELECT status FROM orders WHERE signal_id = $1`, [id]);
    expect(orders.map((o) => o.status)).toEqual(['CANCELED_MANUAL', 'CANCELED_MANUAL']);
  });

  it('cancel only while active_np: other states are refused and nothing is written', async () => {
    const id = await filled();
    expect((await post(`position/${id}/cancel/`).expect(400)).body).toEqual({ detail: SIGNAL_MESSAGES.notCancellable });
    expect(await commandsOn('signal', id)).toEqual([]);
    expect((await signalRow(id)).action_state).toBe('NONE');
    await post('position/99999999/cancel/').expect(404);
    expect((await post('position/abc/cancel/').expect(400)).body).toEqual({ id: [OWN_MESSAGES.idInvalid] });
  });

  it('a repeated cancel takes effect once: the same key answers the same command, even after it is done', async () => {
    const id = await activeNp();
    const doubled = await engine.held(() => Promise.all([1, 2, 3].map(() => post(`position/${id}/cancel/`).expect(202))));
    expect(new Set(doubled.map((a) => a.body.id)).size).toBe(1);
    await waitUntil(settled(doubled[0].body.id), 10_000);

    const other = await activeNp();
    const first = await post(`position/${other}/cancel/`, full, undefined, `cancel-${other}`).expect(202);
    await waitUntil(settled(first.body.id), 10_000);
    const again = await post(`position/${other}/cancel/`, full, undefined, `cancel-${other}`).expect(202);
    expect(again.body).toMatchObject({ id: first.body.id, status: 'succeeded', action_state: 'CANCELLED' });
    expect(await commandsOn('signal', other)).toHaveLength(1);
  });

  it('close-market: the position shows CLOSING (and so does its signal in the list), then CLOSED, the signal finished', async () => {
    const id = await filled();
    const position = await positionOf(id);
    const asked = await post(`position/${id}/close-market/`).expect(202);
    expect(asked.body).toMatchObject({ kind: 'close_market', target_type: 'position', target_id: position.id, status: 'pending', action_state: 'CLOSING' });
    expect((await listed(id))?.action_state).toBe('CLOSING');
    await waitUntil(settled(asked.body.id), 10_000);
    expect(await positionOf(id)).toEqual({ id: position.id, state: 'closed', action_state: 'CLOSED', coins: 0 });
    expect(await signalRow(id)).toMatchObject({ status: 'finished', state: 'finished' });
    expect((await listed(id))?.action_state).toBe('CLOSED');
    // Closed now: another close is refused.
    expect((await post(`position/${id}/close-market/`).expect(400)).body).toEqual({ detail: SIGNAL_MESSAGES.noOpenPosition });
  });

  it('close-limit carries its coefficient; close-best-limit; a pending close refuses another kind of close', async () => {
    const id = await filled();
    const position = await positionOf(id);
    const asked = await post(`position/${id}/close-limit/`, full, { coefficient: 0.125 }).expect(202);
    expect(asked.body).toMatchObject({ kind: 'close_limit', action_state: 'CLOSING' });
    expect((await commandsOn('position', position.id))[0].payload).toEqual({ coefficient: '0.125' });
    expect((await post(`positions/${id}/close-best-limit/`).expect(409)).body).toEqual({ detail: ENGINE_MESSAGES.actionRunning });
    // The engine places the exit at the limit the coefficient sets and holds the command until it fills.
    await waitUntil(async () => (await ctx.db.query(`SELECT 1 FROM orders WHERE signal_id = $1 AND order_type = 'exit'`, [id])).length > 0, 10_000);
    const [exit] = await ctx.db.query(`SELECT status, quantity::float AS quantity FROM orders WHERE signal_id = $1 AND order_type = 'exit'`, [id]);
    expect(exit.quantity).toBe(2);
    if (exit.status !== 'FILLED') {
      expect(exit.status).toBe('PLACED');
      expect((await ctx.db.query(`SELECT status FROM engine_commands WHERE id = $1`, [asked.body.id]))[0].status).toBe('pending');
    }

    const best = await filled();
    const bestAsked = await post(`positions/${best}/close-best-limit/`).expect(202);
    expect(bestAsked.body).toMatchObject({ kind: 'close_best_limit', target_id: (await positionOf(best)).id, action_state: 'CLOSING' });
    await engine.advanceUntil(settled(bestAsked.body.id));
    expect((await ctx.db.query(`SELECT status FROM engine_commands WHERE id = $1`, [bestAsked.body.id]))[0].status).toBe('succeeded');
    expect((await positionOf(best)).state).toBe('closed');
  });

  it('close-limit refuses a coefficient outside 0.001-0.999 or with more than 3 decimals, with the spec’s messages', async () => {
    const id = await filled();
    const refused = async (body: object) => (await post(`position/${id}/close-limit/`, full, body).expect(400)).body;
    expect(await refused({})).toEqual({ coefficient: [SIGNAL_MESSAGES.coefficientRequired] });
    expect(await refused({ coefficient: null })).toEqual({ coefficient: [SIGNAL_MESSAGES.coefficientRequired] });
    expect(await refused({ coefficient: 0 })).toEqual({ coefficient: [SIGNAL_MESSAGES.coefficientMin] });
    expect(await refused({ coefficient: 0.0009 })).toEqual({ coefficient: [SIGNAL_MESSAGES.coefficientMin] });
    expect(await refused({ coefficient: 1 })).toEqual({ coefficient: [SIGNAL_MESSAGES.coefficientMax] });
    expect(await refused({ coefficient: 0.1234 })).toEqual({ coefficient: [SIGNAL_MESSAGES.coefficientInvalid] });
    expect(await refused({ coefficient: 'abc' })).toEqual({ coefficient: [SIGNAL_MESSAGES.coefficientInvalid] });
    expect(await refused({ coefficient: -0.5 })).toEqual({ coefficient: [SIGNAL_MESSAGES.coefficientInvalid] });
    expect(await commandsOn('position', (await positionOf(id)).id)).toEqual([]);
    await post(`position/${id}/close-limit/`, full, { coefficient: '0.999' }).expect(202);
  });

  it('a signal without a position (nothing filled) has nothing to close', async () => {
    const id = await activeNp();
    expect((await post(`position/${id}/close-market/`).expect(400)).body).toEqual({ detail: SIGNAL_MESSAGES.noOpenPosition });
    expect((await post(`positions/${id}/close-best-limit/`).expect(400)).body).toEqual({ detail: SIGNAL_MESSAGES.noOpenPosition });
  });

  it('bulk closes: one command per signal’s position in one transaction, answered in the order asked', async () => {
    const ids = [await filled(), await filled(), await filled()];
    const asked = await post('positions/bulk-close-market/', full, { signals_ids: ids.map(Number) }).expect(202);
    expect(asked.body.commands).toHaveLength(3);
    for (const [i, id] of ids.entries()) {
      expect(asked.body.commands[i]).toMatchObject({ kind: 'close_market', target_type: 'position', target_id: (await positionOf(id)).id, action_state: 'CLOSING' });
    }
    await waitUntil(async () => (await Promise.all(asked.body.commands.map((c: { id: string }) => settled(c.id)()))).every(Boolean), 10_000);
    for (const id of ids) expect(await positionOf(id)).toMatchObject({ state: 'closed', action_state: 'CLOSED' });

    const best = [await filled(), await filled()];
    const bestAsked = await post('positions/bulk-close-best-limit/', full, { signals_ids: best.map(Number) }).expect(202);
    expect(bestAsked.body.commands.map((c: { kind: string }) => c.kind)).toEqual(['close_best_limit', 'close_best_limit']);
  });

  it('a bulk close with one signal that has no open position writes nothing', async () => {
    const good = await filled();
    const unfilled = await activeNp();
    const body = (await post('positions/bulk-close-market/', full, { signals_ids: [Number(good), Number(unfilled), 99999999] }).expect(400)).body;
    expect(body).toEqual({ signals_ids: [SIGNAL_MESSAGES.noOpenPositions([unfilled, 99999999])] });
    expect(await commandsOn('position', (await positionOf(good)).id)).toEqual([]);
    expect((await positionOf(good)).action_state).toBe('NONE');

    // A closed position among them: refused whole too.
    const closed = await makeSignal(ctx.db, world, { status: 'finished', state: 'finished', execution: 100, ageMinutes: 5, position: 'closed' });
    const refused = (await post('positions/bulk-close-best-limit/', full, { signals_ids: [Number(good), Number(closed)] }).expect(400)).body;
    expect(refused).toEqual({ signals_ids: [SIGNAL_MESSAGES.noOpenPositions([closed])] });
    expect(await commandsOn('position', (await positionOf(good)).id)).toEqual([]);
  });

  it('a repeated bulk close with the same key answers the same commands', async () => {
    const ids = [await filled(), await filled()];
    const first = await post('positions/bulk-close-market/', full, { signals_ids: ids.map(Number) }, 'bulk-1').expect(202);
    await waitUntil(async () => (await Promise.all(first.body.commands.map((c: { id: string }) => settled(c.id)()))).every(Boolean), 10_000);
    const again = await post('positions/bulk-close-market/', full, { signals_ids: ids.map(Number) }, 'bulk-1').expect(202);
    expect(again.body.commands.map((c: { id: string }) => c.id)).toEqual(first.body.commands.map((c: { id: string }) => c.id));
    for (const id of ids) expect(await commandsOn('position', (await positionOf(id)).id)).toHaveLength(1);
  });

  it('bulk bodies: a non-empty list of distinct ids, at most 500', async () => {
    const refused = async (body: object) => (await post('positions/bulk-close-market/', full, body).expect(400)).body;
    expect(await refused({})).toEqual({ signals_ids: [SIGNAL_MESSAGES.signalsIdsRequired] });
    expect(await refused({ signals_ids: [] })).toEqual({ signals_ids: [SIGNAL_MESSAGES.signalsIdsRequired] });
    expect(await refused({ signals_ids: 5 })).toEqual({ signals_ids: [OWN_MESSAGES.listExpected] });
    expect(await refused({ signals_ids: [1, 'x'] })).toEqual({ signals_ids: [OWN_MESSAGES.idInvalid] });
    expect(await refused({ signals_ids: [0] })).toEqual({ signals_ids: [OWN_MESSAGES.idInvalid] });
    expect(await refused({ signals_ids: [3, 3] })).toEqual({ signals_ids: [SIGNAL_MESSAGES.signalsIdsRepeated] });
    expect(await refused({ signals_ids: Array.from({ length: 501 }, (_, i) => i + 1) })).toEqual({ signals_ids: [SIGNAL_MESSAGES.signalsIdsTooMany] });
  });

  it('ReadOnly may not act; a Limited group acts only on signals within its scope', async () => {
    const id = await activeNp();
    await post(`position/${id}/cancel/`, reader).expect(403);
    await post(`position/${id}/close-market/`, reader).expect(403);
    await post('positions/bulk-close-market/', reader, { signals_ids: [Number(id)] }).expect(403);
    const finishedOnly = await session([{ section_name: 'signals', status: 'Limited', fields: ['status'], is_only_finished: true }]);
    await post(`position/${id}/cancel/`, finishedOnly).expect(404);
    const open = await filled();
    expect((await post('positions/bulk-close-market/', finishedOnly, { signals_ids: [Number(open)] }).expect(400)).body).toEqual({
      signals_ids: [SIGNAL_MESSAGES.noOpenPositions([open])],
    });
    const limited = await session([{ section_name: 'signals', status: 'Limited', fields: ['status'] }]);
    await post(`position/${id}/cancel/`, limited).expect(202);
  });

  it('a second close-limit with another coefficient while the first is pending is refused with 409; the same one answers it', async () => {
    const id = await filled();
    const position = await positionOf(id);
    const first = await engine.held(async () => {
      const asked: string = (await post(`position/${id}/close-limit/`, full, { coefficient: 0.5 }).expect(202)).body.id;
      expect((await post(`position/${id}/close-limit/`, full, { coefficient: '0.500' }).expect(202)).body.id).toBe(asked);
      expect((await post(`position/${id}/close-limit/`, full, { coefficient: 0.25 }).expect(409)).body).toEqual({ detail: ENGINE_MESSAGES.actionRunning });
      // Another kind of close is refused too, but a close at market, which supersedes it (engine/held-commands.spec.ts).
      expect((await post(`positions/${id}/close-best-limit/`).expect(409)).body).toEqual({ detail: ENGINE_MESSAGES.actionRunning });
      expect((await commandsOn('position', position.id)).map((c) => c.payload)).toEqual([{ coefficient: '0.5' }]);
      return asked;
    });
    // The engine places the exit at the limit and holds the command until the signal ends there.
    await waitUntil(async () => (await ctx.db.query(`SELECT 1 FROM orders WHERE signal_id = $1 AND order_type = 'exit' AND status = 'PLACED'`, [id])).length > 0, 10_000);
    await engine.runNow();
    expect((await ctx.db.query(`SELECT status FROM engine_commands WHERE id = $1`, [first]))[0].status).toBe('pending');
    expect((await post(`position/${id}/close-limit/`, full, { coefficient: 0.25 }).expect(409)).body).toEqual({ detail: ENGINE_MESSAGES.actionRunning });
  });

  it('a close while a change of the position from position administration is pending is refused with 409', async () => {
    const id = await filled();
    const position = await positionOf(id);
    // A pending reduce, held from the engine meanwhile.
    await engine.held(async () => {
      await ctx.db.query(
        `INSERT INTO engine_commands (kind, target_type, target_id, payload, idempotency_key) VALUES ('reduce_position', 'position', $1, '{"percent": "20"}', $2)`,
        [position.id, `pending-reduce-${position.id}`],
      );
      expect((await post(`position/${id}/close-market/`).expect(409)).body).toEqual({ detail: ENGINE_MESSAGES.actionRunning });
      expect((await post(`positions/${id}/close-best-limit/`).expect(409)).body).toEqual({ detail: ENGINE_MESSAGES.actionRunning });
      expect((await commandsOn('position', position.id)).map((c) => c.kind)).toEqual(['reduce_position']);
      expect((await positionOf(id)).action_state).toBe('NONE');
    });
  });

  it('a bulk close that fails after some positions were written leaves nothing of them behind', async () => {
    const ids = [await filled(), await filled(), await filled()];
    const positions = await Promise.all(ids.map(positionOf));
    const last = positions[2].id;
    // The last position's audit row fails: the command rows and action_states of all three are written by then.
    await ctx.db.query(`CREATE FUNCTION fail_close_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused' USING ERRCODE = 'unique_violation'; END $$`);
    await ctx.db.query(`CREATE TRIGGER fail_close_audit BEFORE INSERT ON logs FOR EACH ROW WHEN (NEW.log_data->>'target_id' = '${last}') EXECUTE FUNCTION fail_close_audit()`);
    try {
      await post('positions/bulk-close-market/', full, { signals_ids: ids.map(Number) }).expect(409);
    } finally {
      await ctx.db.query(`DROP TRIGGER fail_close_audit ON logs; DROP FUNCTION fail_close_audit()`);
    }
    for (const position of positions) {
      expect(await commandsOn('position', position.id)).toEqual([]);
      expect((await ctx.db.query(`SELECT action_state FROM positions WHERE id = $1`, [position.id]))[0].action_state).toBe('NONE');
      expect(await ctx.db.query(`SELECT 1 FROM logs WHERE event_type LIKE 'engine_%' AND log_data->>'target_type' = 'position' AND log_data->>'target_id' = $1`, [position.id])).toEqual([]);
    }
    // A refusal of the last one by its own rule writes nothing either.
    await ctx.db.query(`UPDATE positions SET state = 'closed', closed_at = now(), active_p_coins = 0, active_p_size_usd = 0, u_pnl = 0 WHERE id = $1`, [last]);
    expect((await post('positions/bulk-close-market/', full, { signals_ids: ids.map(Number) }).expect(400)).body).toEqual({
      signals_ids: [SIGNAL_MESSAGES.noOpenPositions([ids[2]])],
    });
    for (const position of positions) expect(await commandsOn('position', position.id)).toEqual([]);
  });

  it('a close is allowed when either section allows it: APA by its level and gate, signals by its level', async () => {
    const apaFullSignalsNp = await session([{ section_name: 'APA', status: 'Full' }]);
    const market = await filled();
    expect((await post(`position/${market}/close-market/`, apaFullSignalsNp).expect(202)).body).toMatchObject({ kind: 'close_market', action_state: 'CLOSING' });
    const bulk = await filled();
    await post('positions/bulk-close-best-limit/', apaFullSignalsNp, { signals_ids: [Number(bulk)] }).expect(202);

    // APA Limited without best_limit: the positions screen shows no Best limit; signals Full still allows the call.
    const noBestLimit = { section_name: 'APA' as const, status: 'Limited' as const, fields: ['ticker', 'close_market'] };
    const withSignals = await session([noBestLimit, { section_name: 'signals', status: 'Full' }]);
    await post(`positions/${await filled()}/close-best-limit/`, withSignals).expect(202);
    // Without a signals right the APA gate decides: refused, with the action named, and nothing is asked of the engine.
    const refused = await filled();
    const tokens = [];
    for (const signals of ['NP', 'ReadOnly'] as const) {
      const token = await session([noBestLimit, { section_name: 'signals', status: signals }]);
      expect((await post(`positions/${refused}/close-best-limit/`, token).expect(403)).body).toEqual({ detail: OWN_MESSAGES.actionNotAllowed('Best limit') });
      expect((await post('positions/bulk-close-best-limit/', token, { signals_ids: [Number(refused)] }).expect(403)).body.detail).toBe(OWN_MESSAGES.actionNotAllowed('Best limit'));
      tokens.push(token);
    }
    expect(await commandsOn('position', (await positionOf(refused)).id)).toEqual([]);
    // Its close_market gate still opens the market close.
    await post(`position/${refused}/close-market/`, tokens[0]).expect(202);
    expect((await commandsOn('position', (await positionOf(refused)).id)).map((c) => c.kind)).toEqual(['close_market']);
  });

  it('through APA a close is not held to the signals row scope', async () => {
    const old = await filled();
    // A signals group that sees only the newest signal cannot reach an older one; its APA right can.
    await makeSignal(ctx.db, world, { status: 'active', state: 'active_np', ageMinutes: 1 });
    const newestOnly = { section_name: 'signals' as const, status: 'Limited' as const, fields: ['status'], signals_count: 1 };
    await post(`position/${old}/close-market/`, await session([newestOnly])).expect(404);
    await post(`position/${old}/close-market/`, await session([newestOnly, { section_name: 'APA', status: 'Limited', fields: ['close_market'] }])).expect(202);
  });
});
