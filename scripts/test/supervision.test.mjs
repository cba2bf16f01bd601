// The start command's supervision: a crashed worker is started again while the API keeps answering.
// Needs the build (the test command's first stage) and PostgreSQL and Redis as `npm start` finds them.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { migrate, startApiAndWorker } from '../lib/app.mjs';
import { dropDatabase, findOrStartPostgres, findOrStartRedis } from '../lib/services.mjs';

const database = `console_supervision_${randomBytes(4).toString('hex')}`;
const port = String(3900 + Math.floor(Math.random() * 50));
const health = `http://127.0.0.1:${port}/api/v2/health/`;
let postgres;
let redis;
let app;

before(async () => {
  postgres = await findOrStartPostgres(database);
  redis = await findOrStartRedis();
  const env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    PORT: port,
    JWT_SECRET: randomBytes(48).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    CAPTCHA_PROVIDER: 'off',
    REDIS_PREFIX: `supervision-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'warn',
  };
  migrate(env);
  app = await startApiAndWorker(env, { quiet: true });
});

after(async () => {
  await app?.stop();
  const server = new URL(postgres.url);
  server.pathname = '/postgres';
  await dropDatabase(server.toString(), database).catch(() => {});
  await redis?.stop();
  await postgres?.stop();
});

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

async function answer() {
  const res = await fetch(health);
  return { status: res.status, body: await res.json() };
}

test('a killed worker is started again and the API answers all along', async () => {
  const apiPid = app.api.current.pid;
  const firstWorker = app.worker.current.pid;
  assert.equal((await answer()).status, 200);

  process.kill(firstWorker, 'SIGKILL');
  const seen = [];
  let back = false;
  for (let i = 0; i < 100 && !back; i += 1) {
    await pause(300);
    const { status, body } = await answer(); // throws if the API is gone
    seen.push(status);
    back = app.worker.current.pid !== firstWorker && status === 200 && body.worker === 'up';
  }
  assert.ok(back, `the worker did not come back (health answers: ${seen.join(',')})`);
  assert.equal(app.api.current.pid, apiPid, 'the API kept running');
});

test('a killed API is started again', async () => {
  const firstApi = app.api.current.pid;
  process.kill(firstApi, 'SIGKILL');
  let back = false;
  for (let i = 0; i < 100 && !back; i += 1) {
    await pause(300);
    back = app.api.current.pid !== firstApi && (await answer().then((a) => a.status === 200, () => false));
  }
  assert.ok(back, 'the API did not come back');
});
