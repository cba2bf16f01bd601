/**
 * Where the tests find PostgreSQL and Redis: TEST_DATABASE_URL / REDIS_URL when set, else the local
 * services, else containers (testcontainers) where Docker runs.
 */
import { createHash } from 'node:crypto';
import { Client } from 'pg';
import Redis from 'ioredis';

// One name per checkout directory, so two checkouts on one machine can run their suites at once.
export const TEMPLATE_DB = `console_test_template_${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 8)}`;

interface TestServices {
  /** A URL to a database we may connect to for CREATE/DROP DATABASE. */
  adminDatabaseUrl: string;
  redisUrl: string;
  stop?: () => Promise<void>;
}

const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

export async function findServices(): Promise<TestServices> {
  const pgUrl = process.env.TEST_DATABASE_URL ?? ((await pgReachable(LOCAL_PG)) ? LOCAL_PG : null);
  const redisUrl = process.env.REDIS_URL ?? ((await redisReachable(LOCAL_REDIS)) ? LOCAL_REDIS : null);
  if (pgUrl && redisUrl) return { adminDatabaseUrl: pgUrl, redisUrl };
  return startContainers(pgUrl, redisUrl);
}

async function startContainers(pgUrl: string | null, redisUrl: string | null): Promise<TestServices> {
  // Only reached on machines without local services; needs a Docker engine.
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { RedisContainer } = await import('@testcontainers/redis');
  const pg = pgUrl ? null : await new PostgreSqlContainer('postgres:16-alpine').start();
  const redis = redisUrl ? null : await new RedisContainer('redis:7-alpine').start();
  return {
    adminDatabaseUrl: pgUrl ?? pg!.getConnectionUri(),
    redisUrl: redisUrl ?? redis!.getConnectionUrl(),
    stop: async () => {
      await pg?.stop();
      await redis?.stop();
    },
  };
}

async function pgReachable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(adminUrl: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
