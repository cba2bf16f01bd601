#!/usr/bin/env node
// `pnpm admin:create --email E --password P` and `pnpm db:migrate`: the API's admin commands on the
// database `npm start` uses, found the same way (DATABASE_URL, else DATABASE_NAME or trading_console on
// localhost:5432, else the embedded PostgreSQL in .data/postgres, started for the command and stopped after).
// Needs installed dependencies and the API's build.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fail, log, ROOT, runOnProjectNode } from './lib/toolchain.mjs';

await runOnProjectNode();

const [command, ...args] = process.argv.slice(2);
if (!['create-admin', 'migrate'].includes(command)) fail('Usage: node scripts/admin.mjs create-admin --email E --password P | migrate');
if (!existsSync(join(ROOT, 'apps', 'api', 'dist', 'cli.js'))) fail('The API is not built: run pnpm run build (or npm start once) first');

const { consoleDatabaseName, findOrStartPostgres } = await import('./lib/services.mjs');
const { cli } = await import('./lib/app.mjs');
let postgres;
try {
  // An admin command works on the console's database; it never makes an empty one.
  postgres = await findOrStartPostgres(consoleDatabaseName(), { create: false });
  const out = cli({ DATABASE_URL: postgres.url }, [command, ...args]);
  if (command === 'migrate') log(out);
  else console.log(out);
} catch (error) {
  await postgres?.stop().catch(() => {});
  fail(error instanceof Error ? error.message : String(error));
}
await postgres.stop();
