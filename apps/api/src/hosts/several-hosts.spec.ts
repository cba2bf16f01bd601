/**
 * Several hosts: two API processes, two workers and the engine, each an OS process of its own started from the build
 * with its own environment, as separate machines run them. They share only what the README says hosts
 * must share (the database, Redis and its prefix, JWT_SECRET, ENCRYPTION_KEY and an S3 bucket), and the
 * API processes sit behind a round-robin proxy that appends to X-Forwarded-For (TRUST_PROXY=1).
 * What a user does through one API process holds on the other; queued work is done once, by one worker;
 * an engine command is carried out by the engine, whichever API process wrote it.
 * The live stream's own rules, with two API apps in one process, are in live/live.spec.ts.
 */
import { Queue } from 'bullmq';
import { Workbook } from 'exceljs';
import { randomBytes } from 'node:crypto';
import request, { type Response } from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_PATHS, EXPORT_PATHS, LIVE_PATHS, permsAll, type ResourceName, type TokenPair } from '@console/contracts';
import { SIGN_IN_LIMITS } from '@console/contracts';
import { bullConnection, QUEUES } from '../queues/queues';
import { auth, makeUser, secretOf, totpCode, type TestUser } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { clearRedisPrefix, createTestDatabase } from '../test/harness';
import { freePort, startHost, type HostProcess, type LogLine } from '../test/host-processes';
import { startRoundRobinProxy, UPSTREAM_HEADER, type RoundRobinProxy } from '../test/round-robin-proxy';
import { startS3, type TestS3 } from '../test/s3-server';
import { makeSignal, makeSignalWorld } from '../test/signal-fixtures';
import { openStream, type SseStream, within } from '../test/sse-client';
import Redis from 'ioredis';
import { binary } from '../test/xlsx-files';

const API = '/api/v2';
/** What a client claims in X-Forwarded-For: the proxy appends the address it saw, and only that one counts. */
const FORGED_ADDRESS = '203.0.113.9';

describe('two API hosts and two worker hosts behind a proxy, and the engine', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: DataSource;
  let s3: TestS3;
  let proxy: RoundRobinProxy;
  let apis: HostProcess[] = [];
  let workers: HostProcess[] = [];
  let engine: HostProcess | undefined;
  const redisPrefix = `test:${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    s3 = await startS3();
    const ports = [await freePort(), await freePort()];
    proxy = await startRoundRobinProxy(ports.map((port, i) => ({ name: `api-${'ab'[i]}`, url: `http://127.0.0.1:${port}` })));
    // What every host is given alike; each process gets a copy, nothing else of this process's environment.
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: redisPrefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ...s3.env,
      CAPTCHA_PROVIDER: 'off',
      LIVE_ACCESS_CHECK_MS: '200',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '',
    };
    apis = ports.map((port, i) =>
      startHost('api', `api-${'ab'[i]}`, { ...shared, PORT: String(port), API_WORKERS: '1', METRICS_PORT: '0', TRUST_PROXY: '1', PUBLIC_URL: proxy.url }),
    );
    workers = ['a', 'b'].map((name) => startHost('worker', `worker-${name}`, { ...shared, WORKER_METRICS_PORT: '0' }));
    // The engine needs only the database and the live stream's Redis; no catch-up: its first minute is now.
    engine = startHost('engine', 'engine', { DATABASE_URL: database.url, REDIS_URL: inject('redisUrl'), REDIS_PREFIX: redisPrefix, ENGINE_METRICS_PORT: '0', ENGINE_CATCH_UP_MINUTES: '0' });
    await Promise.all([
      ...apis.map((api) => api.waitForLog((line) => !!line.msg?.startsWith('API listening'))),
      ...workers.map((worker) => worker.waitForLog((line) => /^worker \S+ started$/.test(line.msg ?? ''))),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...apis, ...workers, ...(engine ? [engine] : [])].map((host) => host.stop()));
    await proxy?.close();
    await s3?.close();
    await db?.destroy();
    const redis = new Redis(inject('redisUrl'));
    await clearRedisPrefix(redis, redisPrefix);
    redis.disconnect();
    await database?.drop();
  }, 60_000);

  const client = () => request(proxy.url);
  /** The upstreams that served the last `n` requests through the proxy. */
  const lastServed = (n: number) => proxy.served.slice(-n);
  /** Runs `call` twice through the proxy: the two calls land on different API processes. */
  const onBoth = async (call: () => Promise<Response>): Promise<Response[]> => {
    const answers = [await call(), await call()];
    expect(new Set(lastServed(2))).toEqual(new Set(['api-a', 'api-b']));
    return answers;
  };

  /** The whole sign-in through the proxy (password, authenticator enrolment, code): its steps alternate hosts. */
  async function signIn(user: TestUser): Promise<TokenPair> {
    const claimed = { 'X-Forwarded-For': FORGED_ADDRESS };
    const login = await client().post(`${API}${API_PATHS.login}`).set(claimed).send({ email: user.email, password: user.password }).expect(200);
    const qr = await client().post(`${API}${API_PATHS.totpCreate}`).set(claimed).set(...auth(login.body.access)).expect(200);
    const code = totpCode(secretOf(qr.body.url), Date.now());
    return (await client().post(`${API}${API_PATHS.totpLogin(code)}`).set(claimed).set(...auth(login.body.access)).expect(200)).body as TokenPair;
  }

  /** A live stream opened through the proxy; its ticket comes from the other API process. */
  async function streamOf(access: string): Promise<SseStream> {
    const ticket = (await client().post(`${API}${LIVE_PATHS.tickets}`).set(...auth(access)).expect(201)).body.ticket as string;
    const stream = await openStream(proxy.url, { ticket });
    expect(stream.status).toBe(200);
    expect(stream.response.headers[UPSTREAM_HEADER]).not.toBe(lastServed(2)[0]);
    expect((await stream.next()).event).toBe('ready');
    return stream;
  }

  /** The log lines of every worker that match, with the worker that wrote each. */
  const workerLines = (match: (line: LogLine) => boolean) => workers.flatMap((worker) => worker.logs.filter(match).map((line) => ({ worker: worker.name, line })));

  it('keeps a session signed in through one host valid on the other, and a sign-out ends it on both', async () => {
    const user = await makeUser(db, { perms: permsAll('Full') });
    const session = await signIn(user);
    for (const answer of await onBoth(() => client().get(`${API}${API_PATHS.currentUser}`).set(...auth(session.access)))) {
      expect(answer.status).toBe(200);
      expect(answer.body.email).toBe(user.email);
    }
    // The address is the one the proxy saw, not the one the client claimed.
    const history = await client().get(`${API}${API_PATHS.ownSignInHistory}`).set(...auth(session.access)).expect(200);
    const sessions = await client().get(`${API}${API_PATHS.ownSessions}`).set(...auth(session.access)).expect(200);
    expect(history.body.results).not.toHaveLength(0);
    expect(sessions.body.results).toHaveLength(1);
    for (const { address } of [...history.body.results, ...sessions.body.results]) expect(address).toMatch(/127\.0\.0\.1/);

    const stream = await streamOf(session.access);
    const streamHost = stream.response.headers[UPSTREAM_HEADER];
    await client().post(`${API}${API_PATHS.logout}`).send({ refresh_token: session.refresh }).expect(200);
    expect(lastServed(1)[0]).not.toBe(streamHost);
    for (const answer of await onBoth(() => client().get(`${API}${API_PATHS.currentUser}`).set(...auth(session.access)))) {
      expect(answer.status).toBe(401);
    }
    // The stream on the other host ends too: that process re-checks its streams' sessions.
    await within(stream.ended, 10_000, 'the signed-out session’s stream on the other host ends');
  });

  it('counts sign-in failures across both hosts: the attempt past the limit is refused wherever it lands', async () => {
    const user = await makeUser(db);
    const attempt = () => client().post(`${API}${API_PATHS.login}`).send({ email: user.email, password: 'Wrong!pass1' });
    const max = SIGN_IN_LIMITS.perAccountAndAddress.max;
    for (let i = 0; i < max; i++) expect((await attempt()).status).toBe(400);
    // Each host alone saw fewer failures than the limit.
    expect(new Set(lastServed(max))).toEqual(new Set(['api-a', 'api-b']));
    for (const answer of await onBoth(attempt)) expect(answer.status).toBe(429);
  });

  it('builds an export asked for through one host once, on one worker, and serves its file from both', async () => {
    const world = await makeSignalWorld(db);
    const signals = [];
    for (let i = 0; i < 3; i++) signals.push(await makeSignal(db, world, { status: 'finished', state: 'finished', execution: 100, ageMinutes: i + 1, position: 'closed' }));
    const { access } = await signIn(await makeUser(db, { perms: permsAll('Full') }));
    const paths = EXPORT_PATHS.signals;
    const taskId = (await client().get(`${API}${paths.start}`).set(...auth(access)).expect(200)).body.task_id as string;

    await waitUntil(async () => (await client().get(`${API}${paths.result(taskId)}`).set(...auth(access)).expect(200)).body.task_status === 'SUCCESS', 30_000);
    const built = workerLines((line) => !!line.msg?.startsWith(`export ${taskId} `));
    expect(built).toHaveLength(1);
    expect(built[0].line.rows).toBe(signals.length);

    const files = await onBoth(() => client().get(`${API}${paths.file(taskId)}`).set(...auth(access)).buffer(true).parse(binary));
    for (const file of files) expect(file.status).toBe(200);
    expect(files[0].body).toEqual(files[1].body);
    const workbook = new Workbook();
    await workbook.xlsx.load(files[0].body as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(signals.length + 1);
  });

  it('carries out an engine command accepted by one host once, and its changes reach a stream open on the other', async () => {
    const { access } = await signIn(await makeUser(db, { perms: permsAll('Full') }));
    const status = (await client().get(`${API}/system-status/`).set(...auth(access)).expect(200)).body.status;
    // Opened last: the next request through the proxy goes to the other host.
    const stream = await streamOf(access);
    const streamHost = stream.response.headers[UPSTREAM_HEADER];
    try {
      const requestId = `hosts-${randomBytes(6).toString('hex')}`;
      await client()
        .post(`${API}/system-status/`)
        .set(...auth(access))
        .set('X-Request-Id', requestId)
        .send({ status: status === 'enabled' ? 'disabled' : 'enabled' })
        .expect(202);
      expect(lastServed(1)[0]).not.toBe(streamHost);

      const followed: ResourceName[] = ['bot-status', 'engine-commands'];
      expect(await stream.nextChange(followed)).toMatchObject({ resource: 'bot-status', row: { action_state: 'CHANGING' } });
      const command = await stream.nextChange(followed);
      expect(command).toMatchObject({ resource: 'engine-commands', action: 'created' });
      expect(await stream.nextChange(followed)).toMatchObject({ resource: 'bot-status', row: { action_state: 'CHANGED' } });
      expect(await stream.nextChange(followed)).toMatchObject({ resource: 'engine-commands', action: 'updated', ids: command.ids });

      const rows: { status: string }[] = await db.query(`SELECT status FROM engine_commands WHERE request_id = $1`, [requestId]);
      expect(rows).toEqual([{ status: 'succeeded' }]);
      // The engine ran it, under the request's id; no worker runs engine commands.
      const ran = engine!.logs.filter((line) => line.requestId === requestId && /^command \S+ \(\w+\) succeeded$/.test(line.msg ?? ''));
      expect(ran).toHaveLength(1);
      expect(workerLines((line) => line.requestId === requestId && /^command /.test(line.msg ?? ''))).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('keeps one next run of each repeating job, though both workers registered their schedules', async () => {
    const queues = Object.values(QUEUES).map((name) => new Queue(name, { connection: bullConnection(inject('redisUrl')), prefix: redisPrefix }));
    try {
      let waiting = 0;
      for (const queue of queues) {
        const schedulers = await queue.getJobSchedulers();
        const nextRuns = (await queue.getDelayed()).filter((job) => job.repeatJobKey);
        // At most one: a run that just came due has left the delayed set until its next one is added.
        for (const scheduler of schedulers) expect(nextRuns.filter((job) => job.repeatJobKey === scheduler.key).length, scheduler.key).toBeLessThanOrEqual(1);
        waiting += nextRuns.length;
      }
      // The sweepers and the maintenance jobs: there is something to compare.
      expect(waiting).toBeGreaterThan(2);
    } finally {
      await Promise.all(queues.map((queue) => queue.close()));
    }
  });
});
