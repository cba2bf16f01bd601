#!/usr/bin/env node
// `npm run restore -- FOLDER`: rebuilds the console's database from a folder `npm run backup` wrote,
// runs the migrations this checkout has and the backup lacks, and puts the secrets file back.
// The target is found as `npm start` finds it (DATABASE_URL, else DATABASE_NAME or --database on
// localhost:5432 or the embedded PostgreSQL), created when missing. It refuses a database that holds
// anything (--force drops and recreates it) and a secrets file with other keys (--replace-secrets
// keeps that file beside as secrets.env.replaced-<time>). --secrets-from F takes the keys from F instead
// of the folder's copy; --secrets-file F writes them to F instead of .data/secrets.env; --no-build skips
// the install and build the migrations need (for a checkout already built).
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensurePnpm, fail, installDependencies, log, pnpm, runOnProjectNode } from './lib/toolchain.mjs';

await runOnProjectNode();

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    force: { type: 'boolean', default: false },
    'replace-secrets': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'secrets-file': { type: 'string' },
    'secrets-from': { type: 'string' },
    database: { type: 'string' },
  },
});
if (positionals.length !== 1) {
  fail('Usage: npm run restore -- FOLDER [--database NAME] [--force] [--secrets-from F] [--replace-secrets] [--secrets-file F] [--no-build]');
}

const folder = resolve(positionals[0]);
const { BACKUP_FILES, SECRET_NAMES, clientConnection, databaseNameOf, migrationsRun, pgTool, runPgTool, secretsText, serverMajor, timestamp, userRelationCount, withClient } =
  await import('./lib/backups.mjs');
const dumpFile = join(folder, BACKUP_FILES.dump);
// The keys may have been kept apart from the dumps: --secrets-from names that copy.
const backupSecretsFile = resolve(values['secrets-from'] ?? join(folder, BACKUP_FILES.secrets));
if (!existsSync(dumpFile)) fail(`${dumpFile} is missing: ${folder} is not a backup folder written by npm run backup`);
if (!existsSync(backupSecretsFile)) fail(`${backupSecretsFile} is missing: name the backup's secrets file with --secrets-from F (without its ENCRYPTION_KEY the stored secrets cannot be read)`);

// Everything that can refuse is checked before the database is touched.
const { readSecretsFile, SECRETS_FILE, cli } = await import('./lib/app.mjs');
const secretsFile = resolve(values['secrets-file'] ?? SECRETS_FILE);
const restored = readSecretsFile(backupSecretsFile);
if (!restored.ENCRYPTION_KEY) fail(`${backupSecretsFile} holds no ENCRYPTION_KEY`);
const current = readSecretsFile(secretsFile);
const differing = SECRET_NAMES.filter((name) => current[name] && current[name] !== restored[name]);
if (differing.length && !values['replace-secrets']) {
  fail(
    `${secretsFile} holds a different ${differing.join(' and ')} than the backup. The backup's secrets are encrypted with its own key: ` +
      'run again with --replace-secrets to put the backup\'s keys in place (the current file is kept beside it), or --secrets-file to write them elsewhere.',
  );
}
if (process.env.ENCRYPTION_KEY && process.env.ENCRYPTION_KEY !== restored.ENCRYPTION_KEY) {
  log(`warning: ENCRYPTION_KEY in this environment is not the backup's; the console started with it cannot read the restored secrets (the backup's key is in ${secretsFile} after this)`);
}

if (!values['no-build']) {
  // The migrations run from the API's build.
  const pnpmCmd = ensurePnpm();
  installDependencies(pnpmCmd);
  log('building the API and its migrations');
  pnpm(pnpmCmd, ['--filter', '@console/api...', 'run', 'build']);
}

const { consoleDatabaseName, dropDatabase, ensureDatabase, findOrStartPostgres, withDatabase } = await import('./lib/services.mjs');
let postgres;
try {
  postgres = await findOrStartPostgres(consoleDatabaseName(values.database));
  const url = postgres.url;
  const database = databaseNameOf(url);
  const server = withDatabase(url, 'postgres');
  // DATABASE_URL may name a database that does not exist yet.
  await ensureDatabase(server, database);
  const { relations, major } = await withClient(url, async (client) => ({ relations: await userRelationCount(client), major: await serverMajor(client) }));
  if (relations > 0) {
    if (!values.force) {
      throw new Error(
        `Database "${database}" is not empty (${relations} tables, sequences or views). Restore into a new database ` +
          '(--database NAME, DATABASE_NAME or DATABASE_URL), or pass --force to drop it and restore in its place.',
      );
    }
    log(`--force: dropping database "${database}" and creating it empty`);
    await dropDatabase(server, database);
    await ensureDatabase(server, database);
  }

  const pgRestore = pgTool('pg_restore', major);
  if (pgRestore.major !== major) log(`no pg_restore ${major} found; using ${pgRestore.path} (version ${pgRestore.major})`);
  log(`restoring ${dumpFile} into database "${database}" with ${pgRestore.path}`);
  const { dbname, env } = clientConnection(url);
  // One transaction: a restore that fails part way leaves the database as empty as it was.
  runPgTool(pgRestore, ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', '--dbname', dbname, dumpFile], env);
  const before = await withClient(url, migrationsRun);

  log(cli({ DATABASE_URL: url }, ['migrate']));
  const after = await withClient(url, migrationsRun);

  let secretsNote = `${secretsFile} already holds the backup's keys`;
  if (SECRET_NAMES.some((name) => current[name] !== restored[name])) {
    mkdirSync(dirname(secretsFile), { recursive: true, mode: 0o700 });
    let kept = '';
    if (existsSync(secretsFile)) {
      kept = `${secretsFile}.replaced-${timestamp()}`;
      copyFileSync(secretsFile, kept);
    }
    writeFileSync(secretsFile, secretsText(restored), { mode: 0o600 });
    secretsNote = `${secretsFile} written${kept ? ` (the previous one kept as ${kept})` : ''}`;
  }

  console.log(`Restored ${folder} into database "${database}" (${new URL(url).host})`);
  console.log(`  migrations: ${before.length} in the backup, ${after.length - before.length} run now${after.length > before.length ? ` (${after.slice(before.length).join(', ')})` : ''}`);
  console.log(`  secrets: ${secretsNote}`);
  if (!process.env.DATABASE_URL && database !== 'trading_console') console.log(`Start the console on it with: DATABASE_NAME=${database} npm start`);
} catch (error) {
  await postgres?.stop().catch(() => {});
  fail(error instanceof Error ? error.message : String(error));
}
await postgres.stop();
