/**
 * `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs) end to end: a filled
 * database is dumped, restored into a new one, and the console on the restored one signs its admin in
 * and reads back every secret. Runs the scripts as an operator would, against the API's build.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveChallenge } from 'altcha-lib';
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

    const backupDir = join(work, 'backups');
    const backup = await runScript('backup', [backupDir, '--secrets-file', sourceSecrets], { DATABASE_URL: source.config.databaseUrl });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const [name] = readdirSync(backupDir);
    const folder = join(backupDir, name);
    expect(backup.stdout).toContain(`Backup written: ${folder}`);
    expect(mode(folder)).toBe(0o700);
    for (const file of readdirSync(folder)) expect(mode(join(folder, file))).toBe(0o600);
    expect(readdirSync(folder).sort()).toEqual(['database.dump', 'manifest.json', 'secrets.env']);
    expect(secretsFile(join(folder, 'secrets.env'))).toEqual(keys);

    const target = newDatabase();
    extraDatabases.push(target);
    const targetSecrets = join(work, 'target', 'secrets.env');
    const restore = await runScript('restore', [folder, '--no-build', '--secrets-file', targetSecrets], { DATABASE_URL: target.url });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`into database "${target.name}"`);
    expect(secretsFile(targetSecrets)).toEqual(keys);
    expect(mode(targetSecrets)).toBe(0o600);
    expect(await rowCounts(target.url)).toEqual(before);

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
    const restore = await runScript('restore', [folder, '--no-build', '--secrets-file', targetSecrets], { DATABASE_URL: target.url });
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
    const refused = await runScript('restore', [folder, '--no-build', '--secrets-file', targetSecrets], { DATABASE_URL: fresh.url });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('holds a different JWT_SECRET and ENCRYPTION_KEY than the backup');
    expect(readFileSync(targetSecrets, 'utf8')).toBe(otherKeys);
    const exists = await withAdminClient(inject('adminDatabaseUrl'), (c) => c.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [fresh.name]));
    expect(exists.rowCount).toBe(0);
    // Keys kept apart from the dumps: named with --secrets-from, else the restore says it needs them.
    const apart = join(work, 'kept-apart.env');
    renameSync(join(folder, 'secrets.env'), apart);
    const keyless = await runScript('restore', [folder, '--no-build', '--replace-secrets', '--secrets-file', targetSecrets], { DATABASE_URL: fresh.url });
    expect(keyless.code).toBe(1);
    expect(keyless.stderr).toContain('name the backup\'s secrets file with --secrets-from F');
    // Told to, it puts the backup's keys in place and keeps the other file beside.
    const replaced = await runScript('restore', [folder, '--no-build', '--replace-secrets', '--secrets-from', apart, '--secrets-file', targetSecrets], { DATABASE_URL: fresh.url });
    expect(replaced.code).toBe(0);
    expect(secretsFile(targetSecrets)).toEqual(keys);
    const kept = readdirSync(join(work, 'old-target')).filter((f) => f.startsWith('secrets.env.replaced-'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(work, 'old-target', kept[0]), 'utf8')).toBe(otherKeys);
    expect(existsSync(targetSecrets)).toBe(true);
  });
});
