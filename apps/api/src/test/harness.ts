/**
 * Each test file gets its own database (cloned from the migrated template) and its own Redis key
 * prefix, and talks to the real app through HTTP.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { inject } from 'vitest';
import { createApp } from '../bootstrap';
import { Clock } from '../common/clock/clock';
import { AppConfig, loadConfig } from '../common/config/config';
import { databaseUrl, TEMPLATE_DB, withAdminClient } from './services';

/**
 * Where every test app's clock stands until a test moves it: a fixed instant 15 s into a 30-second
 * step, so an authenticator code made in a test is judged in the step it was made for.
 */
const TEST_NOW = Date.UTC(2026, 0, 15, 12, 0, 15);

/** The app's clock, pinned: `now()` is what the app reads, `set` moves it. */
interface PinnedClock {
  now(): number;
  set(ms: number): void;
}

export interface TestContext {
  app: NestExpressApplication;
  clock: PinnedClock;
  http: () => ReturnType<typeof request>;
  config: AppConfig;
  db: DataSource;
  redis: Redis;
  close: () => Promise<void>;
}

export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = inject('adminDatabaseUrl');
  const name = `console_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(admin, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`));
  return {
    url: databaseUrl(admin, name),
    drop: () =>
      withAdminClient(admin, async (c) => {
        // A pool a test closed (an engine's, a replica's) may still be leaving when end() resolves; a forced
        // drop would end those connections under clients no longer listening for errors (an unhandled 57P01).
        await c.query(`DO $$ BEGIN FOR i IN 1..50 LOOP EXIT WHEN NOT EXISTS (SELECT FROM pg_stat_activity WHERE datname = '${name}'); PERFORM pg_sleep(0.1); END LOOP; END $$`);
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

function testConfig(overrides: Record<string, string> = {}): Omit<AppConfig, 'databaseUrl'> & { databaseUrl: string } {
  return loadConfig({
    DATABASE_URL: 'postgres://placeholder@127.0.0.1/placeholder',
    REDIS_URL: inject('redisUrl'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    CAPTCHA_PROVIDER: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '',
    REDIS_PREFIX: `test:${randomBytes(4).toString('hex')}`,
    AUDIT_STRICT: 'true',
    // Page links are built on it; the supertest server listens on a new port for every request.
    PUBLIC_URL: 'http://127.0.0.1:3000',
    // No daily report unless a test asks for one: it would add a notification to every other test's feed.
    DAILY_REPORT_HOUR_UTC: '24',
    ...overrides,
  });
}

/** An app on a new clone of the template, or on `given` (a database a test made some other way; dropped on close). */
export async function createTestApp(
  overrides: Record<string, string> = {},
  given?: { url: string; drop: () => Promise<void> },
): Promise<TestContext> {
  const database = given ?? (await createTestDatabase());
  const config = { ...testConfig(overrides), databaseUrl: database.url };
  // TEST_LOGS=1 shows the app's logs (500s with their stack) while debugging a test.
  const app = await createApp({ ...config, logLevel: process.env.TEST_LOGS ? 'debug' : 'silent' }, { logs: !!process.env.TEST_LOGS });
  const db = app.get(DataSource);
  let now = TEST_NOW;
  app.get(Clock).now = () => now;
  const redis = new Redis(config.redisUrl);
  redis.on('error', () => undefined); // reconnects by itself; fault tests cut Redis on purpose
  return {
    app,
    clock: { now: () => now, set: (ms) => (now = ms) },
    config,
    db,
    redis,
    http: () => request(app.getHttpServer()),
    close: async () => {
      await app.close();
      await clearRedisPrefix(redis, config.redisPrefix);
      redis.disconnect();
      await database.drop();
    },
  };
}

export async function clearRedisPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
