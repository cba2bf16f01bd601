// The request-path floor (scripts/bench/floor-server.mjs) answers current-user with the API's JSON, byte
// for byte: the built API (one process, no worker) and the floor (one process) on one migrated database
// with a signed-in administrator. Needs the build and PostgreSQL and Redis as `npm start` finds them.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { cli, migrate } from '../lib/app.mjs';
import { ROOT } from '../lib/toolchain.mjs';
import { scriptAppEnv, signedInSession } from '../bench/http.mjs';
import { checkSameAnswers, ROUTES, startFloor } from '../bench/request-path.mjs';
import { pause, scratchServices, stopChild } from './scratch.mjs';

const port = 4400 + Math.floor(Math.random() * 40) * 2;
const CURRENT_USER = ROUTES.filter((r) => r.path === '/users/current-user/');
let services;
let api;
let floor;
let env;
let token;

before(async () => {
  services = await scratchServices('console_floor');
  const { postgres, redis } = services;
  env = {
    ...scriptAppEnv({ databaseUrl: postgres.url, redisUrl: redis.url, port, prefix: 'floor-test', logLevel: 'warn', exportDir: join(ROOT, '.data', 'floor-test-exports') }),
    PUBLIC_URL: `http://localhost:${port}`,
    API_WORKERS: '1',
  };
  migrate(env);
  // Both servers start while the administrator is made (the command blocks this process, not theirs).
  api = spawn(process.execPath, [join(ROOT, 'apps/api/dist/main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const floorStarted = startFloor({ port: port + 1, env: { DATABASE_URL: postgres.url, JWT_SECRET: env.JWT_SECRET, PUBLIC_URL: env.PUBLIC_URL, FLOOR_PROCESSES: '1' } });
  const admin = JSON.parse(cli(env, ['create-admin', '--email', `floor-${randomBytes(4).toString('hex')}@example.com`, '--password', `Floor!${randomBytes(6).toString('hex')}`]));
  token = await signedInSession({ databaseUrl: postgres.url, userId: admin.id, jwtSecret: env.JWT_SECRET });
  // Up once it refuses a request without a token (health would also want the worker's heartbeat).
  const deadline = Date.now() + 60_000;
  const answers = () => fetch(`http://127.0.0.1:${port}/api/v2/users/current-user/`).then((r) => r.status === 401, () => false);
  while (!(await answers())) {
    if (Date.now() > deadline || api.exitCode !== null) throw new Error('the API did not start');
    await pause(150);
  }
  floor = await floorStarted;
});

after(async () => {
  await floor?.stop();
  await stopChild(api);
  await services?.stop();
});

test('the floor answers current-user with the same JSON as the API', async () => {
  const bodies = await checkSameAnswers({ apiUrl: `http://127.0.0.1:${port}/api/v2`, floorUrl: floor.url, token, jwtSecret: env.JWT_SECRET, routes: CURRENT_USER });
  const user = JSON.parse(bodies[CURRENT_USER[0].name]);
  assert.equal(user.is_active, true);
  assert.ok(user.group?.perms.length, 'the administrator has a group with perms');
});

test('the check fails loudly on a different answer', async () => {
  const other = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ id: 0 }));
  });
  await new Promise((r) => other.listen(0, '127.0.0.1', r));
  try {
    await assert.rejects(
      checkSameAnswers({ apiUrl: `http://127.0.0.1:${port}/api/v2`, floorUrl: `http://127.0.0.1:${other.address().port}/api/v2`, token, jwtSecret: env.JWT_SECRET, routes: CURRENT_USER }),
      /do not answer alike: bodies differ/,
    );
  } finally {
    other.close();
  }
});

test('the floor refuses a request without a token as the API does', async () => {
  const [fromApi, fromFloor] = await Promise.all([fetch(`http://127.0.0.1:${port}/api/v2/users/current-user/`), fetch(`${floor.url}/users/current-user/`)]);
  assert.equal(fromApi.status, 401);
  assert.equal(fromFloor.status, 401);
  assert.deepEqual(await fromFloor.json(), await fromApi.json());
});
