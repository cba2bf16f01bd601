// The engine conformance kit: a fresh database, the console with ENGINE=external (API and worker), the
// generator's trading rows and a signed-in administrator, then the team's engine started by its command
// under the engine database role; every operator action goes through the HTTP API and each promise of
// docs/engine-protocol.md is checked from what the API, the database and the live stream then show.
// `runConformance` answers one { promise, ok, detail } per promise; run.mjs prints them. Its own test
// starts one console (`startConsole`) and checks several engines on it in turn (`checkEngine`).
// Every wait is for a condition (a row, a state, the engine's next beats), never a fixed time: a busy
// machine makes a run slower, not wrong. The time limits only end a wait for what never comes.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cli, migrate, startApiAndWorker } from '../lib/app.mjs';
import { dropDatabase, findOrStartPostgres, findOrStartRedis } from '../lib/services.mjs';
import { ROOT } from '../lib/toolchain.mjs';
import { signIn } from '../load/load.mjs';

const requireFromApi = createRequire(join(ROOT, 'apps', 'api', 'package.json'));
const C = requireFromApi('@console/contracts');
const pg = requireFromApi('pg');
const Redis = requireFromApi('ioredis');

export const PROMISES = {
  health: 'heartbeat and health',
  idempotency: 'a repeated Idempotency-Key is one command',
  once: 'each command done once',
  states: 'action states pending → done',
  rows: 'the rows the page requires',
  live: 'live events on the stream',
  retake: 'crash and retake',
  twoEngines: 'two engine copies (held command lease)',
  deposits: 'deposits as flows',
  reduce: 'reduce a position',
  skipChecks: 'skip checks',
};

export const SECTIONS = ['commands', 'retake', 'twoEngines', 'deposits', 'reduce', 'skipChecks'];
const ENGINE_ROLE = 'console_engine';
const API = '/api/v2';
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
/** The longest wait for what a working engine does at once; only an engine that never does it waits this long. */
const PATIENCE_MS = 60_000;

/** A port nothing listens on now, for the console's API. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `read` until `done(value)` holds or `ms` pass; answers the last value read. */
async function waitFor(read, done, ms = PATIENCE_MS) {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await pause(100);
    value = await read();
  }
  return value;
}

/** The team's engine as a shell command, started again as often as the kit needs; its output is kept for the report. */
function engineProcess(command, env) {
  const output = [];
  const child = spawn(command, { shell: true, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (d) => output.push(d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    output,
    startedAt: Date.now(),
    running: () => !gone(),
    /** SIGKILL to the whole process group: a crash, nothing cleaned up. */
    crash: async () => {
      if (gone()) return;
      process.kill(-child.pid, 'SIGKILL');
      await exited;
    },
    stop: async () => {
      if (gone()) return;
      process.kill(-child.pid, 'SIGTERM');
      const killer = setTimeout(() => !gone() && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * A fresh database, migrated and filled by the data generator, the console's API and worker with
 * ENGINE=external on it, an administrator signed in and the engine role made. Answers what the checks
 * use, and `stop`. Several engines may be checked on it one after another (`checkEngine`).
 */
export async function startConsole({ port } = {}) {
  port ??= await freePort();
  const database = `console_conformance_${randomBytes(4).toString('hex')}`;
  const prefix = `conformance-${randomBytes(4).toString('hex')}`;
  const stops = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {});
  };
  try {
    const postgres = await findOrStartPostgres(database);
    stops.push(async () => {
      const server = new URL(postgres.url);
      server.pathname = '/postgres';
      await dropDatabase(server.toString(), database).catch(() => {});
      await postgres.stop();
    });
    const redis = await findOrStartRedis();
    stops.push(redis.stop);
    const env = {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      PORT: String(port),
      JWT_SECRET: randomBytes(48).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      CAPTCHA_PROVIDER: 'off',
      LOG_LEVEL: 'warn',
      ENGINE: 'external',
    };
    migrate(env);
    // About 20 open positions: targets for several engines checked in turn (few profiles: the bundled engine's
    // fast clock trades each of them every minute).
    cli(env, ['trading-data', '--accounts', '1', '--pairs', '4', '--signals', '2000', '--orders-per-signal', '2', '--logs-per-signal', '0', '--lost-positions', '0', '--metrics-days', '1', '--deposit-transactions-per-account', '1', '--risk-triggers', '0']);
    const email = 'conformance@example.com';
    const password = `${randomBytes(9).toString('base64url')}!7aA`;
    cli(env, ['create-admin', '--email', email, `--password=${password}`]);
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    stops.push(() => db.end());
    // The engine runs under the least-privilege role (docs/engine-protocol.md §2.7).
    const { engineRoleSql } = await import(pathToFileURL(join(ROOT, 'packages', 'schema', 'dist', 'index.js')).href);
    await db.query(engineRoleSql(ENGINE_ROLE));
    const engineUrl = new URL(postgres.url);
    engineUrl.username = ENGINE_ROLE;
    engineUrl.password = '';
    // A busy machine starts them slowly; a process that exits still fails the start at once.
    const app = await startApiAndWorker(env, { quiet: true, patienceMs: 3 * PATIENCE_MS });
    stops.push(app.stop);
    const base = `http://127.0.0.1:${port}`;
    const { token } = await signIn(`${base}${API}`, email, password);
    const live = new Redis(redis.url, { lazyConnect: true });
    await live.connect();
    stops.push(async () => live.disconnect());
    return { db, live, base, token, prefix, redisUrl: redis.url, engineUrl: engineUrl.toString(), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `startConsole`, the checks on one engine, and the console stopped. */
export async function runConformance({ engine, port, only, onResult }) {
  const console = await startConsole({ port });
  try {
    return await checkEngine(console, { engine, only, onResult });
  } finally {
    await console.stop();
  }
}

/**
 * Starts the team's engine on `console` and checks its promises. `only`: the parts to run after the
 * health check (`commands`: idempotency, done once, action states, rows and live events; `retake`;
 * `twoEngines`; `deposits`; `reduce`; `skipChecks`), all by default. Each check picks targets the earlier
 * checks (of this engine or another one) left alone, and the engine's copies are stopped at the end.
 */
export async function checkEngine(console, { engine: engineCommand, only = SECTIONS, onResult = () => {} }) {
  const { db, live, base, token, prefix } = console;
  const wants = (section) => only.includes(section);
  const results = [];
  const record = (promise, ok, detail = '') => {
    const result = { promise, ok, detail };
    results.push(result);
    onResult(result);
  };
  const engines = [];
  try {
    const call = async (method, path, body, key) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      if (key) headers[C.IDEMPOTENCY_KEY_HEADER] = key;
      const res = await fetch(`${base}${API}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: await res.json().catch(() => null) };
    };
    const list = async (path) => (await call('GET', `${path}${path.includes('?') ? '&' : '?'}page_size=500`)).body?.results ?? [];
    const command = async (id) => (await call('GET', C.API_PATHS.engineCommand(id))).body;
    const settledCommand = (id, ms) => waitFor(() => command(id), (c) => c?.status && c.status !== 'pending', ms);
    const heartbeat = async () => (await db.query(`SELECT heartbeat_at FROM engine_state WHERE singleton`)).rows[0]?.heartbeat_at?.getTime() ?? null;
    /**
     * Waits for `n` more beats of the engine(s): each beat starts a turn (§2.4: every second or so), so
     * whatever the engine would do again (a command completed twice) has had its turns to show.
     */
    const turns = async (n = 3) => {
      const seen = new Set([await heartbeat()]);
      await waitFor(heartbeat, (at) => (seen.add(at), seen.size > n));
    };

    // The previous engine's beat, metrics rows and connections are not this one's.
    await db.query(`UPDATE engine_state SET heartbeat_at = NULL WHERE singleton`);
    // The generator's metrics run up to now, and an earlier engine's too; the engine's fast clock writes the
    // past hours, so the newest rows must be its own.
    await db.query(`DELETE FROM account_metrics`);
    // The profiles an earlier engine stopped for the kit trade again, so each engine finds three to move.
    await db.query(`UPDATE strategy_profiles SET status = 'active', action_state = 'NONE' WHERE status = 'inactive' AND action_state = 'CHANGED'`);
    const streamStart = (await live.xrevrange(C.liveStreamKey(prefix), '+', '-', 'COUNT', 1))[0]?.[0] ?? '0';
    const liveChanges = async () => (await live.xrange(C.liveStreamKey(prefix), `(${streamStart}`, '+')).map(([, fields]) => JSON.parse(fields[1]));

    const engineEnv = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: console.engineUrl,
      REDIS_URL: console.redisUrl,
      REDIS_PREFIX: prefix,
      // A fast market clock, so minutes pass while the kit runs, starting 20 minutes back: a short catch-up
      // (the bundled engine trades ten minutes a turn and beats once a turn) and then a minute a second.
      ENGINE_MINUTE_MS: '1000',
      ENGINE_CATCH_UP_MINUTES: '20',
      ENGINE_METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
    };
    const startEngine = () => {
      const e = engineProcess(engineCommand, engineEnv);
      engines.push(e);
      return e;
    };
    let first = startEngine();

    // Heartbeat and health: engine up once it started (a busy machine may take its time), and still up after
    // three more beats. An engine that writes its minutes (it beat before them, §2.4) while health stays
    // down does not beat.
    const healthOf = async () => (await fetch(`${base}${API}${C.API_PATHS.health}`).then((r) => r.json(), () => ({}))).engine;
    const metricsRows = async () => (await db.query(`SELECT count(*)::int AS n FROM account_metrics`)).rows[0].n;
    const upOrNot = await waitFor(
      async () => ({ health: await healthOf(), working: (await metricsRows()) >= 3, running: first.running() }),
      (s) => s.health === 'up' || s.working || !s.running,
      2 * PATIENCE_MS,
    );
    const up = upOrNot.health === 'up' ? 'up' : await healthOf();
    let stillUp = up;
    if (up === 'up') {
      await turns(3);
      stillUp = await healthOf();
    }
    record(
      PROMISES.health,
      up === 'up' && stillUp === 'up',
      up === 'up' ? (stillUp === 'up' ? '' : 'the heartbeat stopped') : `health never said engine: up (engine_state.heartbeat_at not beaten${first.running() ? '' : '; the engine exited'})`,
    );
    if (up !== 'up') return { results, engineOutput: engines.flatMap((e) => e.output).join('') };

    // Targets: active profiles and the bot, which only commands move, and open positions to act on, none
    // under an action and none an earlier check touched.
    const openPositions = async () => (await list(C.API_PATHS.positions)).filter((p) => p.signal_id && p.state === 'open' && p.action_state === 'NONE');
    const positions = await openPositions();
    const closing = [String(positions[0]?.signal_id)];
    const { rows: profiles } = await db.query(`SELECT id FROM strategy_profiles WHERE status = 'active' AND action_state <> 'CHANGING' ORDER BY id LIMIT 3`);
    if (positions.length < 3 || profiles.length < 3) {
      throw new Error(`the generated desk has too few open positions (${positions.length}) or active profiles (${profiles.length})`);
    }
    const commandOf = async (kind, targetId) =>
      (await db.query(`SELECT id::text FROM engine_commands WHERE kind = $1 AND target_id = $2 ORDER BY id DESC LIMIT 1`, [kind, targetId])).rows[0]?.id;
    /** An open position none of the checks has acted on yet, taken for one of them. */
    const untouched = async (fits = () => true) => {
      const position = (await openPositions()).find((p) => !closing.includes(String(p.signal_id)) && fits(p));
      if (!position) throw new Error('the desk has no open position left to act on');
      closing.push(String(position.signal_id));
      return position;
    };

    if (wants('commands')) {
      // Idempotency: a profile's stop asked twice with one key is one command.
      const key = randomUUID();
      const { rows: newest } = await db.query(`SELECT coalesce(max(id), 0)::text AS id FROM engine_commands`);
      const stop1 = await call('PUT', C.API_PATHS.stopStrategyProfile(profiles[0].id), undefined, key);
      const stop2 = await call('PUT', C.API_PATHS.stopStrategyProfile(profiles[0].id), undefined, key);
      const { rows: made } = await db.query(`SELECT count(*)::int AS n FROM engine_commands WHERE kind = 'stop_profile' AND target_id = $1 AND id > $2`, [profiles[0].id, newest[0].id]);
      record(PROMISES.idempotency, stop1.status === 200 && stop2.status === 200 && made[0].n === 1, `first ${stop1.status}, again ${stop2.status}, rows ${made[0].n}`);

      // Each command done once, its target's action_state pending then done: the bot off, a profile
      // stopped, an exit cancelled, a position closed at market.
      // The bot turned the other way from where an earlier engine's check left it.
      const botWas = (await call('GET', C.API_PATHS.systemStatus)).body?.status;
      const botTo = botWas === 'disabled' ? 'enabled' : 'disabled';
      const bot = await call('POST', C.API_PATHS.systemStatus, { status: botTo }, randomUUID());
      // An engine moves resting orders itself (an exit re-placed, an enter expired): a cancel that lost
      // that race fails with the engine's orderNotOpen and is asked again of another exit.
      let cancel;
      let exit;
      for (let attempt = 0; attempt < 3; attempt++) {
        exit = (await db.query(
          `SELECT o.id::text, o.signal_id::text FROM orders o JOIN signals s ON s.id = o.signal_id
            WHERE o.order_type = 'exit' AND o.status = 'PLACED' AND s.status = 'active' AND NOT (o.signal_id::text = ANY($1)) ORDER BY o.id DESC LIMIT 1`,
          [closing],
        )).rows[0];
        if (!exit) throw new Error('the desk has no resting exit order to cancel');
        cancel = await call('POST', C.API_PATHS.cancelOrder(exit.id), {}, randomUUID());
        const outcome = cancel.status === 202 ? await settledCommand(cancel.body.id) : null;
        const lostRace = cancel.status === 400 || (outcome?.status === 'failed' && outcome.error === C.ENGINE_FAILURE_TEXTS.orderNotOpen);
        const movedByEngine = (await db.query(`SELECT status FROM orders WHERE id = $1`, [exit.id])).rows[0]?.status !== 'CANCELED_MANUAL';
        if (!(lostRace && movedByEngine)) break;
      }
      closing.push(exit.signal_id);
      const close = await call('POST', C.API_PATHS.closeMarket(closing[0]), {}, randomUUID());
      const botCommand = (await db.query(`SELECT id::text FROM engine_commands WHERE kind = $1 ORDER BY id DESC LIMIT 1`, [botTo === 'enabled' ? 'enable_bot' : 'disable_bot'])).rows[0]?.id;
      const asked = [
        { what: 'the bot off', id: botCommand, answer: bot, pending: 'CHANGING', done: 'CHANGED' },
        { what: 'the profile stop', id: await commandOf('stop_profile', profiles[0].id), answer: stop1, pending: 'CHANGING', done: 'CHANGED' },
        { what: 'the exit cancel', id: cancel.body?.id, answer: cancel, pending: 'CANCELLING', done: 'CANCELLED' },
        { what: 'the close at market', id: close.body?.id, answer: close, pending: 'CLOSING', done: 'CLOSED' },
      ];
      const settled = await Promise.all(asked.map((a) => settledCommand(a.id)));
      await turns(3);
      const later = await Promise.all(asked.map((a) => command(a.id)));
      const onceProblems = later.flatMap((c, i) =>
        c?.status !== 'succeeded' ? [`${asked[i].what} is ${c?.status} (${c?.error ?? ''})`] : c.completed_at !== settled[i]?.completed_at ? [`${asked[i].what} was completed again`] : [],
      );
      record(PROMISES.once, onceProblems.length === 0, onceProblems.join('; '));

      const stateProblems = [];
      for (const [i, a] of asked.entries()) {
        // The answer shows the pending state, or already the done one when the engine was quicker.
        const answered = a.answer.body?.action_state;
        if (![a.pending, a.done].includes(answered)) stateProblems.push(`${a.what} answered ${a.answer.status} with ${answered}`);
        if (later[i]?.action_state !== a.done) stateProblems.push(`${a.what} shows ${later[i]?.action_state}`);
      }
      const botNow = (await call('GET', C.API_PATHS.systemStatus)).body;
      if (botNow?.status !== botTo || botNow?.action_state !== 'CHANGED') stateProblems.push(`the bot is ${botNow?.status} / ${botNow?.action_state}`);
      const profileNow = (await call('GET', C.API_PATHS.strategyProfile(profiles[0].id))).body;
      if (profileNow?.status !== 'inactive' || profileNow?.action_state !== 'CHANGED') stateProblems.push(`the stopped profile is ${profileNow?.status} / ${profileNow?.action_state}`);
      const order = (await db.query(`SELECT status, action_state FROM orders WHERE id = $1`, [exit.id])).rows[0];
      if (order?.status !== 'CANCELED_MANUAL' || order?.action_state !== 'CANCELLED') stateProblems.push(`the exit is ${order?.status} / ${order?.action_state}`);
      record(PROMISES.states, stateProblems.length === 0, stateProblems.join('; '));

      const { rows: closedRows } = await db.query(
        `SELECT p.state, p.closed_at IS NOT NULL AS closed, p.active_p_coins::float AS coins, s.status, s.finished_at IS NOT NULL AS finished,
                (SELECT count(*)::int FROM orders o WHERE o.signal_id = s.id AND o.status IN ('PLACING', 'PLACED', 'PARTIALLY_FILLED')) AS open_orders
           FROM positions p JOIN signals s ON s.id = p.signal_id WHERE p.id = $1`,
        [positions[0].id],
      );
      const c = closedRows[0] ?? {};
      const rowProblems = [];
      if (c.state !== 'closed' || !c.closed || c.coins !== 0) rowProblems.push(`the closed position is ${c.state}, closed_at ${c.closed}, coins ${c.coins}`);
      if (c.status !== 'finished' || !c.finished) rowProblems.push(`its signal is ${c.status}, finished_at ${c.finished}`);
      if (c.open_orders) rowProblems.push(`its signal keeps ${c.open_orders} open orders`);
      if ((await list(C.API_PATHS.positions)).some((p) => p.id === positions[0].id)) rowProblems.push('Position administration still lists it');
      record(PROMISES.rows, rowProblems.length === 0, rowProblems.join('; '));

      const changes = await liveChanges();
      const liveProblems = [];
      for (const cmd of later.filter(Boolean)) {
        const resource = C.ENGINE_COMMAND_RESOURCES[cmd.kind];
        if (!changes.some((ch) => ch.resource === 'engine-commands' && ch.action === 'updated' && ch.ids?.includes(String(cmd.id)))) liveProblems.push(`no engine-commands event for ${cmd.kind} ${cmd.id}`);
        const target = (ch) => ch.resource === resource && (cmd.target_id === null || ch.ids?.includes(String(cmd.target_id)));
        if (!changes.some((ch) => target(ch) && ch.row?.action_state === cmd.action_state)) liveProblems.push(`no ${resource} event with ${cmd.action_state} for ${cmd.kind}`);
      }
      record(PROMISES.live, liveProblems.length === 0, liveProblems.join('; '));
    }

    if (wants('retake')) {
      // Crash and retake: the first profile started again and two more stopped, the engine killed as soon
      // as it settled the first of them, then started again: each ends succeeded, once.
      const batch = [];
      for (const [path, profile, kind] of [
        [C.API_PATHS.startStrategyProfile, profiles[0], 'start_profile'],
        [C.API_PATHS.stopStrategyProfile, profiles[1], 'stop_profile'],
        [C.API_PATHS.stopStrategyProfile, profiles[2], 'stop_profile'],
      ]) {
        const res = await call('PUT', path(profile.id), undefined, randomUUID());
        if (res.status !== 200) throw new Error(`a ${kind} of profile ${profile.id} answered ${res.status} ${JSON.stringify(res.body)}`);
        batch.push(await commandOf(kind, profile.id));
      }
      await waitFor(() => Promise.all(batch.map(command)), (cs) => cs.some((x) => x?.status !== 'pending'));
      await first.crash();
      first = startEngine();
      const retaken = await Promise.all(batch.map((id) => settledCommand(id)));
      await turns(3);
      const retakeLater = await Promise.all(batch.map(command));
      const retakeProblems = retakeLater.flatMap((x, i) =>
        x?.status !== 'succeeded' ? [`command ${batch[i]} is ${x?.status}`] : x.completed_at !== retaken[i]?.completed_at ? [`command ${batch[i]} was completed again`] : [],
      );
      record(PROMISES.retake, retakeProblems.length === 0, retakeProblems.join('; '));
    }

    if (wants('twoEngines')) {
      // Two copies: a close limit that will not fill is held by one of them under a renewed lease, then a
      // close at market supersedes it; commands asked meanwhile are each done once.
      // The second copy is running once it has a connection of its own to the database.
      const connections = async () => (await db.query(`SELECT pid, backend_start FROM pg_stat_activity WHERE usename = $1`, [ENGINE_ROLE])).rows;
      const before = new Set((await connections()).map((c) => c.pid));
      const second = startEngine();
      await waitFor(connections, (cs) => cs.some((c) => !before.has(c.pid)));
      const openNow = [await untouched(), await untouched()];
      const held = await call('POST', C.API_PATHS.closeLimit(String(openNow[0].signal_id)), { coefficient: 0.999 }, randomUUID());
      const leased = await waitFor(
        async () => (await db.query(`SELECT status, lease_owner, lease_expires_at FROM engine_commands WHERE id = $1`, [held.body?.id])).rows[0],
        (r) => r?.lease_owner || r?.status !== 'pending',
      );
      // Renewed on the holder's turns, also after both copies have taken turns meanwhile (six beats): a copy
      // that forgot the lease when the other wrote its state lets it run out, and the other takes it over.
      const leaseNow = async () => (await db.query(`SELECT status, lease_owner, lease_expires_at FROM engine_commands WHERE id = $1`, [held.body?.id])).rows[0];
      await turns(6);
      const midway = await leaseNow();
      const renewed = await waitFor(
        leaseNow,
        (r) => !leased?.lease_expires_at || !midway?.lease_expires_at || r?.lease_owner !== leased.lease_owner || r.lease_expires_at > midway.lease_expires_at,
      );
      const market = await call('POST', C.API_PATHS.closeMarket(String(openNow[0].signal_id)), {}, randomUUID());
      const more = await call('POST', C.API_PATHS.closeMarket(String(openNow[1].signal_id)), {}, randomUUID());
      const [marketDone, moreDone] = await Promise.all([settledCommand(market.body?.id), settledCommand(more.body?.id)]);
      await settledCommand(held.body?.id);
      const heldEnd = (await db.query(`SELECT status, superseded_by::text FROM engine_commands WHERE id = $1`, [held.body?.id])).rows[0];
      await turns(4);
      const [marketLater, moreLater] = await Promise.all([command(market.body?.id), command(more.body?.id)]);
      const twoProblems = [];
      if (held.status !== 202) twoProblems.push(`close limit answered ${held.status} ${JSON.stringify(held.body)}`);
      if (!leased?.lease_owner || leased.status !== 'pending') twoProblems.push(`the held close is ${leased?.status} with lease owner ${leased?.lease_owner ?? 'none'}`);
      else if (renewed?.lease_owner !== leased.lease_owner || !(renewed.lease_expires_at > midway?.lease_expires_at)) {
        twoProblems.push(`the lease changed hands or was not renewed: ${leased.lease_owner} until ${leased.lease_expires_at?.toISOString()}, after both copies' turns ${midway?.lease_owner} until ${midway?.lease_expires_at?.toISOString()}, then ${renewed?.lease_owner} until ${renewed?.lease_expires_at?.toISOString()}`);
      }
      if (heldEnd?.status !== 'superseded' || String(heldEnd.superseded_by ?? '') !== String(market.body?.id ?? '-')) twoProblems.push(`the held close ended ${heldEnd?.status}, superseded_by ${heldEnd?.superseded_by}`);
      for (const [done, now] of [[marketDone, marketLater], [moreDone, moreLater]]) {
        if (now?.status !== 'succeeded' || now.completed_at !== done?.completed_at) twoProblems.push(`close at market ${now?.id} is ${now?.status}${now?.completed_at !== done?.completed_at ? ', completed again' : ''}`);
      }
      record(PROMISES.twoEngines, twoProblems.length === 0, twoProblems.join('; '));
      await second.stop();
    }

    if (wants('deposits')) {
      // Deposits: the operator adds 10 %; the engine's next row counts it as money put in, not as a return.
      const accountId = positions[0].exchange_account_id ?? (await db.query(`SELECT min(id) AS id FROM exchange_accounts`)).rows[0].id;
      const newest = async () => (await db.query(`SELECT at, nav::float AS nav, deposit_at::float AS deposit_at, balance_daily::float AS balance_daily, return_day_percent::float AS day FROM account_metrics WHERE exchange_account_id = $1 ORDER BY at DESC LIMIT 1`, [accountId])).rows[0];
      // The newest row before the edit: the flow is judged on the first row after it that counts the deposit.
      const before = await waitFor(newest, (r) => r && r.deposit_at > 0);
      const added = Math.round(before.deposit_at * 0.1);
      const target = before.deposit_at + added;
      const edit = await call('PUT', C.API_PATHS.accountDeposit(accountId), { deposit_at: target }, randomUUID());
      // Rows from a turn that began after the edit (three beats later) have read it: the deposit is in the
      // first of them at the latest.
      await turns(3);
      const read = await newest();
      const counts = (r) => r && r.at > before.at && Math.abs(r.deposit_at - target) < 0.01;
      const found = await waitFor(newest, (r) => counts(r) || r.at > read.at);
      const depositProblems = [];
      if (edit.status !== 200) depositProblems.push(`the deposit edit answered ${edit.status} ${JSON.stringify(edit.body)}`);
      // The first row that counts the deposit against the row just before it: one market minute apart.
      const metrics = `SELECT at, nav::float AS nav, asset_usdt::float AS wallet, deposit_at::float AS deposit_at, balance_daily::float AS balance_daily, return_day_percent::float AS day FROM account_metrics`;
      const after = (await db.query(`${metrics} WHERE exchange_account_id = $1 AND at > $2 AND abs(deposit_at - $3) < 0.01 ORDER BY at LIMIT 1`, [accountId, before.at, target])).rows[0];
      const prior = after && (await db.query(`${metrics} WHERE exchange_account_id = $1 AND at < $2 ORDER BY at DESC LIMIT 1`, [accountId, after.at])).rows[0];
      if (!after || !prior) {
        depositProblems.push(`no metrics row with deposit_at ${target} (newest ${found?.deposit_at})`);
      } else {
        const moved = after.nav - prior.nav;
        // NAV moves by the deposit and the minute's price moves, which on a fast clock's jumps reached a fifth
        // of the deposit: a deposit ignored moves it by about nothing, one counted twice by twice the deposit.
        if (Math.abs(moved - added) > added * 0.5) depositProblems.push(`NAV moved ${moved.toFixed(2)} for a deposit of ${added}`);
        const sameDay = new Date(after.at).toISOString().slice(0, 10) === new Date(prior.at).toISOString().slice(0, 10);
        // The day's base shifts by the flow too (on the same UTC day), so the deposit is no day's return.
        if (sameDay && Math.abs(after.balance_daily - prior.balance_daily - added) > added * 0.01) {
          depositProblems.push(`the day's balance moved ${(after.balance_daily - prior.balance_daily).toFixed(2)}, not by the deposit (return day % ${prior.day} → ${after.day})`);
        }
      }
      if (depositProblems.length) {
        const { rows: flows } = await db.query(`SELECT type, amount::float, deposit_before::float AS before, deposit_after::float AS after FROM deposit_transactions WHERE exchange_account_id = $1 ORDER BY id`, [accountId]);
        depositProblems.push(`transactions ${JSON.stringify(flows)}`);
      }
      record(PROMISES.deposits, depositProblems.length === 0, depositProblems.join('; '));
    }


    /** An open position none of the checks touched whose signal waits for no entry (so only the command moves its coins). */
    const entered = async () => {
      const { rows } = await db.query(
        `SELECT p.id::text FROM positions p JOIN signals s ON s.id = p.signal_id
          WHERE p.state = 'open' AND p.action_state = 'NONE' AND p.active_p_coins > 0 AND s.status = 'active' AND NOT (p.signal_id::text = ANY($1))
            AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.signal_id = s.id AND o.order_type = 'enter' AND o.status IN ('PLACING', 'PLACED', 'PARTIALLY_FILLED'))
          ORDER BY p.id LIMIT 1`,
        [closing],
      );
      if (!rows[0]) throw new Error('the desk has no entered open position left to act on');
      const position = (await list(C.API_PATHS.positions)).find((p) => String(p.id) === rows[0].id);
      if (!position) throw new Error(`Position administration does not list open position ${rows[0].id}`);
      closing.push(String(position.signal_id));
      return position;
    };
    const positionRow = async (id) =>
      (await db.query(
        `SELECT state, signal_id::text, active_p_coins::float AS coins, active_p_size_usd::float AS usd, avg_e_price::float AS avg, reduce_p::float AS reduce_p,
                skip_check_by_timer, skip_check_by_distance, action_state FROM positions WHERE id = $1`,
        [id],
      )).rows[0];
    const near = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

    if (wants('reduce')) {
      // Reduce 25 %: a quarter of the coins sold at market (§1.3), the position open with the rest and reduce_p 25.
      // An engine may close the position itself meanwhile (its exit filled): then another is asked.
      let target;
      let was;
      let asked;
      let done;
      for (let attempt = 0; attempt < 3; attempt++) {
        target = await entered();
        was = await positionRow(target.id);
        asked = await call('POST', C.API_PATHS.reducePosition(String(target.id)), { percent: 25 }, randomUUID());
        done = asked.status === 202 ? await settledCommand(asked.body.id) : null;
        if (!(done?.status === 'failed' && (await positionRow(target.id)).state === 'closed')) break;
      }
      const now = await positionRow(target.id);
      const sold = (await db.query(
        `SELECT quantity::float AS quantity, filled_quantity::float AS filled FROM orders WHERE signal_id = $1 AND order_type = 'exit' AND status = 'FILLED' ORDER BY id DESC LIMIT 1`,
        [was.signal_id],
      )).rows[0];
      const reduceProblems = [];
      if (asked.status !== 202 || !['CHANGING', 'CHANGED'].includes(asked.body?.action_state)) reduceProblems.push(`the reduce answered ${asked.status} ${JSON.stringify(asked.body)}`);
      if (done?.status !== 'succeeded') reduceProblems.push(`the reduce is ${done?.status} (${done?.error ?? ''})`);
      const keep = was.coins - Math.trunc(was.coins * 25 * 1e10) / 1e12;
      if (now?.state !== 'open' || !near(now.coins, keep)) reduceProblems.push(`the position is ${now?.state} with ${now?.coins} coins, not ${keep} (75 % of ${was.coins})`);
      else if (Math.abs(now.usd - now.coins * now.avg) > 1e-6 * Math.max(1, now.usd)) reduceProblems.push(`active_p_size_usd ${now.usd} is not coins · avg (${now.coins * now.avg})`);
      if (now?.reduce_p !== 25) reduceProblems.push(`reduce_p is ${now?.reduce_p}, not 25`);
      if (now?.action_state !== 'CHANGED') reduceProblems.push(`the position shows ${now?.action_state}`);
      if (!sold || !near(sold.filled, was.coins - keep)) reduceProblems.push(`no filled exit order of ${was.coins - keep} coins (newest: ${JSON.stringify(sold)})`);
      record(PROMISES.reduce, reduceProblems.length === 0, reduceProblems.join('; '));
    }

    if (wants('skipChecks')) {
      // Skip check by timer only: that flag flipped, the distance one as it was (a flag left out keeps its
      // column). Both flags alike before, so a command applied to both columns shows.
      const target = await untouched((p) => p.skip_check_by_timer === p.skip_check_by_distance);
      const was = await positionRow(target.id);
      const asked = await call('PUT', C.API_PATHS.skipCheckKExit(String(target.id)), { skip_check_by_timer: !was.skip_check_by_timer }, randomUUID());
      const done = asked.status === 202 ? await settledCommand(asked.body.id) : null;
      const now = await positionRow(target.id);
      const skipProblems = [];
      if (asked.status !== 202) skipProblems.push(`the skip check answered ${asked.status} ${JSON.stringify(asked.body)}`);
      if (done?.status !== 'succeeded') skipProblems.push(`the skip check is ${done?.status} (${done?.error ?? ''})`);
      if (now?.skip_check_by_timer !== !was.skip_check_by_timer) skipProblems.push(`skip_check_by_timer is ${now?.skip_check_by_timer}, asked ${!was.skip_check_by_timer}`);
      if (now?.skip_check_by_distance !== was.skip_check_by_distance) skipProblems.push(`skip_check_by_distance changed to ${now?.skip_check_by_distance} though the command left it out`);
      if (now?.action_state !== 'CHANGED') skipProblems.push(`the position shows ${now?.action_state}`);
      record(PROMISES.skipChecks, skipProblems.length === 0, skipProblems.join('; '));
    }

    return { results, engineOutput: engines.flatMap((e) => e.output).join('') };
  } finally {
    await Promise.all(engines.map((e) => e.stop()));
  }
}
