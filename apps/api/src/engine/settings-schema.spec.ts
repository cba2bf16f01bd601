/**
 * `GET engine/settings-schema/`: the strategy settings document as JSON Schema, generated from the
 * contracts' one declaration, and the same document kept in the repository for a team that reads the
 * page without a running console. UPDATE_DOCS=1 writes the file from the declaration instead of
 * comparing it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, permsAll, STRATEGY_SETTINGS_SHAPE, strategySettingsJsonSchema } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';

const SCHEMA_FILE = join(__dirname, '../../../../docs/strategy-settings.schema.json');
const generated = `${JSON.stringify(strategySettingsJsonSchema(), null, 2)}\n`;

describe('the published strategy settings schema', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it('the repository file is the one generated from the declaration', () => {
    if (process.env.UPDATE_DOCS === '1') writeFileSync(SCHEMA_FILE, generated);
    expect(readFileSync(SCHEMA_FILE, 'utf8'), 'docs/strategy-settings.schema.json is stale: run this test with UPDATE_DOCS=1').toBe(generated);
  });

  it('any signed-in user gets it, even without a right to any section; no one else', async () => {
    const nobody = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('NP') })).id)).access;
    const answer = await ctx.http().get(`/api/v2${API_PATHS.engineSettingsSchema}`).set(...auth(nobody)).expect(200);
    expect(answer.body).toEqual(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')));
    await ctx.http().get(`/api/v2${API_PATHS.engineSettingsSchema}`).expect(401);
  });

  it('declares every block and key of the settings document, refuses any other, and names the value lists', () => {
    const schema = strategySettingsJsonSchema();
    expect(Object.keys(schema.properties ?? {})).toEqual(Object.keys(STRATEGY_SETTINGS_SHAPE));
    expect(schema.additionalProperties).toBe(false);
    const signal = schema.properties!.signal_settings;
    expect(Object.keys(signal.properties ?? {})).toEqual(Object.keys(STRATEGY_SETTINGS_SHAPE.signal_settings));
    expect(signal.properties!.price_direction.enum).toEqual(['grow', 'fall']);
    expect(schema.properties!.order_management_settings.properties!.enter_orders).toEqual({
      type: 'array',
      items: {
        type: 'object',
        properties: { atr_distance_coefficient: { type: 'number' }, size_percent: { type: 'number' }, timer_minutes: { type: 'number' } },
        additionalProperties: false,
      },
    });
  });
});
