/**
 * `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs) end to end: a filled
 * database is dumped, restored into a new one, and the console on the restored one signs its admin in
 * and reads back every secret. Runs the scripts as an operator would, against the API's build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveChallenge } from 'altcha-lib';
import * as jwt from 'jsonwebtoken';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_PATHS, API_PREFIX } from '@console/contracts';
import { MIGRATIONS } from '@console/migrations';
import { dataSourceOptions } from '../common/database/data-source';
import { decryptSecret } from '../common/crypto/secrets';
import { DEMO_TRADING_SIZES, generateTradingData } from '../demo/trading-data';
import { createOrResetAdmin } from '../privileges/users/admin-account';
import { TelegramSettingsRepository } from '../system-settings/telegram/telegram-settings.repository';
import { auth, signInThroughHttp, STRONG_PASSWORD, totpCode } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { databaseUrl, withAdminClient } from '../test/services';

const ROOT = join(__dirname, '../../../..');
const P = (path: string) => `${API_PREFIX}${path}`;
const EXCHANGE_SECRET = 'exchange-Secret-4e1d9b';
const TELEGRAM_TOKEN = '123456789:AAbackup-restore-token-x9Qz';
const PASSPHRASE = 'correct horse battery staple';

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One of the root scripts on the test's Node, as `npm run backup|restore -- …` runs it. */
function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', `${script}.mjs`), ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function secretsFile(path: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const mode = (path: string) => statSync(path).mode & 0o777;

/**
 * A custom-format dump as plain SQL (its data included), through the pg_restore the scripts pick for
 * the server's major: the dump is compressed, so its text is read the way an intruder would read it.
 */
function dumpAsSql(dumpFile: string, major: number): string {
  const lib = join(ROOT, 'scripts', 'lib', 'backups.mjs');
  const sqlFile = `${dumpFile}.sql`;
  const script = `const { pgTool, runPgTool } = await import(${JSON.stringify(lib)}); runPgTool(pgTool('pg_restore', ${major}), ['--file', ${JSON.stringify(sqlFile)}, ${JSON.stringify(dumpFile)}], process.env);`;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`pg_restore to SQL failed: ${res.stderr}`);
  const sql = readFileSync(sqlFile, 'utf8');
  rmSync(sqlFile);
  return sql;
}

/** A whole dump, session rows included, as backups made before sessions were left out held them. */
function legacyDump(url: string, dumpFile: string, major: number): void {
  const lib = join(ROOT, 'scripts', 'lib', 'backups.mjs');
  const script = `const { clientConnection, pgTool, runPgTool } = await import(${JSON.stringify(lib)}); const { dbname, env } = clientConnection(${JSON.stringify(url)}); runPgTool(pgTool('pg_dump', ${major}), ['--format=custom', '--file', ${JSON.stringify(dumpFile)}, '--dbname', dbname], env);`;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`pg_dump failed: ${res.stderr}`);
}

/** Every secret-looking word of the backup folder's text files: what a holder of the folder could sign with. */
function secretCandidates(folder: string): string[] {
  const words = new Set<string>();
  for (const file of readdirSync(folder).filter((f) => f !== 'database.dump')) {
    for (const word of readFileSync(join(folder, file), 'utf8').match(/[A-Za-z0-9+/_-]{16,}={0,2}/g) ?? []) words.add(word);
  }
  return [...words];
}

/** A database name of the harness's kind, and its drop. */
function newDatabase(): { name: string; url: string; drop: () => Promise<void> } {
  const admin = inject('adminDatabaseUrl');
  const name = `console_test_${randomBytes(6).toString('hex')}`;
  return {
    name,
    url: databaseUrl(admin, name),
    drop: () => withAdminClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Rows per table, for every table of the public schema. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  return withAdminClient(url, async (c) => {
    const tables = await c.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) counts[name] = Number((await c.query(`SELECT count(*) AS n FROM "${name}"`)).rows[0].n);
    return counts;
  });
}

describe('backup and restore', () => {
  const work = mkdtempSync(join(tmpdir(), 'console-backup-'));
  const keys = { JWT_SECRET: randomBytes(48).toString('hex'), ENCRYPTION_KEY: randomBytes(32).toString('hex') };
  const sourceSecrets = join(work, 'source', 'secrets.env');
  let source: TestContext;
  let restored: TestContext | undefined;
  const extraDatabases: { drop: () => Promise<void> }[] = [];

  beforeAll(async () => {
    source = await createTestApp(keys);
    mkdirSync(join(work, 'source'));
    writeFileSync(sourceSecrets, `JWT_SECRET=${keys.JWT_SECRET}\nENCRYPTION_KEY=${keys.ENCRYPTION_KEY}\n`, { mode: 0o600 });
  });

  afterAll(async () => {
    await restored?.close();
    await source.close();
    for (const database of extraDatabases) await database.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('a filled database comes back whole: sign-in, decrypted secrets, the rows of every table', { timeout: 240_000 }, async () => {
    const email = 'backup.admin@example.com';
    const admin = await createOrResetAdmin(source.db, email, STRONG_PASSWORD);
    const signedIn = await signInThroughHttp(source, { id: admin.id, email, password: STRONG_PASSWORD, groupId: null });
    const account = await source
      .http()
      .post(P(API_PATHS.exchangeAccounts))
      .set(...auth(signedIn.access))
      .send({ title: 'Backed-up account', api_key: 'key-backup', api_secret: EXCHANGE_SECRET, leverage: 10 })
      .expect(201);
    await source.http().post(P(API_PATHS.tgBotSettings)).set(...auth(signedIn.access)).send({ token: TELEGRAM_TOKEN, chat_id: '-100200300' }).expect(201);
    await generateTradingData(source.db, { ...DEMO_TRADING_SIZES, signals: 300, metricsDays: 3 });
    const before = await rowCounts(source.config.databaseUrl);
    expect(Object.keys(before).length).toBeGreaterThan(30);
    for (const table of ['users', 'exchange_accounts', 'tg_bot_settings', 'signals', 'orders', 'positions', 'logs']) expect(before[table]).toBeGreaterThan(0);

    expect(before.token_families).toBeGreaterThan(0);

    const backupDir = join(work, 'backups');
    const backup = await runScript('backup', [backupDir, '--secrets-file', sourceSecrets], { DATABASE_URL: source.config.databaseUrl, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const [name] = readdirSync(backupDir);
    const folder = join(backupDir, name);
    expect(backup.stdout).toContain(`Backup written: ${folder}`);
    expect(mode(folder)).toBe(0o700);
    for (const file of readdirSync(folder)) expect(mode(join(folder, file))).toBe(0o600);
    // The encryption key only sealed with the passphrase; the signing key not at all.
    expect(readdirSync(folder).sort()).toEqual(['database.dump', 'encryption-key.enc', 'manifest.json']);
    for (const file of ['encryption-key.enc', 'manifest.json']) {
      const text = readFileSync(join(folder, file), 'utf8');
      expect(text).not.toContain(keys.ENCRYPTION_KEY);
      expect(text).not.toContain(keys.JWT_SECRET);
    }

    const target = newDatabase();
    extraDatabases.push(target);
    const targetSecrets = join(work, 'target', 'secrets.env');
    const withoutPassphrase = await runScript('restore', [folder, '--no-build', '--secrets-file', targetSecrets], { DATABASE_URL: target.url });
    expect(withoutPassphrase.code).toBe(1);
    expect(withoutPassphrase.stderr).toContain('set BACKUP_PASSPHRASE');
    const wrongPassphrase = await runScript('restore', [folder, '--no-build', '--secrets-file', targetSecrets], { DATABASE_URL: target.url, BACKUP_PASSPHRASE: 'not the passphrase' });
    expect(wrongPassphrase.code).toBe(1);
    expect(wrongPassphrase.stderr).toContain('the passphrase does not open');
    const restore = await runScript('restore', [folder, '--no-build', '--secrets-file', targetSecrets], { DATABASE_URL: target.url, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`into database "${target.name}"`);
    // The backup's encryption key and a new signing key: everyone signs in again.
    const written = secretsFile(targetSecrets);
    expect(written.ENCRYPTION_KEY).toBe(keys.ENCRYPTION_KEY);
    expect(written.JWT_SECRET).toMatch(/^[0-9a-f]{96}$/);
    expect(written.JWT_SECRET).not.toBe(keys.JWT_SECRET);
    expect(mode(targetSecrets)).toBe(0o600);
    expect(await rowCounts(target.url)).toEqual({ ...before, token_families: 0, refresh_tokens: 0 });

    // The console on the restored database, with the restored keys and the bot-check on.
    const restoredKeys = secretsFile(targetSecrets);
    restored = await createTestApp({ ...restoredKeys, CAPTCHA_PROVIDER: 'altcha', CAPTCHA_WORK: '200' }, target);

    // A later 30-second step than the source's sign-in: a code is accepted once.
    restored.clock.set(source.clock.now() + 5 * 60_000);
    const { provider: _provider, ...challenge } = (await restored.http().get(P(API_PATHS.captchaChallenge)).expect(200)).body;
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const verified = await restored.http().post(P(API_PATHS.captchaVerify)).send({ response: payload }).expect(200);
    expect(verified.body.is_robot).toBe(false);
    const login = await restored.http().post(P(API_PATHS.login)).send({ email, password: STRONG_PASSWORD, captcha_token: verified.body.captcha_token }).expect(200);
    // The authenticator enrolled before the backup still works: its secret was decrypted with the restored key.
    const code = totpCode(signedIn.secret, restored.clock.now());
    const session = await restored.http().post(P(API_PATHS.totpLogin(code))).set(...auth(login.body.access)).expect(200);

    const accounts = await restored.http().get(P(API_PATHS.exchangeAccounts)).set(...auth(session.body.access)).expect(200);
    expect(accounts.body.results.map((a: { id: number }) => a.id)).toContain(account.body.id);
    const [row] = await restored.db.query(`SELECT api_secret_enc FROM exchange_accounts WHERE id = $1`, [account.body.id]);
    expect(decryptSecret(row.api_secret_enc, restored.config.encryptionKey)).toBe(EXCHANGE_SECRET);
    expect((await restored.app.get(TelegramSettingsRepository).read())?.token).toBe(TELEGRAM_TOKEN);
    const telegram = await restored.http().get(P(API_PATHS.tgBotSettings)).set(...auth(session.body.access)).expect(200);
    expect(telegram.body.token).toBe(`********${TELEGRAM_TOKEN.slice(-4)}`);

    // The sequences came along: a new row gets a new id.
    const next = await restored
      .http()
      .post(P(API_PATHS.exchangeAccounts))
      .set(...auth(session.body.access))
      .send({ title: 'After the restore', api_key: 'key-after', api_secret: 'another-secret', leverage: 5 })
      .expect(201);
    expect(next.body.id).toBeGreaterThan(account.body.id);
  });

  it('a backup folder opens nothing: a token forged from what it holds, for a live session, is refused', { timeout: 120_000 }, async () => {
    const email = 'forged.admin@example.com';
    const admin = await createOrResetAdmin(source.db, email, STRONG_PASSWORD);
    await signInThroughHttp(source, { id: admin.id, email, password: STRONG_PASSWORD, groupId: null });
    const [{ id: family }] = await source.db.query(`SELECT id FROM token_families WHERE user_id = $1 AND revoked_at IS NULL`, [admin.id]);
    const forge = (secret: string) => jwt.sign({ sub: String(admin.id), fam: family, sf: true, typ: 'access' }, secret, { algorithm: 'HS256', expiresIn: '5m' });
    const currentUser = (token: string) => source.http().get(P(API_PATHS.currentUser)).set(...auth(token));
    // The forgery is right: signed with the key in force it is the administrator, second factor passed.
    await currentUser(forge(keys.JWT_SECRET)).expect(200);

    const backupDir = join(work, 'forge-backups');
    const backup = await runScript('backup', [backupDir, '--secrets-file', sourceSecrets], { DATABASE_URL: source.config.databaseUrl, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(backup.code).toBe(0);
    const folder = join(backupDir, readdirSync(backupDir)[0]);
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
    const sql = dumpAsSql(join(folder, 'database.dump'), Number(manifest.server_version.split('.')[0]));
    expect(sql).toContain('COPY public.users');
    expect(sql).toContain(email);
    // No session row and no signing key in the dump.
    expect(sql).not.toContain(family);
    expect(sql).not.toContain(keys.JWT_SECRET);

    // Whoever holds the folder, even with its passphrase (so the encryption key too), signs nothing the API takes.
    const candidates = [...secretCandidates(folder), keys.ENCRYPTION_KEY];
    expect(candidates.length).toBeGreaterThan(1);
    for (const secret of candidates) await currentUser(forge(secret)).expect(401);
  });

  it('a backup made before keys and sessions left it restores without its signing key and sessions', { timeout: 120_000 }, async () => {
    const email = 'legacy.admin@example.com';
    const admin = await createOrResetAdmin(source.db, email, STRONG_PASSWORD);
    const signedIn = await signInThroughHttp(source, { id: admin.id, email, password: STRONG_PASSWORD, groupId: null });
    const [{ server_version_num: version }] = await source.db.query(`SHOW server_version_num`);
    const folder = join(work, 'legacy-backups', 'console-legacy');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    legacyDump(source.config.databaseUrl, join(folder, 'database.dump'), Math.floor(Number(version) / 10000));
    writeFileSync(join(folder, 'secrets.env'), `JWT_SECRET=${keys.JWT_SECRET}\nENCRYPTION_KEY=${keys.ENCRYPTION_KEY}\n`, { mode: 0o600 });

    const target = newDatabase();
    extraDatabases.push(target);
    const targetSecrets = join(work, 'legacy-target', 'secrets.env');
    const restore = await runScript('restore', [folder, '--no-build', '--secrets-file', targetSecrets], { DATABASE_URL: target.url });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const written = secretsFile(targetSecrets);
    expect(written.ENCRYPTION_KEY).toBe(keys.ENCRYPTION_KEY);
    expect(written.JWT_SECRET).not.toBe(keys.JWT_SECRET);
    await withAdminClient(target.url, async (c) => {
      expect((await c.query(`SELECT count(*)::int AS n FROM token_families`)).rows[0].n).toBe(0);
      expect((await c.query(`SELECT count(*)::int AS n FROM refresh_tokens`)).rows[0].n).toBe(0);
      expect((await c.query(`SELECT id FROM users WHERE email = $1`, [email])).rows).toEqual([{ id: admin.id }]);
    });
    // The session the dump held is not a session of the restored console, even under the old signing key.
    const onRestored = await createTestApp({ JWT_SECRET: keys.JWT_SECRET, ENCRYPTION_KEY: keys.ENCRYPTION_KEY }, target);
    try {
      await onRestored.http().get(P(API_PATHS.currentUser)).set(...auth(signedIn.access)).expect(401);
    } finally {
      await onRestored.close();
    }
  });

  it('a backup from an older version restores into the newer code; a non-empty database and another key are refused unless told', { timeout: 120_000 }, async () => {
    // A database as an older release left it: all but the last two migrations.
    const old = newDatabase();
    extraDatabases.push(old);
    await withAdminClient(inject('adminDatabaseUrl'), (c) => c.query(`CREATE DATABASE ${old.name}`));
    const olderRelease = new DataSource({ ...dataSourceOptions(old.url), migrations: MIGRATIONS.slice(0, -2) });
    await olderRelease.initialize();
    try {
      await olderRelease.runMigrations({ transaction: 'each' });
      await olderRelease.query(`INSERT INTO groups (name, perms) VALUES ('Kept group', '[]'::jsonb)`);
    } finally {
      await olderRelease.destroy();
    }
    const backupDir = join(work, 'old-backups');
    const backup = await runScript('backup', [backupDir, '--secrets-file', sourceSecrets], { DATABASE_URL: old.url });
    expect(backup.code).toBe(0);
    const folder = join(backupDir, readdirSync(backupDir)[0]);

    const target = newDatabase();
    extraDatabases.push(target);
    const targetSecrets = join(work, 'old-target', 'secrets.env');
    const restore = await runScript('restore', [folder, '--no-build', '--secrets-from', sourceSecrets, '--secrets-file', targetSecrets], { DATABASE_URL: target.url });
    expect(restore.code).toBe(0);
    const pending = MIGRATIONS.slice(-2).map((m) => m.name);
    expect(restore.stdout).toContain(`${MIGRATIONS.length - 2} in the backup, 2 run now (${pending.join(', ')})`);
    const restoredDb = new DataSource(dataSourceOptions(target.url));
    await restoredDb.initialize();
    try {
      expect((await restoredDb.query(`SELECT name FROM migrations ORDER BY id`)).map((r: { name: string }) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));

      // Again into the same, now filled database: refused, and the database is as it was.
      const again = await runScript('restore', [folder, '--no-build', '--secrets-file', targetSecrets], { DATABASE_URL: target.url });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`Database "${target.name}" is not empty`);
      expect(await restoredDb.query(`SELECT name FROM groups WHERE name = 'Kept group'`)).toHaveLength(1);
      expect(await restoredDb.query(`SELECT 1 FROM migrations`)).toHaveLength(MIGRATIONS.length);
      // --force drops it and restores in its place (the backup's migrations, then the pending ones again).
      await restoredDb.query(`INSERT INTO groups (name, perms) VALUES ('Made after the restore', '[]'::jsonb)`);
    } finally {
      await restoredDb.destroy();
    }
    const forced = await runScript('restore', [folder, '--no-build', '--force', '--secrets-file', targetSecrets], { DATABASE_URL: target.url });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('2 run now');
    await withAdminClient(target.url, async (c) => {
      expect((await c.query(`SELECT name FROM groups WHERE name IN ('Kept group', 'Made after the restore')`)).rows).toEqual([{ name: 'Kept group' }]);
    });

    // A secrets file with another key is not overwritten: the restore stops before touching a database.
    const otherKeys = `JWT_SECRET=${randomBytes(48).toString('hex')}\nENCRYPTION_KEY=${randomBytes(32).toString('hex')}\n`;
    writeFileSync(targetSecrets, otherKeys, { mode: 0o600 });
    const fresh = newDatabase();
    extraDatabases.push(fresh);
    const refused = await runScript('restore', [folder, '--no-build', '--secrets-from', sourceSecrets, '--secrets-file', targetSecrets], { DATABASE_URL: fresh.url });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('holds a different ENCRYPTION_KEY than the backup');
    expect(readFileSync(targetSecrets, 'utf8')).toBe(otherKeys);
    const exists = await withAdminClient(inject('adminDatabaseUrl'), (c) => c.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [fresh.name]));
    expect(exists.rowCount).toBe(0);
    // The key kept apart from the dumps (no passphrase: the folder holds none): named with --secrets-from,
    // else the restore says it needs it; another key is refused by the manifest's check.
    expect(readdirSync(folder).sort()).toEqual(['database.dump', 'manifest.json']);
    const keyless = await runScript('restore', [folder, '--no-build', '--replace-secrets', '--secrets-file', targetSecrets], { DATABASE_URL: fresh.url });
    expect(keyless.code).toBe(1);
    expect(keyless.stderr).toContain('with --secrets-from F');
    const otherFile = join(work, 'other-key.env');
    writeFileSync(otherFile, otherKeys);
    const mismatched = await runScript('restore', [folder, '--no-build', '--replace-secrets', '--secrets-from', otherFile, '--secrets-file', targetSecrets], { DATABASE_URL: fresh.url });
    expect(mismatched.code).toBe(1);
    expect(mismatched.stderr).toContain('is not the one this backup was made with');
    // Told to, it puts the backup's key in place with a new signing key, and keeps the other file beside.
    const replaced = await runScript('restore', [folder, '--no-build', '--replace-secrets', '--secrets-from', sourceSecrets, '--secrets-file', targetSecrets], { DATABASE_URL: fresh.url });
    expect(replaced.code).toBe(0);
    expect(secretsFile(targetSecrets).ENCRYPTION_KEY).toBe(keys.ENCRYPTION_KEY);
    expect(secretsFile(targetSecrets).JWT_SECRET).not.toBe(keys.JWT_SECRET);
    const kept = readdirSync(join(work, 'old-target')).filter((f) => f.startsWith('secrets.env.replaced-'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(work, 'old-target', kept[0]), 'utf8')).toBe(otherKeys);
    expect(existsSync(targetSecrets)).toBe(true);
  });
});
