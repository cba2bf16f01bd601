import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineRoleSql } from '@console/schema';
import { MINUTE_MS } from '../../market/candle';
import { settingsDoc } from '../../strategy/testing/fixtures';
import { PaperEngine } from '../engine';
import { createTestDatabase, seedProfile, type TestDatabase } from '../testing/database';

const START = Date.UTC(2024, 2, 1);
const SEED = 7;
const TICKERS = ['BTCUSDT', 'ETHUSDT', 'DOGEUSDT', 'SOLUSDT'];
const doc = settingsDoc({ signal: { atr_threshold_percents: 0.2, start_point_coefficient: 0.3, timer_minutes: 60 } });
const HOUR = 60 * MINUTE_MS;
const INSUFFICIENT_PRIVILEGE = '42501';

/** The bundled engine under the least-privilege role (packages/schema ENGINE_ROLE_GRANTS): it trades, and it cannot read what is not its own. */
describe('the engine database role', () => {
  let db: TestDatabase;
  let asEngine: Pool;
  // Roles belong to the whole server: one of its own per run.
  const role = `engine_role_${randomBytes(4).toString('hex')}`;
  const count = async (table: string) => Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  const refused = async (sql: string) => {
    const error = await asEngine.query(sql).then(
      () => null,
      (e: { code?: string }) => e,
    );
    return error?.code;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedProfile(db.pool, doc, TICKERS);
    await db.pool.query(engineRoleSql(role));
    const url = new URL(db.url);
    url.username = role;
    url.password = '';
    asEngine = new Pool({ connectionString: url.toString(), max: 2 });
  });
  afterAll(async () => {
    await asEngine?.end();
    await db.pool.query(`DO $$ BEGIN IF EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN DROP OWNED BY ${role}; DROP ROLE ${role}; END IF; END $$`);
    await db.drop();
  });

  it('is what deploy/engine-role.sql holds for console_engine, so the file cannot drift from the declaration', () => {
    expect(readFileSync(join(__dirname, '../../../../../deploy/engine-role.sql'), 'utf8')).toBe(engineRoleSql('console_engine'));
  });

  it('the bundled engine trades under it: minutes with their rows and metrics, its heartbeat, a limit close held under a lease and superseded by a close at market', async () => {
    const engine = await PaperEngine.open(asEngine, { seed: SEED, startAt: START, leaseMs: 5000 });
    await engine.heartbeat();
    await engine.advance(START + 12 * HOUR);
    expect(await count('signals')).toBeGreaterThan(0);
    expect(await count('orders')).toBeGreaterThan(0);
    expect(await count('account_metrics')).toBeGreaterThan(0);
    expect(await count('logs')).toBeGreaterThan(0);

    const [target] = (await db.pool.query<{ id: string }>(`SELECT id::text FROM positions WHERE state = 'open' AND active_p_coins > 0 ORDER BY id LIMIT 1`)).rows;
    expect(target).toBeDefined();
    const ask = async (kind: string, payload: object) =>
      (
        await db.pool.query<{ id: string }>(
          `INSERT INTO engine_commands (kind, target_type, target_id, payload, idempotency_key) VALUES ($1, 'position', $2, $3, $4) RETURNING id::text`,
          [kind, target.id, JSON.stringify(payload), `${role}-${kind}`],
        )
      ).rows[0].id;
    const limit = await ask('close_limit', { coefficient: 0.999 });
    await engine.commands();
    const market = await ask('close_market', {});
    await engine.commands();
    await engine.advance(engine.lastMinute + 2 * MINUTE_MS);
    const statuses = (await db.pool.query<{ id: string; status: string }>(`SELECT id::text, status FROM engine_commands ORDER BY id`)).rows;
    expect(statuses).toEqual([
      { id: limit, status: 'superseded' },
      { id: market, status: 'succeeded' },
    ]);
  });

  it('refuses users, groups, sessions, API tokens, the bots’ secrets and the audit, and configuration writes beyond a command’s status', async () => {
    for (const sql of [
      'SELECT * FROM users',
      'SELECT * FROM groups',
      'SELECT * FROM refresh_tokens',
      'SELECT * FROM token_families',
      'SELECT * FROM api_tokens',
      'SELECT * FROM tg_bot_settings',
      'SELECT * FROM logs',
      `UPDATE strategy_profiles SET settings = '{}'`,
      `UPDATE engine_commands SET payload = '{}'`,
      `INSERT INTO deposit_transactions (exchange_account_id, type, amount, deposit_after) VALUES (1, 'deposit', 1, 1)`,
      `DELETE FROM signals`,
    ]) {
      expect([sql, await refused(sql)]).toEqual([sql, INSUFFICIENT_PRIVILEGE]);
    }
    // An exchange account's keys it reads (a demo or live account trades with them), the secret encrypted.
    expect((await asEngine.query('SELECT id, title, api_key, api_secret_enc FROM exchange_accounts')).rows.length).toBeGreaterThan(0);
  });
});
