// ENGINE=external: the start command runs the API and the worker as usual but no engine; health reports
// the engine from its heartbeat, so it says down until a team's own engine beats, then up. A value
// outside the contracts' ENGINE_MODES stops the start.
// Needs the build (the test command's first stage) and PostgreSQL and Redis as `npm start` finds them.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { engineMode, migrate, startApiAndWorker } from '../lib/app.mjs';
import { pause, scratchServices } from './scratch.mjs';

const pg = createRequire(import.meta.url)('pg');
const port = String(3950 + Math.floor(Math.random() * 40));
const health = `http://127.0.0.1:${port}/api/v2/health/`;
let services;
let app;

before(async () => {
  services = await scratchServices('console_engine_external');
  const env = {
    DATABASE_URL: services.postgres.url,
    REDIS_URL: services.redis.url,
    PORT: port,
    JWT_SECRET: randomBytes(48).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    CAPTCHA_PROVIDER: 'off',
    REDIS_PREFIX: `engine-external-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'warn',
    ENGINE: 'external',
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

test('ENGINE names bundled or external; anything else is refused with the choices', () => {
  assert.equal(engineMode({}), 'bundled');
  assert.equal(engineMode({ ENGINE: ' external ' }), 'external');
  assert.throws(() => engineMode({ ENGINE: 'paper' }), /ENGINE must be one of bundled, external/);
});

test('no engine is started; health says engine down until an engine of its own beats, then up', async () => {
  assert.equal(app.engine, null);
  const quiet = await answer();
  assert.equal(quiet.status, 503);
  assert.deepEqual(quiet.body, { status: 'down', database: 'up', redis: 'up', worker: 'up', engine: 'down' });

  // What a team's engine does, per docs/engine-protocol.md §2.4.
  const db = new pg.Client({ connectionString: services.postgres.url });
  await db.connect();
  try {
    await db.query(`UPDATE engine_state SET heartbeat_at = now() WHERE singleton`);
    let up;
    for (let i = 0; i < 20 && up?.status !== 200; i += 1) {
      up = await answer();
      if (up.status !== 200) await pause(200);
    }
    assert.deepEqual(up, { status: 200, body: { status: 'ok', database: 'up', redis: 'up', worker: 'up', engine: 'up' } });
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM signals`);
    assert.equal(rows[0].n, 0, 'nothing traded: no engine ran');
  } finally {
    await db.end();
  }
});
