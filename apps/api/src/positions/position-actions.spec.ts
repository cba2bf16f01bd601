import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_MESSAGES, IDEMPOTENCY_KEY_HEADER, OWN_MESSAGES, POSITION_MESSAGES as M } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { startEngine, type TestEngine } from '../test/engine';
import { createTestApp, TestContext } from '../test/harness';
import { makeLostPosition, makePosition } from '../test/position-fixtures';

const P = '/api/v2/position-administration/';

describe('position administration: actions through the engine', () => {
  let ctx: TestContext;
  let engine: TestEngine;
  let full: string;
  let limitedReduce: string;
  let limitedNone: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    engine = await startEngine(ctx);
    full = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'APA', status: 'Full' }] })).id)).access;
    const limitedPerm = (fields: string[]) => ({ section_name: 'APA' as const, status: 'Limited' as const, fields, filtering: true, sorting: true });
    limitedReduce = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [limitedPerm(['reduce_p'])] })).id)).access;
    limitedNone = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [limitedPerm(['ticker'])] })).id)).access;
  });
  afterAll(async () => {
    await engine?.stop();
    await ctx?.close();
  });

  const position = async (id: string) =>
    (
      await ctx.db.query(
        `SELECT action_state, active_p_coins::float AS coins, active_p_size_usd::float AS usd, r_pnl::float AS r, u_pnl::float AS u, reduce_p::float AS reduce_p,
                skip_check_by_timer AS timer, skip_check_by_distance AS distance, k_e_recovery FROM positions WHERE id = $1`,
        [id],
      )
    )[0];
  const commandsOf = async (id: string) => ctx.db.query(`SELECT id::text, kind, status, payload FROM engine_commands WHERE target_type = 'position' AND target_id = $1 ORDER BY id`, [id]);
  const settled = (commandId: string) => async () => (await ctx.db.query(`SELECT status FROM engine_commands WHERE id = $1`, [commandId]))[0]?.status !== 'pending';
  const post = (path: string, body: object, token = full) => ctx.http().post(`${P}${path}`).set(...auth(token)).send(body);
  const put = (path: string, body: object, token = full) => ctx.http().put(`${P}${path}`).set(...auth(token)).send(body);
  const logsOf = async (id: string) =>
    ctx.db.query(`SELECT event_type FROM logs WHERE event_type LIKE 'engine_%' AND log_data->>'target_type' = 'position' AND log_data->>'target_id' = $1`, [id]);
  it('a reduce is CHANGING at once, then the engine sells the percent: size, coins and unrealised PnL shrink, the PnL sold is realised', async () => {
    const { positionId, signalId } = await makePosition(ctx.db, { coins: 4, sizeUsd: 400, uPnl: 8 });
    const asked = await post(`${positionId}/reduce-position/`, { percent: 25 }).expect(202);
    expect(asked.body).toMatchObject({ kind: 'reduce_position', target_type: 'position', target_id: positionId, status: 'pending', action_state: 'CHANGING' });
    await waitUntil(settled(asked.body.id), 10_000);
    expect(await position(positionId)).toMatchObject({ action_state: 'CHANGED', coins: 3, usd: 300, reduce_p: 25 });
    // The engine sold the quarter at the model market's price: that coin's PnL (less the fee) is realised.
    const [sold] = await ctx.db.query(`SELECT price::float AS price, quantity::float AS quantity, status FROM orders WHERE signal_id = $1 AND order_type = 'exit'`, [signalId]);
    expect(sold).toMatchObject({ quantity: 1, status: 'FILLED' });
    expect((await position(positionId)).r).toBeCloseTo(sold.price - 100, 0);
    const listed = (await ctx.http().get(`${P}?page_size=500`).set(...auth(full)).expect(200)).body.results.find((r: { id: string }) => r.id === positionId);
    expect(listed).toMatchObject({ action_state: 'CHANGED', active_p_coins: 3, reduce_p: 25 });
    const logs = await ctx.db.query(`SELECT type, signal_id::text FROM logs WHERE event_type = 'engine_reduce_position' AND (log_data->>'target_id') = $1`, [positionId]);
    // The log names the position's signal, read from the locked position row.
    expect(logs).toEqual([{ type: 'user', signal_id: signalId }]);
  });

  it('answers the spec’s message for a missing percent and refuses one out of range; a repeat with the same key is the same command', async () => {
    const { positionId } = await makePosition(ctx.db);
    expect((await post(`${positionId}/reduce-position/`, {}).expect(400)).body).toEqual({ percent: [M.reducePercentRequired] });
    for (const percent of [0, 100, 150, -5, 12.345, 'abc']) {
      expect((await post(`${positionId}/reduce-position/`, { percent }).expect(400)).body).toEqual({ percent: [M.reducePercentRange] });
    }
    const key = `reduce-${positionId}`;
    const first = await post(`${positionId}/reduce-position/`, { percent: 10 }).set(IDEMPOTENCY_KEY_HEADER, key).expect(202);
    const again = await post(`${positionId}/reduce-position/`, { percent: 10 }).set(IDEMPOTENCY_KEY_HEADER, key).expect(202);
    expect(again.body.id).toBe(first.body.id);
    await waitUntil(settled(first.body.id), 10_000);
    expect((await commandsOf(positionId)).map((c: { id: string }) => c.id)).toEqual([first.body.id]);
    expect((await position(positionId)).coins).toBeCloseTo(3.6, 8);
    // A different reduce while one is pending would be lost: refused, nothing written. (The engine is held
    // meanwhile, so the row stays pending.)
    await engine.held(async () => {
      await ctx.db.query(
        `INSERT INTO engine_commands (kind, target_type, target_id, payload, idempotency_key) VALUES ('reduce_position', 'position', $1, '{"percent": "20"}', $2)`,
        [positionId, `pending-${positionId}`],
      );
      expect((await post(`${positionId}/reduce-position/`, { percent: 50 }).expect(409)).body).toEqual({ detail: ENGINE_MESSAGES.actionRunning });
      const same = await post(`${positionId}/reduce-position/`, { percent: 20 }).expect(202);
      expect(same.body.status).toBe('pending');
      expect(await commandsOf(positionId)).toHaveLength(2);
    });
    await post('999999999/reduce-position/', { percent: 10 }).expect(404);
    expect((await post('abc/reduce-position/', { percent: 10 }).expect(400)).body).toEqual({ id: [OWN_MESSAGES.idInvalid] });
  });

  it('lost positions have no reduce, recovery or skip check; closed ones no action at all', async () => {
    const chain = await makePosition(ctx.db);
    const lost = await makeLostPosition(ctx.db, { accountId: chain.accountId, pairId: chain.pairId });
    expect((await post(`${lost}/reduce-position/`, { percent: 10 }).expect(400)).body).toEqual({ detail: M.lostNotReducible });
    expect((await post(`${lost}/recovery-k-exit/`, {}).expect(400)).body).toEqual({ detail: M.lostNoRecovery });
    expect((await put(`${lost}/skip-check-k-exit/`, { skip_check_by_timer: true }).expect(400)).body).toEqual({ detail: M.lostNoSkipCheck });
    await ctx.db.query(`UPDATE positions SET state = 'closed', closed_at = now(), active_p_coins = 0, active_p_size_usd = 0, u_pnl = 0 WHERE id = $1`, [chain.positionId]);
    expect((await post(`${chain.positionId}/reduce-position/`, { percent: 10 }).expect(400)).body).toEqual({ detail: M.positionClosed });
    expect(await commandsOf(lost)).toEqual([]);
    expect(await commandsOf(chain.positionId)).toEqual([]);
  });

  it('skip checks and k-exit recovery flip their flags when the engine is done', async () => {
    const { positionId } = await makePosition(ctx.db);
    expect((await put(`${positionId}/skip-check-k-exit/`, {}).expect(400)).body).toEqual({ detail: M.skipCheckRequired });
    expect((await put(`${positionId}/skip-check-k-exit/`, { skip_check_by_timer: 'yes' }).expect(400)).body).toEqual({ skip_check_by_timer: [OWN_MESSAGES.booleanExpected] });
    const skip = await put(`${positionId}/skip-check-k-exit/`, { skip_check_by_timer: true }).expect(202);
    expect(skip.body.action_state).toBe('CHANGING');
    await waitUntil(settled(skip.body.id), 10_000);
    expect(await position(positionId)).toMatchObject({ timer: true, distance: false, action_state: 'CHANGED' });
    const both = await put(`${positionId}/skip-check-k-exit/`, { skip_check_by_timer: false, skip_check_by_distance: true }).expect(202);
    await waitUntil(settled(both.body.id), 10_000);
    expect(await position(positionId)).toMatchObject({ timer: false, distance: true });
    const recovery = await post(`${positionId}/recovery-k-exit/`, {}).expect(202);
    await waitUntil(settled(recovery.body.id), 10_000);
    expect((await position(positionId)).k_e_recovery).toBe(true);
  });

  it('bulk actions take signal ids: one command per position in one transaction, or none when one is not open', async () => {
    const a = await makePosition(ctx.db, { coins: 2, sizeUsd: 200 });
    const b = await makePosition(ctx.db, { coins: 8, sizeUsd: 800 });
    const closed = await makePosition(ctx.db);
    await ctx.db.query(`UPDATE positions SET state = 'closed', closed_at = now(), active_p_coins = 0, active_p_size_usd = 0, u_pnl = 0 WHERE id = $1`, [closed.positionId]);
    const refused = await post('bulk-reduce-position/', { signals_ids: [Number(a.signalId), Number(closed.signalId)], percent: 50 }).expect(400);
    expect(refused.body).toEqual({ signals_ids: [M.signalsIdsUnknown] });
    expect(await commandsOf(a.positionId)).toEqual([]);
    expect((await post('bulk-reduce-position/', { signals_ids: [], percent: 50 }).expect(400)).body).toEqual({ signals_ids: [M.signalsIdsRequired] });
    expect((await post('bulk-reduce-position/', { signals_ids: [Number(a.signalId)] }).expect(400)).body).toEqual({ percent: [M.reducePercentRequired] });

    const done = await post('bulk-reduce-position/', { signals_ids: [Number(a.signalId), Number(b.signalId), Number(a.signalId)], percent: 50 }).expect(202);
    expect(done.body).toHaveLength(2);
    expect(done.body.map((c: { target_id: string }) => c.target_id).sort()).toEqual([a.positionId, b.positionId].sort());
    await Promise.all(done.body.map((c: { id: string }) => waitUntil(settled(c.id), 10_000)));
    expect((await position(a.positionId)).coins).toBe(1);
    expect((await position(b.positionId)).coins).toBe(4);

    const skip = await put('bulk-skip-check-k-exit/', { signals_ids: [Number(a.signalId), Number(b.signalId)], skip_check_by_distance: true }).expect(202);
    await Promise.all(skip.body.map((c: { id: string }) => waitUntil(settled(c.id), 10_000)));
    expect((await position(a.positionId)).distance).toBe(true);
    expect((await position(b.positionId)).distance).toBe(true);
  });

  it('closes part, then the rest, of a lost position by pair and side', async () => {
    const chain = await makePosition(ctx.db);
    const lost = await makeLostPosition(ctx.db, { accountId: chain.accountId, pairId: chain.pairId, side: 'short', coins: 2 });
    const close = (body: object) => post('close-lost-position/', body);
    expect((await close({}).expect(400)).body).toEqual({ pair: [M.pairRequired], side: [M.sideRequired], quantity: [M.quantityRequired] });
    expect((await close({ pair: chain.pairId, side: 'long', quantity: 1 }).expect(400)).body).toEqual({ detail: M.lostPositionNotFound });
    expect((await close({ pair: chain.pairId, side: 'short', quantity: 3 }).expect(400)).body).toEqual({ quantity: [M.quantityRange] });
    const part = await close({ pair: chain.pairId, side: 'short', quantity: 0.5 }).expect(202);
    expect(part.body).toMatchObject({ kind: 'close_lost_position', target_id: lost, action_state: 'CLOSING' });
    await waitUntil(settled(part.body.id), 10_000);
    expect(await position(lost)).toMatchObject({ coins: 1.5, usd: 750, action_state: 'CLOSED' });
    await ctx.db.query(`UPDATE positions SET active_p_coins = 1.50004 WHERE id = $1`, [lost]);
    expect((await close({ pair: chain.pairId, side: 'short', quantity: 1.5001 }).expect(400)).body).toEqual({ quantity: [M.quantityRange] });
    // The 4 decimals the list shows close all of it.
    const rest = await close({ pair: chain.pairId, side: 'short', quantity: 1.5 }).expect(202);
    await waitUntil(settled(rest.body.id), 10_000);
    // Closed whole: the row stays, closed, with what it realised; it is no longer a lost position to list or close.
    expect(await position(lost)).toMatchObject({ coins: 0, usd: 0, u: 0, action_state: 'CLOSED' });
    expect((await ctx.db.query(`SELECT closed_at IS NOT NULL AS closed, state FROM positions WHERE id = $1`, [lost]))[0]).toEqual({ closed: true, state: null });
    expect((await close({ pair: chain.pairId, side: 'short', quantity: 1 }).expect(400)).body).toEqual({ detail: M.lostPositionNotFound });
  });

  it('at Limited each action needs its gate among the group’s fields', async () => {
    const { positionId, signalId } = await makePosition(ctx.db);
    await post(`${positionId}/reduce-position/`, { percent: 10 }, limitedNone).expect(403);
    await post(`${positionId}/reduce-position/`, { percent: 10 }, limitedReduce).expect(202);
    await put(`${positionId}/skip-check-k-exit/`, { skip_check_by_timer: true }, limitedReduce).expect(403);
    await post(`${positionId}/recovery-k-exit/`, {}, limitedReduce).expect(403);
    await post('close-lost-position/', { pair: 1, side: 'long', quantity: 1 }, limitedReduce).expect(403);
    await put('bulk-skip-check-k-exit/', { signals_ids: [Number(signalId)], skip_check_by_timer: true }, limitedReduce).expect(403);
  });

  it('while a change of a position is pending, another one is refused with 409 (other inputs or another kind); the same one answers it', async () => {
    const { positionId, signalId } = await makePosition(ctx.db, { coins: 4, sizeUsd: 400 });
    let first: string | undefined;
    await engine.held(async () => {
      first = (await post(`${positionId}/reduce-position/`, { percent: 25 }).expect(202)).body.id;
      expect((await post(`${positionId}/reduce-position/`, { percent: 25 }).expect(202)).body.id).toBe(first);
      const running = { detail: ENGINE_MESSAGES.actionRunning };
      expect((await post(`${positionId}/reduce-position/`, { percent: 50 }).expect(409)).body).toEqual(running);
      expect((await put(`${positionId}/skip-check-k-exit/`, { skip_check_by_timer: true }).expect(409)).body).toEqual(running);
      expect((await post(`${positionId}/recovery-k-exit/`, {}).expect(409)).body).toEqual(running);
      expect((await post('bulk-reduce-position/', { signals_ids: [Number(signalId)], percent: 10 }).expect(409)).body).toEqual(running);
      expect(await commandsOf(positionId)).toHaveLength(1);
    });
    await waitUntil(settled(first!), 10_000);
    expect((await ctx.db.query(`SELECT status, error FROM engine_commands WHERE id = $1`, [first]))[0]).toEqual({ status: 'succeeded', error: null });
    expect((await position(positionId)).coins).toBe(3);
    // Done: the next change goes through. The same key with other inputs is another action, not a retry.
    const key = `other-inputs-${positionId}`;
    await post(`${positionId}/reduce-position/`, { percent: 50 }).set(IDEMPOTENCY_KEY_HEADER, key).expect(202);
    expect((await post(`${positionId}/reduce-position/`, { percent: 30 }).set(IDEMPOTENCY_KEY_HEADER, key).expect(400)).body).toEqual({ detail: ENGINE_MESSAGES.keyReused });
    expect(await commandsOf(positionId)).toHaveLength(2);
  });

  it('a bulk retried with the same Idempotency-Key after the engine is done takes effect once', async () => {
    const a = await makePosition(ctx.db, { coins: 2, sizeUsd: 200 });
    const b = await makePosition(ctx.db, { coins: 8, sizeUsd: 800 });
    const body = { signals_ids: [Number(a.signalId), Number(b.signalId)], percent: 50 };
    const key = `bulk-reduce-${a.signalId}`;
    const first = await post('bulk-reduce-position/', body).set(IDEMPOTENCY_KEY_HEADER, key).expect(202);
    await Promise.all(first.body.map((c: { id: string }) => waitUntil(settled(c.id), 10_000)));
    const again = await post('bulk-reduce-position/', body).set(IDEMPOTENCY_KEY_HEADER, key).expect(202);
    expect(again.body.map((c: { id: string }) => c.id)).toEqual(first.body.map((c: { id: string }) => c.id));
    expect(again.body.map((c: { status: string; error: string | null }) => [c.status, c.error])).toEqual([['succeeded', null], ['succeeded', null]]);
    expect(await commandsOf(a.positionId)).toHaveLength(1);
    expect(await commandsOf(b.positionId)).toHaveLength(1);
    expect((await position(a.positionId)).coins).toBe(1);
    expect((await position(b.positionId)).coins).toBe(4);
    // The same key for another percent is another action.
    expect((await post('bulk-reduce-position/', { ...body, percent: 20 }).set(IDEMPOTENCY_KEY_HEADER, key).expect(400)).body).toEqual({ detail: ENGINE_MESSAGES.keyReused });

    const skipKey = `bulk-skip-${a.signalId}`;
    const skip = await put('bulk-skip-check-k-exit/', { signals_ids: body.signals_ids, skip_check_by_timer: true }).set(IDEMPOTENCY_KEY_HEADER, skipKey).expect(202);
    await Promise.all(skip.body.map((c: { id: string }) => waitUntil(settled(c.id), 10_000)));
    const skipAgain = await put('bulk-skip-check-k-exit/', { signals_ids: body.signals_ids, skip_check_by_timer: true }).set(IDEMPOTENCY_KEY_HEADER, skipKey).expect(202);
    expect(skipAgain.body.map((c: { id: string }) => c.id)).toEqual(skip.body.map((c: { id: string }) => c.id));
    expect(await commandsOf(a.positionId)).toHaveLength(2);
  });

  it('a bulk that fails after some positions were written leaves nothing of them behind', async () => {
    const targets = [await makePosition(ctx.db), await makePosition(ctx.db), await makePosition(ctx.db)];
    const last = targets[2].positionId;
    // The last position's audit row fails: the command rows and action_states of all three are written by then.
    await ctx.db.query(`CREATE FUNCTION fail_audit_of_last() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused' USING ERRCODE = 'unique_violation'; END $$`);
    await ctx.db.query(`CREATE TRIGGER fail_audit_of_last BEFORE INSERT ON logs FOR EACH ROW WHEN (NEW.log_data->>'target_id' = '${last}') EXECUTE FUNCTION fail_audit_of_last()`);
    try {
      await post('bulk-reduce-position/', { signals_ids: targets.map((t) => Number(t.signalId)), percent: 50 }).expect(409);
    } finally {
      await ctx.db.query(`DROP TRIGGER fail_audit_of_last ON logs; DROP FUNCTION fail_audit_of_last()`);
    }
    for (const { positionId } of targets) {
      expect(await commandsOf(positionId)).toEqual([]);
      expect((await position(positionId)).action_state).toBe('NONE');
      expect(await logsOf(positionId)).toEqual([]);
    }
    await post('bulk-reduce-position/', { signals_ids: targets.map((t) => Number(t.signalId)), percent: 50 }).expect(202);
  });
});
