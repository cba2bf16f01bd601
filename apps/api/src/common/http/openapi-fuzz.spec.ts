/**
 * No input gets a 5xx. Every operation of the published OpenAPI document gets FUZZ_CASES (100) cases
 * per identity, anonymous and signed in as an administrator, built from its schemas and from hostile
 * values (test/fuzz.ts); every answer must be below 500. A new route joins by being in the document.
 *
 * Replay: the run's seed is printed; FUZZ_SEED=<seed> draws the same cases, FUZZ_ONLY=<text> keeps
 * the cases whose "identity METHOD path" contains the text, FUZZ_CONCURRENCY=1 replays them in order.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import * as jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permsAll } from '@console/contracts';
import { heartbeatKey } from '../../queues/queues';
import { caseSeed, buildCase, Draw, FuzzRequest, Known, Operation, operationsOf, seededRandom } from '../../test/fuzz';
import { beatEngine } from '../../test/engine';
import { createTestApp, TestContext } from '../../test/harness';
import { makeUser, sessionFor, STRONG_PASSWORD } from '../../test/factories';

const RUN_SEED = Number(process.env.FUZZ_SEED ?? 20_250_601);
const CASES = Number(process.env.FUZZ_CASES ?? 100);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);
const ONLY = process.env.FUZZ_ONLY ?? '';

type Identity = 'anonymous' | 'administrator';

interface Answer {
  request: FuzzRequest;
  name: string;
  status: number | 'no answer';
  body: string;
}

describe('OpenAPI fuzz', () => {
  let ctx: TestContext;
  let base: string;
  let document: Parameters<typeof operationsOf>[0];
  let operations: Operation[];
  let admin: { id: number; groupId: number };
  let session: { access: string; refresh: string };
  let hostileTokens: string[];
  let heartbeat: NodeJS.Timeout;
  const known: Known = { ids: [], refreshTokens: () => [session.refresh] };

  beforeAll(async () => {
    ctx = await createTestApp();
    const server = ctx.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // A healthy system: /health answers 503 without a worker's and the engine's heartbeats, by design.
    const beat = () => Promise.all([ctx.redis.zadd(heartbeatKey(ctx.config.redisPrefix), Date.now(), 'fuzz'), beatEngine(ctx)]);
    await beat();
    heartbeat = setInterval(() => void beat(), 5_000);

    const user = await makeUser(ctx.db, { perms: permsAll('Full') });
    admin = { id: user.id, groupId: user.groupId ?? 0 };
    session = await sessionFor(ctx, admin.id);
    await seedRows();
    known.ids = [1, 2, 3, 4, 5, 6, 7, 8, admin.id, admin.groupId];

    document = (await (await fetch(`${base}/api/docs-json`)).json()) as typeof document;
    operations = operationsOf(document);

    const sign = (claims: object, options: jwt.SignOptions = {}) => jwt.sign(claims, ctx.config.jwtSecret, { algorithm: 'HS256', expiresIn: 600, ...options });
    const fam = randomUUID();
    hostileTokens = [
      sign({ sub: 'abc', fam, typ: 'access' }),
      sign({ sub: String(admin.id), fam: 'not-a-uuid', typ: 'access' }),
      sign({ sub: '99999999999', fam, typ: 'access' }),
      sign({ sub: admin.id, fam, typ: 'access' }),
      sign({ sub: String(admin.id), fam, typ: 'access' }, { expiresIn: -10 }),
      sign({ sub: String(admin.id), fam, typ: 'refresh' }),
      jwt.sign({ sub: String(admin.id), fam, typ: 'access' }, 'another-key-of-at-least-32-characters!'),
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(admin.id), fam, typ: 'access' })).toString('base64url')}.`,
      'a.b.c',
      'x'.repeat(8_000),
    ];
  }, 60_000);

  afterAll(async () => {
    clearInterval(heartbeat);
    await ctx.close();
  });

  /** Rows for the ids the cases pick, made through the API as an operator would. */
  async function seedRows(): Promise<void> {
    const send = (method: string, path: string, body?: object) =>
      fetch(`${base}/api/v2/${path}`, {
        method,
        headers: { authorization: `Bearer ${session.access}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      }).then(async (res) => expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300));
    await send('POST', 'strategies/pairs/');
    await send('POST', 'users/groups/', { name: 'Readers', perms: [{ section_name: 'pairs', status: 'ReadOnly' }] });
    await send('POST', 'users/users/', { email: 'reader@example.com', password: STRONG_PASSWORD, group: admin.groupId });
    await send('POST', 'strategies/exchange-accounts/', { title: 'Main', api_key: 'key', api_secret: 'secret', leverage: 10 });
    await send('POST', 'notifications/tg-bot-settings/', { token: '123456:ABCDEFGHIJKLMNOP', chat_id: '-100123' });
    await send('POST', 'notifications/investor-reports-scheduler/', { schedule_type: 'daily', investor_report_time: '03:00:00', local_investor_report_time: '06:00:00' });
  }

  let restoring: Promise<void> | null = null;
  /**
   * Puts the administrator back as it was (active, in a Full group) with a new session. Cases may end
   * the session (logout or token reuse with the real refresh token, a password change, deactivation)
   * or take the rights away (moving the user, editing its group); no operation is left out for that.
   */
  function restoreAdministrator(): Promise<void> {
    restoring ??= (async () => {
      await ctx.db.query(
        `INSERT INTO groups (id, name, perms) VALUES ($1, $2, $3::jsonb) ON CONFLICT (id) DO UPDATE SET perms = EXCLUDED.perms`,
        [admin.groupId, `fuzz-admins-${randomUUID()}`, JSON.stringify(permsAll('Full'))],
      );
      await ctx.db.query(`UPDATE users SET is_active = true, group_id = $2 WHERE id = $1`, [admin.id, admin.groupId]);
      session = await sessionFor(ctx, admin.id);
    })().finally(() => {
      restoring = null;
    });
    return restoring;
  }

  async function send(request: FuzzRequest, authorization?: string): Promise<{ status: number | 'no answer'; body: string }> {
    const headers: Record<string, string> = {};
    if (authorization) headers.authorization = authorization;
    if (request.contentType) headers['content-type'] = request.contentType;
    try {
      const res = await fetch(`${base}${request.url}`, { method: request.method, headers, body: request.body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      return { status: res.status, body: await res.text() };
    } catch (error) {
      return { status: 'no answer', body: String((error as Error).cause ?? error) };
    }
  }

  async function runCase(identity: Identity, op: Operation, index: number): Promise<Answer[]> {
    const name = `${identity} ${op.method} ${op.path} #${index}`;
    const draw = new Draw(seededRandom(caseSeed(RUN_SEED, name)));
    const request = buildCase(op, draw, known, document);
    if (identity === 'anonymous') {
      const authorization = draw.chance(0.3) ? `Bearer ${draw.pick(hostileTokens)}` : undefined;
      return [{ request, name, ...(await send(request, authorization)) }];
    }
    const first = await send(request, `Bearer ${session.access}`);
    if (first.status !== 401 && first.status !== 403) return [{ request, name, ...first }];
    // Maybe an earlier case ended the session or took the rights away: restore, then try once more.
    await restoreAdministrator();
    const again = await send(request, `Bearer ${session.access}`);
    return [{ request, name, ...first }, { request, name: `${name} (after restoring the session)`, ...again }];
  }

  /** Runs `tasks` with at most CONCURRENCY at a time. */
  async function pool<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
    const results: T[] = [];
    let next = 0;
    const worker = async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, CONCURRENCY) }, worker));
    return results;
  }

  it('covers the whole document', () => {
    // A route missing from the document would escape the fuzz; the API has dozens.
    expect(operations.length).toBeGreaterThan(30);
    for (const op of operations) expect(op.path.startsWith('/api/v2/'), op.path).toBe(true);
  });

  it.each<Identity>(['anonymous', 'administrator'])('answers no case below 500 (%s)', async (identity) => {
    const started = Date.now();
    const tasks: (() => Promise<Answer[]>)[] = [];
    for (const op of operations) {
      if (ONLY && !`${identity} ${op.method} ${op.path}`.includes(ONLY)) continue;
      for (let i = 0; i < CASES; i++) tasks.push(() => runCase(identity, op, i));
    }
    console.log(`OpenAPI fuzz (${identity}): seed ${RUN_SEED} (set FUZZ_SEED to replay), ${operations.length} operations, ${CASES} cases each`);
    const answers = (await pool(tasks)).flat();

    const byStatus: Record<string, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`OpenAPI fuzz (${identity}): ${tasks.length} cases, ${answers.length} requests in ${seconds} s; answers ${JSON.stringify(byStatus)}`);

    const failures = answers.filter((a) => a.status === 'no answer' || a.status >= 500);
    const report = failures
      .slice(0, 20)
      .map((a) => `${a.name}: ${a.request.method} ${a.request.url.slice(0, 200)} ${a.request.body ? `body ${a.request.body.slice(0, 200)} ` : ''}-> ${a.status} ${a.body.slice(0, 200)}`);
    expect(report, `${failures.length} answers of 500 or more (FUZZ_SEED=${RUN_SEED})`).toEqual([]);
  }, 300_000);
});
