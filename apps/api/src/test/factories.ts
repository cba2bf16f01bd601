/** Rows for tests, built through the same SQL and services the app uses. */
import { generateSync } from 'otplib';
import type { DataSource } from 'typeorm';
import { Perm, permsAll, TokenPair } from '@console/contracts';
import { hashPassword } from '../auth/passwords';
import { SessionService } from '../auth/session.service';
import { TOTP_OPTIONS } from '../auth/totp';
import type { TestContext } from './harness';

export const STRONG_PASSWORD = 'Str0ng!pass';

let seq = 0;
export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}${seq}.${Date.now().toString(36)}@example.com`;
}

export async function makeGroup(db: DataSource, opts: { name?: string; perms?: Partial<Perm>[] } = {}): Promise<{ id: number; name: string }> {
  const name = opts.name ?? `group-${++seq}`;
  const [row]: { id: number }[] = await db.query(`INSERT INTO groups (name, perms) VALUES ($1, $2::jsonb) RETURNING id`, [
    name,
    JSON.stringify(opts.perms ?? permsAll('Full')),
  ]);
  return { id: row.id, name };
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  groupId: number | null;
}

export async function makeUser(
  db: DataSource,
  opts: { email?: string; password?: string; groupId?: number | null; perms?: Partial<Perm>[]; isActive?: boolean } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? STRONG_PASSWORD;
  const groupId = opts.groupId !== undefined ? opts.groupId : (await makeGroup(db, { perms: opts.perms })).id;
  const [row]: { id: number }[] = await db.query(
    `INSERT INTO users (email, password_hash, group_id, is_active) VALUES ($1, $2, $3, $4) RETURNING id`,
    [email, await hashPassword(password), groupId, opts.isActive ?? true],
  );
  return { id: row.id, email, password, groupId };
}

/** A verified session without going through the sign-in calls (those have their own tests). */
export async function sessionFor(ctx: TestContext, userId: number, secondFactorPassed = true): Promise<TokenPair> {
  return ctx.app.get(SessionService).startFamily(userId, secondFactorPassed);
}

/** The access token of a new user whose group holds every section at Full, for tests about something other than access. */
export async function fullAccessToken(ctx: TestContext): Promise<string> {
  return (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('Full') })).id)).access;
}

export function auth(token: string): [string, string] {
  return ['Authorization', `Bearer ${token}`];
}

/** The secret inside an otpauth:// URI, as an authenticator app reads it. */
export function secretOf(otpauthUrl: string): string {
  return new URL(otpauthUrl).searchParams.get('secret') ?? '';
}

/** The code of the 30-second step `stepOffset` steps from `now` (ms); −1, 0 and +1 are within the accepted drift. */
export function totpCode(secret: string, now: number, stepOffset = 0): string {
  return generateSync({ secret, epoch: Math.floor(now / 1000) + stepOffset * TOTP_OPTIONS.period, ...TOTP_OPTIONS });
}

/** A well-formed code that matches none of the steps accepted at `now`. */
export function wrongTotpCode(secret: string, now: number): string {
  const accepted = new Set([-1, 0, 1].map((offset) => totpCode(secret, now, offset)));
  return ['000000', '111111', '222222', '333333'].find((code) => !accepted.has(code))!;
}

/** The whole sign-in through HTTP: password, QR, a code from the secret. */
export async function signInThroughHttp(ctx: TestContext, user: TestUser, stepOffset = 0): Promise<TokenPair & { secret: string }> {
  const login = await ctx.http().post('/api/v2/users/login/').send({ email: user.email, password: user.password }).expect(200);
  const qr = await ctx.http().post('/api/v2/users/totp/create/').set(...auth(login.body.access)).expect(200);
  const secret = secretOf(qr.body.url);
  const verified = await ctx.http().post(`/api/v2/users/totp/login/${totpCode(secret, ctx.clock.now(), stepOffset)}/`).set(...auth(login.body.access)).expect(200);
  return { ...verified.body, secret };
}
