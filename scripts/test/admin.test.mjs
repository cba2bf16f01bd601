// `pnpm admin:create` run by hand finds the database as `npm start` does (no DATABASE_URL needed), and
// the README's way back in for an administrator who lost the authenticator works as written: a second
// run resets the password, clears the enrolment and ends the sessions. Needs the build and PostgreSQL.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { migrate } from '../lib/app.mjs';
import { withClient } from '../lib/backups.mjs';
import { ROOT } from '../lib/toolchain.mjs';
import { scratchServices } from './scratch.mjs';

let services;

before(async () => {
  services = await scratchServices('console_admin');
  migrate({ DATABASE_URL: services.postgres.url });
});

after(() => services?.stop());

/** `pnpm admin:create …` from the repository root, as the README writes it: only the database's name in the environment. */
function adminCreate(email, password) {
  const env = { ...process.env, DATABASE_NAME: services.database };
  const res = spawnSync('pnpm', ['admin:create', '--email', email, '--password', password], { cwd: ROOT, env, encoding: 'utf8' });
  assert.equal(res.status, 0, `pnpm admin:create failed: ${res.stderr}${res.stdout}`);
  return JSON.parse(res.stdout.trim().split('\n').at(-1));
}

test('pnpm admin:create finds the database by itself and resets a locked-out administrator', async () => {
  const email = `owner-${randomBytes(4).toString('hex')}@example.com`;
  const created = adminCreate(email, `First!${randomBytes(6).toString('hex')}`);
  assert.equal(created.email, email);
  assert.equal(created.group, 'Administrators');

  const family = randomUUID();
  await withClient(services.postgres.url, async (client) => {
    await client.query(`UPDATE users SET totp_secret_enc = 'enrolled', totp_verified = true WHERE id = $1`, [created.id]);
    await client.query(`INSERT INTO token_families (id, user_id, second_factor_passed) VALUES ($1, $2, true)`, [family, created.id]);
  });

  const reset = adminCreate(email, `Second!${randomBytes(6).toString('hex')}`);
  assert.equal(reset.id, created.id);
  await withClient(services.postgres.url, async (client) => {
    const { rows } = await client.query(`SELECT totp_secret_enc, totp_verified FROM users WHERE id = $1`, [created.id]);
    assert.deepEqual(rows[0], { totp_secret_enc: null, totp_verified: false });
    const sessions = await client.query(`SELECT revoked_at FROM token_families WHERE id = $1`, [family]);
    assert.notEqual(sessions.rows[0].revoked_at, null, 'the old session is ended');
  });
});
