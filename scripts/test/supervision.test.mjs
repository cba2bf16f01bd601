// The start command's supervision: a crashed worker or engine is started again while the API keeps
// answering.
// Needs the build (the test command's first stage) and PostgreSQL and Redis as `npm start` finds them.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { migrate, startApiAndWorker } from '../lib/app.mjs';
import { pause, scratchServices } from './scratch.mjs';

const pg = createRequire(import.meta.url)('pg');
const port = String(3900 + Math.floor(Math.random() * 50));
const health = `http://127.0.0.1:${port}/api/v2/health/`;
let services;
let app;

before(async () => {
  services = await scratchServices('console_supervision');
  const env = {
    DATABASE_URL: services.postgres.url,
    REDIS_URL: services.redis.url,
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
  await services?.stop();
});


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

test('the paper engine runs beside them, and a killed engine is started again and beats again', async () => {
  assert.ok(app.engine, 'the engine runs beside the API and the worker');
  const before = await answer();
  assert.equal(before.status, 200);
  assert.equal(before.body.engine, 'up');

  const first = app.engine.current.pid;
  const db = new pg.Client({ connectionString: services.postgres.url });
  await db.connect();
  try {
    const { rows } = await db.query(`SELECT now() AS killed_at`);
    process.kill(first, 'SIGKILL');
    let back = false;
    for (let i = 0; i < 100 && !back; i += 1) {
      await pause(300);
      const beat = await db.query(`SELECT heartbeat_at > $1 AS again FROM engine_state WHERE singleton`, [rows[0].killed_at]);
      back = app.engine.current.pid !== first && beat.rows[0]?.again === true;
    }
    assert.ok(back, 'the engine did not come back');
    assert.equal((await answer()).body.engine, 'up');
  } finally {
    await db.end();
  }
});
