import type { NestExpressApplication } from '@nestjs/platform-express';
import type { INestApplicationContext } from '@nestjs/common';
import { mkdtemp, rm } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandChanges, ERROR_CODES, LIVE_LIMITS, LIVE_MESSAGES, LIVE_PARAMS, LIVE_PATHS, permsAll, type Perm, type ResourceName, type TokenPair } from '@console/contracts';
import { createApp } from '../bootstrap';
import { makeSignal, makeSignalWorld } from '../test/signal-fixtures';
import { auth, makeUser, sessionFor, type TestUser } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { createTestApp, type TestContext } from '../test/harness';
import { openStream, type SseStream, within } from '../test/sse-client';
import { startEngine, type TestEngine } from '../test/engine';
import { startWorker } from '../test/worker';
import { liveStreamKey } from '@console/contracts';
import { liveTicketKey } from './live-change';
import { LiveEvents } from './live-events';
import { LiveStreams } from './live-streams.service';

const TICKETS = `/api/v2${LIVE_PATHS.tickets}`;
const STREAM = `/api/v2${LIVE_PATHS.stream}`;


async function listen(app: NestExpressApplication): Promise<string> {
  const server = app.getHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the live stream', () => {
  let ctx: TestContext;
  let base: string;
  let live: LiveEvents;
  let streams: LiveStreams;
  let admin: TestUser;
  let adminSession: TokenPair;
  let exportDir: string;

  beforeAll(async () => {
    exportDir = await mkdtemp(join(tmpdir(), 'live-spec-exports-'));
    // The worker started below also builds the export one test asks for: its file goes to a folder of this file's own.
    ctx = await createTestApp({ LIVE_ACCESS_CHECK_MS: '100', LIVE_STREAM_MAX_LENGTH: '200', EXPORT_DIR: exportDir });
    base = await listen(ctx.app);
    live = ctx.app.get(LiveEvents);
    streams = ctx.app.get(LiveStreams);
    admin = await makeUser(ctx.db, { perms: permsAll('Full') });
    adminSession = await sessionFor(ctx, admin.id);
  });
  afterAll(async () => {
    await ctx?.close();
    await rm(exportDir, { recursive: true, force: true });
  });

  const ticketOf = async (access: string): Promise<string> => (await ctx.http().post(TICKETS).set(...auth(access)).expect(201)).body.ticket;
  const streamOf = async (access: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    const stream = await openStream(base, { [LIVE_PARAMS.ticket]: await ticketOf(access), ...params }, headers);
    expect(stream.status).toBe(200);
    return stream;
  };
  /** Closes streams and waits until the server has let them go, so later tests count from none. */
  const closeAll = async (...open: SseStream[]) => {
    open.forEach((stream) => stream.close());
    await waitUntil(() => streams.size === 0);
  };

  it('opens with a one-use ticket that expires; a used, unknown or expired ticket is a 401', async () => {
    await ctx.http().post(TICKETS).expect(401);
    const issued = await ctx.http().post(TICKETS).set(...auth(adminSession.access)).expect(201);
    expect(issued.body).toEqual({ ticket: expect.any(String), expires_in: LIVE_LIMITS.ticketTtlSeconds });
    const ttl = await ctx.redis.pttl(liveTicketKey(ctx.config.redisPrefix, issued.body.ticket));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(LIVE_LIMITS.ticketTtlSeconds * 1000);

    const stream = await openStream(base, { ticket: issued.body.ticket });
    expect(stream.status).toBe(200);
    expect(stream.response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.response.headers['x-accel-buffering']).toBe('no');
    expect(stream.response.headers['content-encoding']).toBeUndefined();
    expect((await stream.next()).event).toBe('ready');

    const refused = async (ticket: string) => {
      const again = await openStream(base, { ticket });
      await again.ended;
      expect(again.status).toBe(401);
      expect(JSON.parse(again.body)).toEqual({ code: ERROR_CODES.tokenNotValid, detail: expect.any(String) });
    };
    await refused(issued.body.ticket);
    await refused('x'.repeat(43));

    const expiring = await ticketOf(adminSession.access);
    const key = liveTicketKey(ctx.config.redisPrefix, expiring);
    await ctx.redis.pexpire(key, 1);
    await waitUntil(async () => (await ctx.redis.exists(key)) === 0);
    await refused(expiring);
    await closeAll(stream);
  });

  it('carries a change published after it opened', async () => {
    const stream = await streamOf(adminSession.access);
    await stream.next();
    await live.publish({ resource: 'orders', action: 'updated', section: 'orders', ids: [41], row: { id: '41', price: '5', quantity: '2' } });
    expect(await stream.nextChange()).toEqual({
      id: expect.stringMatching(/^\d+-\d+$/),
      resource: 'orders',
      action: 'updated',
      section: 'orders',
      ids: ['41'],
      row: { id: '41', price: '5', quantity: '2' },
    });
    await closeAll(stream);
  });

  it('applies the privileges of each stream: NP gets nothing of the section, Limited only its fields and its rows', async () => {
    const limitedPerms: Partial<Perm>[] = [
      { section_name: 'orders', status: 'Limited', fields: ['price'] },
      { section_name: 'signals', status: 'Limited', fields: ['status', 'pair'], is_only_finished: true, signals_count: 200 },
      { section_name: 'notifications', status: 'Full' },
    ];
    const limited = await makeUser(ctx.db, { perms: limitedPerms });
    const outsider = await makeUser(ctx.db, { perms: [{ section_name: 'notifications', status: 'Full' }] });
    const [full, part, none] = await Promise.all([
      streamOf(adminSession.access),
      streamOf((await sessionFor(ctx, limited.id)).access),
      streamOf((await sessionFor(ctx, outsider.id)).access),
    ]);
    const world = await makeSignalWorld(ctx.db);
    const running = await makeSignal(ctx.db, world, { status: 'active', state: 'active_pp', ageMinutes: 1 });
    const finished = await makeSignal(ctx.db, world, { status: 'finished', state: 'finished', execution: 100, ageMinutes: 2, position: 'closed' });

    const orderRow = { id: '7', price: '100.5', quantity: '2', pair: 'BTCUSDT' };
    await live.publish({ resource: 'orders', action: 'updated', section: 'orders', ids: ['7'], row: orderRow });
    await live.publish({ resource: 'signals', action: 'updated', section: 'signals', ids: [running], row: { id: running, status: 'active', pair: 'X', pnl_in_usd: '1' } });
    await live.publish({ resource: 'signals', action: 'updated', section: 'signals', ids: [finished], row: { id: finished, status: 'finished', pair: 'X', pnl_in_usd: '9' } });
    await live.publish({ resource: 'notifications', action: 'created', section: 'notifications', ids: ['3'] });

    expect((await full.nextChange()).row).toEqual(orderRow);
    expect((await full.nextChange()).ids).toEqual([running]);
    expect((await full.nextChange()).row).toEqual({ id: finished, status: 'finished', pair: 'X', pnl_in_usd: '9' });

    // Limited: the order's row keeps its id and the group's field; the running signal is outside the finished-only scope.
    expect((await part.nextChange()).row).toEqual({ id: '7', price: '100.5' });
    const signal = await part.nextChange();
    expect(signal).toMatchObject({ resource: 'signals', ids: [finished], row: { id: finished, status: 'finished', pair: 'X' } });
    expect(signal.row).not.toHaveProperty('pnl_in_usd');
    expect((await part.nextChange()).resource).toBe('notifications');

    // NP on orders and signals: the first change it gets is the notification.
    expect(await none.nextChange()).toMatchObject({ resource: 'notifications', ids: ['3'] });
    await closeAll(full, part, none);
  });

  it('sends a Limited signals group the engine-command events of the signals inside its window only', async () => {
    const limited = await makeUser(ctx.db, {
      perms: [
        { section_name: 'signals', status: 'Limited', fields: ['status'], signals_count: 1 },
        { section_name: 'notifications', status: 'Full' },
      ],
    });
    const [full, part] = await Promise.all([streamOf(adminSession.access), streamOf((await sessionFor(ctx, limited.id)).access)]);
    const world = await makeSignalWorld(ctx.db);
    const outside = await makeSignal(ctx.db, world, { status: 'active', state: 'active_np', ageMinutes: 30 });
    const inside = await makeSignal(ctx.db, world, { status: 'active', state: 'active_np', ageMinutes: 0 });
    await live.publish(...commandChanges('9001', 'cancel_signal', outside, 'accepted'));
    await live.publish(...commandChanges('9002', 'cancel_signal', inside, 'accepted'));
    // A command entry that names no target (an engine of a team's own that predates `about`) cannot be checked.
    await live.publish({ resource: 'engine-commands', action: 'updated', section: 'signals', ids: ['9003'] });
    await live.publish({ resource: 'notifications', action: 'created', section: 'notifications', ids: ['4'] });

    const seen = async (stream: SseStream) => {
      const events: { resource: ResourceName; ids?: string[] }[] = [];
      for (;;) {
        const event = await stream.nextChange();
        if (event.resource === 'notifications') return events.map((e) => `${e.resource}:${e.ids?.join(',')}`);
        events.push(event);
      }
    };
    expect(await seen(full)).toEqual([`signals:${outside}`, 'engine-commands:9001', `signals:${inside}`, 'engine-commands:9002', 'engine-commands:9003']);
    expect(await seen(part)).toEqual([`signals:${inside}`, 'engine-commands:9002']);
    await closeAll(full, part);
  });

  it('gives a requester the progress of their own export only', async () => {
    const other = await makeUser(ctx.db, { perms: permsAll('Full') });
    const [own, theirs] = await Promise.all([streamOf(adminSession.access), streamOf((await sessionFor(ctx, other.id)).access)]);
    const started = await ctx.http().get('/api/v2/signals/export/signals/').set(...auth(adminSession.access)).expect(200);
    await live.publish({ resource: 'notifications', action: 'created', section: 'notifications', ids: ['9'] });

    expect(await own.nextChange()).toMatchObject({
      resource: 'exports',
      action: 'created',
      section: 'signals_export',
      ids: [started.body.task_id],
      row: { id: started.body.task_id, task_status: 'PENDING', progress: 0 },
    });
    expect(await theirs.nextChange()).toMatchObject({ resource: 'notifications', ids: ['9'] });
    await closeAll(own, theirs);
  });

  it('resumes from the last event id with the changes it missed, from the query or the Last-Event-ID header', async () => {
    const first = await streamOf(adminSession.access);
    await first.next();
    await live.publish({ resource: 'pairs', action: 'updated', section: 'pairs', ids: ['1'] });
    const seen = await first.nextChange();
    await closeAll(first);

    await live.publish({ resource: 'pairs', action: 'updated', section: 'pairs', ids: ['2'] });
    await live.publish({ resource: 'pairs', action: 'updated', section: 'pairs', ids: ['3'] });
    const resumes: { params: Record<string, string>; headers: Record<string, string> }[] = [
      { params: { [LIVE_PARAMS.lastEventId]: seen.id }, headers: {} },
      { params: {}, headers: { 'Last-Event-ID': seen.id } },
    ];
    for (const resume of resumes) {
      const again = await streamOf(adminSession.access, resume.params, resume.headers);
      expect((await again.nextChange()).ids).toEqual(['2']);
      expect((await again.nextChange()).ids).toEqual(['3']);
      await live.publish({ resource: 'pairs', action: 'updated', section: 'pairs', ids: ['4'] });
      expect((await again.nextChange()).ids).toEqual(['4']);
      await closeAll(again);
    }
  });

  it('tells a client to refetch when the id it resumes from was trimmed away', async () => {
    const first = await streamOf(adminSession.access);
    await first.next();
    await live.publish({ resource: 'pairs', action: 'updated', section: 'pairs', ids: ['1'] });
    const seen = await first.nextChange();
    await closeAll(first);

    // LIVE_STREAM_MAX_LENGTH is 200 here: Redis trims whole nodes of its stream past it.
    await live.publish(...Array.from({ length: 600 }, (_, i) => ({ resource: 'pairs' as const, action: 'updated' as const, section: 'pairs' as const, ids: [i] })));
    expect(await ctx.redis.xlen(liveStreamKey(ctx.config.redisPrefix))).toBeLessThan(600);
    expect(await ctx.redis.xrange(liveStreamKey(ctx.config.redisPrefix), seen.id, seen.id)).toEqual([]);

    const again = await streamOf(adminSession.access, { [LIVE_PARAMS.lastEventId]: seen.id });
    const refetch = await again.next();
    expect(refetch.event).toBe('refetch');
    expect(JSON.parse(refetch.data)).toEqual({ reason: 'missed' });
    expect((await again.next()).event).toBe('ready');
    await live.publish({ resource: 'pairs', action: 'updated', section: 'pairs', ids: ['after'] });
    expect((await again.nextChange()).ids).toEqual(['after']);
    await closeAll(again);
  });

  it('closes the stream of a revoked session, of a deactivated user, and of a changed group (with a refetch)', async () => {
    const user = await makeUser(ctx.db, { perms: permsAll('Full') });
    const session = await sessionFor(ctx, user.id);
    const revoked = await streamOf(session.access);
    await revoked.next();
    const unused = await ticketOf(session.access);
    await ctx.http().post('/api/v2/users/logout/').send({ refresh_token: session.refresh }).expect(200);
    await within(revoked.ended, 5_000, 'the revoked session’s stream ends');
    // A ticket the session asked for before it ended opens nothing either.
    const refused = await openStream(base, { ticket: unused });
    await refused.ended;
    expect(refused.status).toBe(401);

    const late = await streamOf((await sessionFor(ctx, user.id)).access);

    await ctx.db.query(`UPDATE users SET is_active = false WHERE id = $1`, [user.id]);
    await within(late.ended, 5_000, 'the deactivated user’s stream ends');

    const member = await makeUser(ctx.db, { perms: permsAll('Full') });
    const regrouped = await streamOf((await sessionFor(ctx, member.id)).access);
    await regrouped.next();
    await ctx.db.query(`UPDATE groups SET perms = $2::jsonb WHERE id = $1`, [member.groupId, JSON.stringify(permsAll('NP'))]);
    const refetch = await regrouped.next(5_000);
    expect(refetch.event).toBe('refetch');
    expect(JSON.parse(refetch.data)).toEqual({ reason: 'access' });
    await within(regrouped.ended, 5_000, 'the regrouped user’s stream ends');
    await waitUntil(() => streams.size === 0);
  });

  it('crosses API processes: a change made through one reaches a stream opened on another, and so does the engine’s outcome', async () => {
    const peer = await createApp({ ...ctx.config, logLevel: 'silent' }, { logs: false });
    let worker: INestApplicationContext | undefined;
    let engine: TestEngine | undefined;
    try {
      const peerBase = await listen(peer);
      const ticket = (await ctx.http().post(TICKETS).set(...auth(adminSession.access)).expect(201)).body.ticket;
      // A ticket issued by one process opens the stream on the other: both read the same Redis.
      const stream = await openStream(peerBase, { ticket });
      expect(stream.status).toBe(200);
      await stream.next();

      // The export asked for earlier may report its progress meanwhile: only these resources are followed here.
      const followed: ResourceName[] = ['orders', 'bot-status', 'engine-commands'];
      await live.publish({ resource: 'orders', action: 'created', section: 'orders', ids: ['12'] });
      expect(await stream.nextChange(followed)).toMatchObject({ resource: 'orders', action: 'created', ids: ['12'] });

      // Switching the bot is an engine command: written through this process, seen on the other.
      const status = (await ctx.http().get('/api/v2/system-status/').set(...auth(adminSession.access)).expect(200)).body.status;
      const wanted = status === 'enabled' ? 'disabled' : 'enabled';
      await ctx.http().post('/api/v2/system-status/').set(...auth(adminSession.access)).send({ status: wanted }).expect(202);
      expect(await stream.nextChange(followed)).toMatchObject({ resource: 'bot-status', action: 'updated', section: 'bot_status', row: { action_state: 'CHANGING' } });
      const command = await stream.nextChange(followed);
      expect(command).toMatchObject({ resource: 'engine-commands', action: 'created', section: 'bot_status' });

      worker = await startWorker(ctx);
      engine = await startEngine(ctx, { live: true });
      expect(await stream.nextChange(followed)).toMatchObject({ resource: 'bot-status', row: { action_state: 'CHANGED' } });
      expect(await stream.nextChange(followed)).toMatchObject({ resource: 'engine-commands', action: 'updated', ids: command.ids });
      stream.close();
      await waitUntil(() => peer.get(LiveStreams).size === 0);
    } finally {
      await engine?.stop();
      await worker?.close();
      await peer.close();
    }
  });

  it('holds at most 10 streams a session across API processes: the 11th and 12th close the oldest with `closed`', async () => {
    const peer = await createApp({ ...ctx.config, logLevel: 'silent' }, { logs: false });
    try {
      const peerBase = await listen(peer);
      const user = await makeUser(ctx.db, { perms: permsAll('Full') });
      const session = await sessionFor(ctx, user.id);
      const opened: SseStream[] = [];
      // The first two here, the ten after them on the other process: its claims close these two.
      for (let i = 0; i < 12; i++) {
        const stream = await openStream(i < 2 ? base : peerBase, { [LIVE_PARAMS.ticket]: await ticketOf(session.access) });
        expect(stream.status).toBe(200);
        expect((await stream.next()).event).toBe('ready');
        opened.push(stream);
      }
      for (const first of opened.slice(0, 2)) {
        const last = await first.next(5_000);
        expect(last.event).toBe('closed');
        expect(JSON.parse(last.data)).toEqual({ reason: 'superseded' });
        await within(first.ended, 5_000, 'a superseded stream ends');
      }
      await waitUntil(() => streams.size === 0 && peer.get(LiveStreams).size === LIVE_LIMITS.streamsPerSession);
      // The ten left still carry changes.
      await live.publish({ resource: 'pairs', action: 'updated', section: 'pairs', ids: ['kept'] });
      for (const kept of opened.slice(2)) expect((await kept.nextChange(['pairs'])).ids).toEqual(['kept']);
      // Closing one frees its place: the next stream closes nothing.
      opened[2].close();
      await waitUntil(() => peer.get(LiveStreams).size === LIVE_LIMITS.streamsPerSession - 1);
      const next = await openStream(peerBase, { [LIVE_PARAMS.ticket]: await ticketOf(session.access) });
      await next.next();
      await waitUntil(() => peer.get(LiveStreams).size === LIVE_LIMITS.streamsPerSession);
      opened.slice(3).forEach((stream) => stream.close());
      next.close();
      await waitUntil(() => peer.get(LiveStreams).size === 0);
    } finally {
      await peer.close();
    }
  });

  it('holds at most 30 streams a user over all their sessions, the oldest closed first', async () => {
    const user = await makeUser(ctx.db, { perms: permsAll('Full') });
    const sessions = await Promise.all([1, 2, 3, 4].map(() => sessionFor(ctx, user.id)));
    const opened: SseStream[] = [];
    for (const session of sessions) for (let i = 0; i < 8; i++) opened.push(await streamOf(session.access));
    // 32 opened, 8 a session: the two oldest (the first session's first two) are closed.
    for (const first of opened.slice(0, 2)) await within(first.ended, 5_000, 'the user’s oldest stream ends');
    await waitUntil(() => streams.size === LIVE_LIMITS.streamsPerUser);
    await closeAll(...opened);
  });

  it('gives one user 60 tickets a minute; the 61st is a 429 that says why', async () => {
    const user = await makeUser(ctx.db, { perms: permsAll('NP') });
    const access = (await sessionFor(ctx, user.id)).access;
    for (let i = 0; i < LIVE_LIMITS.ticketsPerMinute; i++) await ticketOf(access);
    const refused = await ctx.http().post(TICKETS).set(...auth(access)).expect(429);
    expect(refused.body).toEqual({ detail: LIVE_MESSAGES.tooManyTickets, code: ERROR_CODES.throttled });
    // Another user is not affected.
    await ticketOf((await sessionFor(ctx, (await makeUser(ctx.db)).id)).access);
  });

  it('ends the stream of a client that does not read, instead of holding what it cannot take', async () => {
    const ticket = await ticketOf(adminSession.access);
    const port = Number(new URL(base).port);
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(`GET ${STREAM}?ticket=${ticket} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    socket.pause();
    await waitUntil(() => streams.size === 1);

    // Changes until the server lets the stream go: past the socket buffers and LIVE_LIMITS.pendingBytesMax, far
    // before the bound here (a server that held everything for the client would reach it).
    const bulky = 'x'.repeat(32 * 1024);
    const bound = (64 * 1024 * 1024) / bulky.length;
    let sent = 0;
    while (streams.size > 0 && sent < bound) {
      await live.publish(...Array.from({ length: 50 }, (_, i) => ({ resource: 'logs' as const, action: 'created' as const, section: 'logs' as const, ids: [sent + i], row: { id: String(sent + i), log_data: bulky } })));
      sent += 50;
    }
    await waitUntil(() => streams.size === 0, 10_000);
    expect(sent).toBeLessThan(bound);

    // Reading now, the client finds its stream ended by the server, the last event a refetch.
    let tail = '';
    socket.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString('latin1')).slice(-4096)));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.resume();
    await within(closed, 15_000, 'the slow client’s socket closes');
    expect(tail).toContain(`event: refetch`);
    expect(tail).toContain(JSON.stringify({ reason: 'overflow' }));
  });
});
