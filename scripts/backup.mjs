#!/usr/bin/env node
// `npm run backup [-- DIR]`: one folder, DIR/<database>-<UTC time>/, holding a pg_dump of the console's
// database (custom format, one consistent snapshot) without the live sessions' rows, a manifest, and, when
// BACKUP_PASSPHRASE is set, the ENCRYPTION_KEY sealed with it. Never JWT_SECRET: a backup folder must not
// open the running system (a restore makes a new one). The database is the one `npm start` uses: DATABASE_URL, else localhost:5432 (DATABASE_NAME,
// default trading_console), else the embedded PostgreSQL in .data/postgres. DIR: the argument, else
// BACKUP_DIR, else ./backups. --secrets-file F reads the encryption key from F instead of .data/secrets.env.
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fail, log, ROOT, runOnProjectNode } from './lib/toolchain.mjs';

await runOnProjectNode();

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'secrets-file': { type: 'string' }, database: { type: 'string' } },
});
if (positionals.length > 1) fail('Usage: npm run backup -- [DIR] [--secrets-file F] [--database NAME]');

const { readSecretsFile, SECRETS_FILE } = await import('./lib/app.mjs');
const { consoleDatabaseName, findOrStartPostgres } = await import('./lib/services.mjs');
const { BACKUP_FILES, SESSION_TABLES, clientConnection, databaseNameOf, encryptKeyFile, keyCheck, migrationsRun, pgTool, runPgTool, serverMajor, timestamp, withClient } =
  await import('./lib/backups.mjs');

const backupDir = resolve(positionals[0] ?? process.env.BACKUP_DIR ?? join(ROOT, 'backups'));
const secretsFile = resolve(values['secrets-file'] ?? SECRETS_FILE);

// The encryption key in force, as `npm start` takes it: the environment over the file.
const encryptionKey = process.env.ENCRYPTION_KEY ?? readSecretsFile(secretsFile).ENCRYPTION_KEY;
const keySource = process.env.ENCRYPTION_KEY ? 'the environment' : secretsFile;
if (!encryptionKey) {
  fail(`No ENCRYPTION_KEY in the environment nor in ${secretsFile}: a dump without its key loses every encrypted secret in it. Point --secrets-file at the console's secrets file.`);
}
const passphrase = process.env.BACKUP_PASSPHRASE;
if (passphrase !== undefined && passphrase.length < 12) fail('BACKUP_PASSPHRASE must be at least 12 characters: it is all that guards the encryption key in the backup');

let postgres;
let work;
try {
  postgres = await findOrStartPostgres(consoleDatabaseName(values.database), { create: false });
  const database = databaseNameOf(postgres.url);
  const { major, serverVersion, migrations } = await withClient(postgres.url, async (client) => ({
    major: await serverMajor(client),
    serverVersion: (await client.query('SHOW server_version')).rows[0].server_version,
    migrations: await migrationsRun(client),
  }));
  const pgDump = pgTool('pg_dump', major);
  if (pgDump.major !== major) log(`no pg_dump ${major} found; using ${pgDump.path} (version ${pgDump.major}), which reads older servers`);

  if (!existsSync(backupDir)) mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  const folder = join(backupDir, `${database}-${timestamp()}`);
  if (existsSync(folder)) throw new Error(`${folder} already exists`);
  // Written under another name and renamed when complete, so a folder with the final name is a whole backup.
  work = `${folder}.partial`;
  mkdirSync(work, { mode: 0o700 });

  log(`dumping database "${database}" (PostgreSQL ${serverVersion}) with ${pgDump.path}`);
  const dumpFile = join(work, BACKUP_FILES.dump);
  // pg_dump reads everything in one repeatable-read transaction: a consistent snapshot while the console runs.
  const { dbname, env } = clientConnection(postgres.url);
  writeFileSync(dumpFile, '', { mode: 0o600 });
  // The sessions' tables come without their rows: with them, anyone holding the folder and the signing key
  // of the day would be signed in as their users.
  const sessionData = SESSION_TABLES.map((table) => `--exclude-table-data=public.${table}`);
  runPgTool(pgDump, ['--format=custom', ...sessionData, '--file', dumpFile, '--dbname', dbname], env);
  chmodSync(dumpFile, 0o600);

  if (passphrase) writeFileSync(join(work, BACKUP_FILES.encryptedKey), encryptKeyFile(encryptionKey, passphrase), { mode: 0o600 });
  const manifest = {
    created_at: new Date().toISOString(),
    database,
    server_version: serverVersion,
    pg_dump: runPgTool(pgDump, ['--version']).stdout.trim(),
    last_migration: migrations.at(-1) ?? null,
    migrations: migrations.length,
    sessions_excluded: SESSION_TABLES,
    encryption_key: passphrase ? `in ${BACKUP_FILES.encryptedKey}, sealed with BACKUP_PASSPHRASE` : 'not in the backup: kept apart by the operator',
    encryption_key_check: keyCheck(encryptionKey),
    files: { dump: BACKUP_FILES.dump, manifest: BACKUP_FILES.manifest, ...(passphrase ? { encryptedKey: BACKUP_FILES.encryptedKey } : {}) },
  };
  writeFileSync(join(work, BACKUP_FILES.manifest), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  renameSync(work, folder);
  work = undefined;

  const size = (name) => `${(statSync(join(folder, name)).size / 1024).toFixed(1)} KiB`;
  console.log(`Backup written: ${folder}`);
  console.log(`  ${BACKUP_FILES.dump}  pg_dump custom format, ${size(BACKUP_FILES.dump)}, ${migrations.length} migrations run (last: ${manifest.last_migration ?? 'none'}), no session rows`);
  if (passphrase) console.log(`  ${BACKUP_FILES.encryptedKey}  ENCRYPTION_KEY (from ${keySource}) sealed with BACKUP_PASSPHRASE: the restore asks for the same passphrase`);
  else console.log(`  ENCRYPTION_KEY is not in the backup (no BACKUP_PASSPHRASE): keep a copy of it (from ${keySource}) apart; the restore needs it`);
  console.log(`  ${BACKUP_FILES.manifest}`);
  console.log(`Restore with: npm run restore -- ${folder}`);
} catch (error) {
  if (work) rmSync(work, { recursive: true, force: true });
  await postgres?.stop().catch(() => {});
  fail(error instanceof Error ? error.message : String(error));
}
await postgres.stop();
