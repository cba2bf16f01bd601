// What Nest's Fastify adapter would change on the request path, measured before any port of the API:
// one small Nest app (the API's Nest version) run on each adapter in turn, with the shape of the API's
// pipeline on `GET users/current-user/` (a global guard that runs one statement on a pg pool, a global
// interceptor through rxjs, a controller answering a JSON body of the current user's size), driven by
// autocannon, the adapters alternating round by round. The difference is the adapter's own cost per
// request; everything else in the API (its middlewares, the access log, TypeORM, the projection) stays.
//
//   node scripts/bench/nest-adapters.mjs
//   BENCH_DURATION=10 (seconds a run), BENCH_ROUNDS=6, BENCH_CONNECTIONS=16, BENCH_PORT=4100,
//   BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres).
// The Fastify adapter is not a dependency of the project: the first run installs both adapters, at the
// API's Nest version, into a folder of the system's temp directory (BENCH_ADAPTERS_DIR) with npm.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from '../lib/toolchain.mjs';
import { machine } from './http.mjs';
import { load, measure, median } from './request-path.mjs';

const requireFromApi = createRequire(join(ROOT, 'apps/api/package.json'));
const NEST_VERSION = requireFromApi('@nestjs/core/package.json').version;

const DIR = process.env.BENCH_ADAPTERS_DIR ?? join(tmpdir(), `console-bench-nest-adapters-${NEST_VERSION}`);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PORT = Number(process.env.BENCH_PORT ?? 4100);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET = `http://127.0.0.1:${PORT}/api/v2/users/current-user/`;

/** The app, written into DIR so that it loads the Nest installed there; argv: adapter, port. */
const APP = `
require('reflect-metadata');
const { Controller, Get, Injectable, Module } = require('@nestjs/common');
const { APP_GUARD, APP_INTERCEPTOR, NestFactory } = require('@nestjs/core');
const { map } = require('rxjs');
const { Pool } = require('pg');

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// About the size of the API's current-user answer (an administrator with a group of twelve sections).
const body = {
  id: 1, username: 'admin', email: 'admin@example.com', is_active: true, date_joined: new Date(0).toISOString(),
  group: { id: 1, name: 'Administrators', perms: Array.from({ length: 12 }, (_, i) => ({ section_name: 'section' + i, status: 'Full', fields: [], filtering: true, sorting: true, signals_count: 200, is_only_finished: false })) },
};
class SessionGuard {
  async canActivate(ctx) {
    const req = ctx.switchToHttp().getRequest();
    const { rows } = await pool.query('SELECT $1::text AS token, now() AS checked_at', [req.headers.authorization ?? '']);
    req.principal = rows[0];
    return true;
  }
}
Injectable()(SessionGuard);
class PassThrough {
  intercept(_ctx, next) {
    return next.handle().pipe(map((answer) => answer));
  }
}
Injectable()(PassThrough);
class UsersController {
  currentUser() {
    return body;
  }
}
Get('current-user/')(UsersController.prototype, 'currentUser', Object.getOwnPropertyDescriptor(UsersController.prototype, 'currentUser'));
Controller('users')(UsersController);
class AppModule {}
Module({ controllers: [UsersController], providers: [{ provide: APP_GUARD, useClass: SessionGuard }, { provide: APP_INTERCEPTOR, useClass: PassThrough }] })(AppModule);

(async () => {
  const [adapter, port] = process.argv.slice(2);
  const app =
    adapter === 'fastify'
      ? await NestFactory.create(AppModule, new (require('@nestjs/platform-fastify').FastifyAdapter)({ routerOptions: { ignoreTrailingSlash: true } }), { logger: false })
      : await NestFactory.create(AppModule, { logger: false });
  app.setGlobalPrefix('api/v2');
  await app.listen(Number(port), '127.0.0.1');
  process.stdout.write('listening\\n');
})();
`;

function install() {
  if (existsSync(join(DIR, 'node_modules/@nestjs/platform-fastify'))) return;
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, 'package.json'), JSON.stringify({ name: 'nest-adapters-bench', private: true }));
  const major = NEST_VERSION.split('.')[0];
  const packages = ['core', 'common', 'platform-express'].map((name) => `@nestjs/${name}@${NEST_VERSION}`);
  console.log(`installing Nest ${NEST_VERSION} and both adapters into ${DIR}…`);
  const npm = join(dirname(process.execPath), 'npm');
  execFileSync(existsSync(npm) ? npm : 'npm', ['install', '--no-audit', '--no-fund', ...packages, `@nestjs/platform-fastify@${major}`, 'reflect-metadata', 'rxjs', 'pg'], { cwd: DIR, stdio: 'inherit' });
}

async function start(adapter) {
  const child = spawn(process.execPath, [join(DIR, 'app.cjs'), adapter, String(PORT)], { env: { ...process.env, DATABASE_URL }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('listening') && resolve());
    child.on('exit', (code) => reject(new Error(`the ${adapter} app exited with ${code}`)));
  });
  return () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')));
}

install();
writeFileSync(join(DIR, 'app.cjs'), APP);
const loadBefore = load();
const runs = { express: [], fastify: [] };
for (let round = 1; round <= ROUNDS; round++) {
  // Express first in odd rounds, Fastify first in even ones: a drift of the machine weighs on both.
  for (const adapter of round % 2 ? ['express', 'fastify'] : ['fastify', 'express']) {
    const stop = await start(adapter);
    try {
      await measure(TARGET, 'bench', { connections: CONNECTIONS, duration: 2 });
      const run = await measure(TARGET, 'bench', { connections: CONNECTIONS, duration: DURATION });
      runs[adapter].push(run);
      console.log(`  round ${round} ${adapter}: ${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms (load ${load()})`);
    } finally {
      await stop();
    }
  }
}
console.log(`\n${machine()}; Nest ${NEST_VERSION}, one process per adapter; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s, alternating`);
console.log(`load average (1 / 5 / 15 min): before ${loadBefore}, after ${load()}\n`);
console.log('| Adapter | req/s (median of rounds) | µs of the machine per request | p50 | p99 |');
console.log('|---|---:|---:|---:|---:|');
for (const [adapter, list] of Object.entries(runs)) {
  const rps = median(list.map((r) => r.rps));
  console.log(`| ${adapter} | ${Math.round(rps).toLocaleString('en')} | ${Math.round(1e6 / rps)} | ${median(list.map((r) => r.p50))} ms | ${median(list.map((r) => r.p99))} ms |`);
}
const saved = 1e6 / median(runs.express.map((r) => r.rps)) - 1e6 / median(runs.fastify.map((r) => r.rps));
console.log(`\nFastify saves about ${Math.round(saved)} µs of the machine per request against Express here.`);
