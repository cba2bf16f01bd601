#!/usr/bin/env node
// `npm start`: installs what is missing, builds, finds or starts PostgreSQL and Redis, migrates,
// creates the first admin on the first start, then runs the API (serving the SPA), the worker and
// the paper-trading engine, whatever trading rows the database holds (it adopts those it did not make).
// `npm start -- --demo` (or DEMO=1) also adds demo data on a database that has none yet, and has the
// paper engine trade the last DEMO_HISTORY_DAYS days (default 45) in history mode before it goes live,
// and prints what the desk then holds (signals, open positions and orders, profiles, pairs).
// ENGINE=external starts no engine (neither the history run nor the live one): a team's own engine,
// started by the team against the same database, takes its place (docs/engine-protocol.md).
import { randomBytes } from 'node:crypto';
import { ensurePnpm, fail, installDependencies, log, pnpm, runOnProjectNode } from './lib/toolchain.mjs';

await runOnProjectNode();
log(`Node ${process.versions.node}`);

const pnpmCmd = ensurePnpm();
installDependencies(pnpmCmd);
log('building');
pnpm(pnpmCmd, ['run', 'build']);

const { consoleDatabaseName, findOrStartPostgres, findOrStartRedis } = await import('./lib/services.mjs');
const { cli, engineHistory, engineMode, loadOrCreateSecrets, migrate, startApiAndWorker } = await import('./lib/app.mjs');

// Checked before anything starts: a mistyped ENGINE stops here.
const external = (() => {
  try {
    return engineMode() === 'external';
  } catch (error) {
    return fail(error.message);
  }
})();
const stops = [];
async function shutdown(code) {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  process.exit(code);
}

try {
  const postgres = await findOrStartPostgres(consoleDatabaseName());
  stops.push(postgres.stop);
  const redis = await findOrStartRedis();
  stops.push(redis.stop);
  const port = process.env.PORT ?? '3000';
  const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url, PORT: port, ...loadOrCreateSecrets() };
  migrate(env);

  const users = cli(env, ['count-users']);
  if (users === '0') {
    const email = process.env.ADMIN_EMAIL ?? 'admin@example.com';
    const password = process.env.ADMIN_PASSWORD ?? `${randomBytes(9).toString('base64url')}!7aA`;
    cli(env, ['create-admin', '--email', email, '--password', password]);
    console.log(`\n  First start: an administrator was created. Keep these, they are shown once:\n    email:    ${email}\n    password: ${password}\n`);
  }

  const demo = process.argv.includes('--demo') || process.env.DEMO === '1';
  if (demo) log(cli(env, ['seed-demo']));
  // The demo's trading rows are the engine's own: it trades the recent past in history mode (a day per
  // transaction), then the live engine below carries on from the last minute it did. Rows another writer
  // made (the data-scale generator's) the engine adopts as they are.
  if (demo && external) log('ENGINE=external: no engine is started; the demo desk waits for yours');
  if (demo && !external) {
    log(`the paper engine trades the last ${process.env.DEMO_HISTORY_DAYS ?? '45'} days in history mode (or catches up with its last minute)`);
    engineHistory(env);
  }

  const app = await startApiAndWorker(env);
  stops.push(app.stop);
  if (demo) log(cli(env, ['desk-counts']));
  if (external) console.log(`\n  ENGINE=external: start your engine on this DATABASE_URL and REDIS_URL; health says engine: down until it beats.`);
  console.log(`\n  Trading console is running: http://localhost:${port}\n  API docs: http://localhost:${port}/api/docs\n  Ctrl-C stops everything this command started.\n`);
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
} catch (error) {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  fail(error instanceof Error ? error.message : String(error));
}
