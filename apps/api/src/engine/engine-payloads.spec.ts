/**
 * The payloads the API writes into engine_commands are what the protocol page says (contracts
 * ENGINE_COMMAND_PAYLOADS, docs/engine-protocol.md §2.3): numbers as decimal text, the lost position's
 * pair as its id in text, flags as booleans, nothing else. No engine runs here: the rows stay pending as
 * the API wrote them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ENGINE_COMMAND_PAYLOADS, payloadMatches, type EngineCommandKind } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { makeLostPosition, makePosition } from '../test/position-fixtures';

const V2 = '/api/v2';

describe('engine command payloads', () => {
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const user = await makeUser(ctx.db, {
      perms: [
        { section_name: 'APA', status: 'Full' },
        { section_name: 'signals', status: 'Full' },
      ],
    });
    token = (await sessionFor(ctx, user.id)).access;
  });
  afterAll(() => ctx?.close());

  const send = (method: 'post' | 'put', path: string, body: object) => ctx.http()[method](`${V2}${path}`).set(...auth(token)).send(body).expect(202);
  const payloadOf = async (id: string) => (await ctx.db.query(`SELECT kind, payload FROM engine_commands WHERE id = $1`, [id]))[0] as { kind: EngineCommandKind; payload: Record<string, unknown> };

  it('close limit, reduce, skip check and the lost-position close write the declared fields in the declared kinds', async () => {
    const limit = await makePosition(ctx.db);
    const reduced = await makePosition(ctx.db);
    const skipped = await makePosition(ctx.db);
    await makeLostPosition(ctx.db, { accountId: limit.accountId, pairId: limit.pairId, side: 'short', coins: 2 });

    const written = [
      await payloadOf((await send('post', API_PATHS.closeLimit(limit.signalId), { coefficient: 0.125 })).body.id),
      await payloadOf((await send('post', API_PATHS.reducePosition(reduced.positionId), { percent: '12.5' })).body.id),
      await payloadOf((await send('put', API_PATHS.skipCheckKExit(skipped.positionId), { skip_check_by_timer: true })).body.id),
      await payloadOf((await send('post', API_PATHS.closeLostPosition, { pair: limit.pairId, side: 'short', quantity: 1.5 })).body.id),
    ];
    expect(written).toEqual([
      { kind: 'close_limit', payload: { coefficient: '0.125' } },
      { kind: 'reduce_position', payload: { percent: '12.5' } },
      { kind: 'set_skip_check', payload: { skip_check_by_timer: true } },
      { kind: 'close_lost_position', payload: { pair: String(limit.pairId), side: 'short', quantity: '1.5' } },
    ]);
    for (const { kind, payload } of written) expect(payloadMatches(kind, payload), `${kind} ${JSON.stringify(payload)}`).toBe(true);
  });

  it('the declaration refuses what the page rules out: JSON numbers, unknown fields, a missing field', () => {
    expect(payloadMatches('close_limit', { coefficient: 0.125 })).toBe(false);
    expect(payloadMatches('close_lost_position', { pair: 7, side: 'long', quantity: '1' })).toBe(false);
    expect(payloadMatches('reduce_position', {})).toBe(false);
    expect(payloadMatches('close_market', { extra: '1' })).toBe(false);
    expect(Object.keys(ENGINE_COMMAND_PAYLOADS.close_market)).toEqual([]);
  });
});
