#!/usr/bin/env node
// `npm run engine:role -- [role]`: prints the SQL that makes the database role of a trading engine
// (default console_engine): it reads the configuration and writes the trading rows, nothing else
// (docs/engine-protocol.md §2.5). Pipe it into psql as the database's owner, then give the role a
// password (ALTER ROLE … PASSWORD …) and the engine a DATABASE_URL with it. deploy/engine-role.sql is
// the same for console_engine. Needs the build of packages/schema.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fail, ROOT } from './lib/toolchain.mjs';

const built = join(ROOT, 'packages', 'schema', 'dist', 'index.js');
if (!existsSync(built)) fail('packages/schema is not built: run pnpm run build first');
const { engineRoleSql } = await import(pathToFileURL(built).href);
const role = process.argv[2] ?? 'console_engine';
try {
  process.stdout.write(engineRoleSql(role));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
