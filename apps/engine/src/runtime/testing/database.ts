/** A fresh migrated database per test file, and the rows a profile needs to trade. */
import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '@console/migrations';
import type { SettingsDocument } from '@console/contracts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function urlOf(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  pool: Pool;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `engine_test_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const ds = new DataSource({ type: 'postgres', url: urlOf(name), migrations: MIGRATIONS, migrationsTableName: 'migrations' });
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  await ds.destroy();
  const pool = new Pool({ connectionString: urlOf(name), max: 4 });
  return {
    url: urlOf(name),
    pool,
    drop: async () => {
      await pool.end();
      // pool.end() resolves before the server has seen each connection go; a forced drop then ends one whose
      // client no longer listens for errors, and the test run fails on an unhandled 57P01. Wait for them first.
      await admin(`DO $$ BEGIN FOR i IN 1..50 LOOP EXIT WHEN NOT EXISTS (SELECT FROM pg_stat_activity WHERE datname = '${name}'); PERFORM pg_sleep(0.1); END LOOP; END $$`);
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** An account, an MM profile, a ticker config with the pairs, and one active profile on them; the bot on. */
export async function seedProfile(pool: Pool, settings: SettingsDocument, tickers: string[]): Promise<{ profileId: number; accountId: number }> {
  const account = await pool.query<{ id: number }>(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ('Paper', 'k', 'x', 1) RETURNING id`);
  const accountId = account.rows[0].id;
  const mm = await pool.query<{ id: number }>(
    `INSERT INTO mm_profiles (title, exchange_account_id, status, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ('MM', $1, 'active', 5, 1, 5000) RETURNING id`,
    [accountId],
  );
  const tc = await pool.query<{ id: number }>(`INSERT INTO ticker_configs (title, status) VALUES ('Majors', 'active') RETURNING id`);
  for (const ticker of tickers) {
    const pair = await pool.query<{ id: number }>(`INSERT INTO pairs (ticker, is_active) VALUES ($1, true) RETURNING id`, [ticker]);
    await pool.query(`INSERT INTO ticker_config_pairs (ticker_config_id, pair_id) VALUES ($1, $2)`, [tc.rows[0].id, pair.rows[0].id]);
  }
  const profile = await pool.query<{ id: number }>(
    `INSERT INTO strategy_profiles (title, status, profile_direction, timeframe, exchange_account_id, mm_profile_id, ticker_config_id, settings)
     VALUES ('Trend', 'active', 'long', '1h', $1, $2, $3, $4) RETURNING id`,
    [accountId, mm.rows[0].id, tc.rows[0].id, JSON.stringify(settings)],
  );
  await pool.query(`UPDATE bot_status SET status = 'enabled'`);
  return { profileId: profile.rows[0].id, accountId };
}
