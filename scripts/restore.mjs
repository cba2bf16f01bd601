#!/usr/bin/env node
// `npm run restore -- FOLDER`: rebuilds the console's database from a folder `npm run backup` wrote,
// empties the sessions' tables, runs the migrations this checkout has and the backup lacks, and writes
// the secrets file: the backup's ENCRYPTION_KEY and a new JWT_SECRET (a restore signs everyone out).
// The key comes from --secrets-from F (a copy kept apart), else the backup's sealed key file opened
// with BACKUP_PASSPHRASE, else the clear secrets.env an older backup held, else the key in force here
// (ENCRYPTION_KEY or the secrets file) when the manifest's check says it is the backup's.
// The target is found as `npm start` finds it (DATABASE_URL, else DATABASE_NAME or --database on
// localhost:5432 or the embedded PostgreSQL), created when missing. It refuses a database that holds
// anything (--force drops and recreates it) and a secrets file with another ENCRYPTION_KEY (--replace-secrets
// keeps that file beside as secrets.env.replaced-<time>). --secrets-file F writes the keys to F instead
// of .data/secrets.env; --no-build skips
// the install and build the migrations need (for a checkout already built).
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
const { BACKUP_FILES, SESSION_TABLES, clientConnection, databaseNameOf, decryptKeyFile, keyCheck, migrationsRun, newJwtSecret, pgTool, runPgTool, secretsText, serverMajor, timestamp, userRelationCount, withClient } =
  await import('./lib/backups.mjs');
const dumpFile = join(folder, BACKUP_FILES.dump);
if (!existsSync(dumpFile)) fail(`${dumpFile} is missing: ${folder} is not a backup folder written by npm run backup`);

// Everything that can refuse is checked before the database is touched.
const { readSecretsFile, SECRETS_FILE, cli } = await import('./lib/app.mjs');
const secretsFile = resolve(values['secrets-file'] ?? SECRETS_FILE);
const current = readSecretsFile(secretsFile);
const manifestFile = join(folder, BACKUP_FILES.manifest);
const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
const { encryptionKey, keySource } = backupEncryptionKey();
if (manifest.encryption_key_check && keyCheck(encryptionKey) !== manifest.encryption_key_check) {
  fail(`The ENCRYPTION_KEY from ${keySource} is not the one this backup was made with: its stored secrets could not be read`);
}
if (current.ENCRYPTION_KEY && current.ENCRYPTION_KEY !== encryptionKey && !values['replace-secrets']) {
  fail(
    `${secretsFile} holds a different ENCRYPTION_KEY than the backup. The backup's secrets are encrypted with its own key: ` +
      'run again with --replace-secrets to put the backup\'s key in place (the current file is kept beside it), or --secrets-file to write them elsewhere.',
  );
}
if (process.env.ENCRYPTION_KEY && process.env.ENCRYPTION_KEY !== encryptionKey) {
  log(`warning: ENCRYPTION_KEY in this environment is not the backup's; the console started with it cannot read the restored secrets (the backup's key is in ${secretsFile} after this)`);
}

/** The backup's ENCRYPTION_KEY, from the first source that has it (see the top of this file), or a stop saying what is needed. */
function backupEncryptionKey() {
  if (values['secrets-from']) {
    const from = resolve(values['secrets-from']);
    if (!existsSync(from)) fail(`${from} is missing`);
    const key = readSecretsFile(from).ENCRYPTION_KEY;
    if (!key) fail(`${from} holds no ENCRYPTION_KEY`);
    return { encryptionKey: key, keySource: from };
  }
  const sealed = join(folder, BACKUP_FILES.encryptedKey);
  if (existsSync(sealed)) {
    if (!process.env.BACKUP_PASSPHRASE) fail(`${sealed} is sealed with a passphrase: set BACKUP_PASSPHRASE to the one the backup was made with`);
    try {
      return { encryptionKey: decryptKeyFile(readFileSync(sealed, 'utf8'), process.env.BACKUP_PASSPHRASE), keySource: sealed };
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  }
  // A backup made before keys left the folder: only its encryption key is taken, never its signing key.
  const legacy = join(folder, BACKUP_FILES.legacySecrets);
  const legacyKey = existsSync(legacy) ? readSecretsFile(legacy).ENCRYPTION_KEY : undefined;
  if (legacyKey) return { encryptionKey: legacyKey, keySource: legacy };
  const inForce = process.env.ENCRYPTION_KEY ?? current.ENCRYPTION_KEY;
  if (inForce && manifest.encryption_key_check && keyCheck(inForce) === manifest.encryption_key_check) {
    return { encryptionKey: inForce, keySource: process.env.ENCRYPTION_KEY ? 'the environment' : secretsFile };
  }
  fail(
    `${folder} holds no ENCRYPTION_KEY and the key in force here is not the backup's: name a copy of the secrets file kept apart with ` +
      '--secrets-from F (without its ENCRYPTION_KEY the stored secrets cannot be read)',
  );
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
  // Backups made before sessions were left out hold them: no session of the backed-up system survives.
  await withClient(url, (client) => client.query(`TRUNCATE ${SESSION_TABLES.join(', ')}`));

  log(cli({ DATABASE_URL: url }, ['migrate']));
  const after = await withClient(url, migrationsRun);

  // A new signing key: every token signed before the restore is refused, so everyone signs in again.
  mkdirSync(dirname(secretsFile), { recursive: true, mode: 0o700 });
  let kept = '';
  if (current.ENCRYPTION_KEY && current.ENCRYPTION_KEY !== encryptionKey) {
    kept = `${secretsFile}.replaced-${timestamp()}`;
    copyFileSync(secretsFile, kept);
  }
  writeFileSync(secretsFile, secretsText({ JWT_SECRET: newJwtSecret(), ENCRYPTION_KEY: encryptionKey }), { mode: 0o600 });
  const secretsNote = `${secretsFile} written: the backup's ENCRYPTION_KEY (from ${keySource}) and a new JWT_SECRET${kept ? ` (the previous file kept as ${kept})` : ''}`;

  console.log(`Restored ${folder} into database "${database}" (${new URL(url).host})`);
  console.log(`  migrations: ${before.length} in the backup, ${after.length - before.length} run now${after.length > before.length ? ` (${after.slice(before.length).join(', ')})` : ''}`);
  console.log(`  secrets: ${secretsNote}`);
  console.log('  sessions: none restored; everyone signs in again');
  if (process.env.JWT_SECRET) console.log('  JWT_SECRET is set in this environment and wins over the file: give the console a new one (openssl rand -hex 48)');
  if (!process.env.DATABASE_URL && database !== 'trading_console') console.log(`Start the console on it with: DATABASE_NAME=${database} npm start`);
} catch (error) {
  await postgres?.stop().catch(() => {});
  fail(error instanceof Error ? error.message : String(error));
}
await postgres.stop();
