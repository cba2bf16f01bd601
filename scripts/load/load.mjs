// A scripted workload at a fixed arrival rate: the built API and worker on a database of their own,
// filled by the trading-data generator, and signed-in users of four groups (an administrator, an
// operator with Full trading sections, a read-only auditor, a Limited group) sending a mix of list
// reads with filters and pages, detail opens, statistics and charts, operator actions on rows that
// allow them, exports, sign-ins (password and TOTP steps) and live streams held open.
//
// Open loop, so coordinated omission does not hide a stall: request i is planned at start + i / LOAD_RATE
// and sent at that time whatever the earlier answers (each on a connection of its own when the others are
// busy); its latency runs from the PLANNED send time to the end of its answer, so time spent queued behind
// a slow server (or a late client) counts. A dependent request (the TOTP step after the password step,
// the stream after its ticket) is timed from its own send. The first LOAD_WARMUP_S seconds are not counted.
//
//   node scripts/load/load.mjs [--reuse]       (needs `pnpm run build`; starts its own API, worker and engine)
//   LOAD_RATE=100 (requests/s), LOAD_DURATION_S=600 (the whole run, warm-up included), LOAD_WARMUP_S=120
//   (at most a quarter of the run), LOAD_SIGNALS=100000 (the data set; --reuse keeps
//   one already filled), LOAD_STREAMS=20 (live streams held open), LOAD_USERS_PER_GROUP=5, LOAD_TIMEOUT_S=30, LOAD_PORT=3991,
//   LOAD_API_WORKERS (default: the production default), LOAD_DATABASE=console_load, LOAD_MAX_GROWTH_MB (fail
//   when the API's or the worker's memory grows more than this after the warm-up; unset: only printed),
//   LOAD_SAMPLE_S=60 (a line of memory, p95 and load average this often).
//   Any 5xx or error fails the run (exit 1).
//   A smoke run: LOAD_RATE=20 LOAD_DURATION_S=30 LOAD_SIGNALS=5000 node scripts/load/load.mjs
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from '../lib/toolchain.mjs';
import { machine, percentile, startBenchApi } from '../bench/http.mjs';
import { filledDatabase } from '../bench/bench-db.mjs';

const requireFromApi = createRequire(join(ROOT, 'apps/api/package.json'));
const C = requireFromApi('@console/contracts');
const { generateSync } = requireFromApi('otplib');

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const RATE = env('LOAD_RATE', 100);
const DURATION_S = env('LOAD_DURATION_S', 600);
const WARMUP_S = Math.min(env('LOAD_WARMUP_S', 120), DURATION_S / 4);
const SIGNALS = env('LOAD_SIGNALS', 100_000);
const STREAMS = env('LOAD_STREAMS', 20);
const USERS_PER_GROUP = env('LOAD_USERS_PER_GROUP', 5);
const TIMEOUT_MS = env('LOAD_TIMEOUT_S', 30) * 1000;
const PORT = env('LOAD_PORT', 3991);
const DATABASE = process.env.LOAD_DATABASE ?? 'console_load';
const REUSE = process.argv.includes('--reuse');
const SAMPLE_S = env('LOAD_SAMPLE_S', 60);
const MAX_GROWTH_MB = process.env.LOAD_MAX_GROWTH_MB ? Number(process.env.LOAD_MAX_GROWTH_MB) : null;
const PASSWORD = 'Load!pass1';
const API = '/api/v2';

// ---------------------------------------------------------------------------------------------------
// The data set and the users

/** The generator's data on a database of its own, kept for the next run; --reuse measures it as it is. */
const dataSet = () => filledDatabase(DATABASE, { reuse: REUSE, args: ['--signals', String(SIGNALS), '--orders-per-signal', '2', '--metrics-days', '90'] });

/** Each section at `level` where it allows it, else NP; at Limited, the first half of its fields, no filtering or sorting. */
function permsAt(level, overrides = {}) {
  return C.SECTIONS.map((section) => {
    const status = overrides[section] ?? (C.ALLOWED_LEVELS[section].includes(level) ? level : 'NP');
    const fields = C.fieldsOf(section);
    const limited = status === 'Limited' ? { fields: fields.slice(0, Math.ceil(fields.length / 2)), filtering: false, sorting: false } : {};
    return C.normalizePerm({ section_name: section, status, ...limited });
  });
}

const GROUPS = {
  operator: () => permsAt('Full', { groups: 'NP', users: 'NP' }),
  // Read-only where a section has that level; sections without it (their reads only) at Full.
  auditor: () => permsAt('ReadOnly', { logs: 'Full', notifications: 'Full', charts: 'Full', stats_by_months: 'Full', orders: 'Full', profiles_stats: 'Full' }),
  limited: () => permsAt('Limited'),
};

/** Sign-in as the SPA does it: the password step (bot-check off), the TOTP enrolment, a code of the current step. */
export async function signIn(baseUrl, email, password) {
  const step1 = await fetch(`${baseUrl}${C.API_PATHS.login}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (step1.status !== 200) throw new Error(`sign-in of ${email}: ${step1.status} ${await step1.text()}`);
  const pending = (await step1.json()).access;
  const enrol = await fetch(`${baseUrl}${C.API_PATHS.totpCreate}`, { method: 'POST', headers: { authorization: `Bearer ${pending}` } });
  if (enrol.status !== 200) throw new Error(`TOTP enrolment of ${email}: ${enrol.status} ${await enrol.text()}`);
  const secret = new URL((await enrol.json()).url).searchParams.get('secret');
  const user = { email, password, secret, lastStep: 0, token: '' };
  user.token = await totpStep(baseUrl, user, pending);
  return user;
}

async function totpStep(baseUrl, user, pending) {
  const step = Math.floor(Date.now() / 30_000);
  const code = generateSync({ secret: user.secret, epoch: Math.floor(Date.now() / 1000) });
  user.lastStep = step;
  const res = await fetch(`${baseUrl}${C.API_PATHS.totpLogin(code)}`, { method: 'POST', headers: { authorization: `Bearer ${pending}` } });
  if (res.status !== 200) throw new Error(`TOTP step of ${user.email}: ${res.status} ${await res.text()}`);
  return (await res.json()).access;
}

export async function makeUsers(baseUrl, adminToken, tag) {
  const auth = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const users = {};
  for (const [name, perms] of Object.entries(GROUPS)) {
    const group = await fetch(`${baseUrl}${C.API_PATHS.groups}`, { method: 'POST', headers: auth, body: JSON.stringify({ name: `load ${name} ${tag}`, perms: perms() }) });
    if (group.status !== 201) throw new Error(`group ${name}: ${group.status} ${await group.text()}`);
    const groupId = (await group.json()).id;
    // Several users per group, so sign-ins in the mix find one whose TOTP step is free.
    users[name] = [];
    for (let i = 0; i < USERS_PER_GROUP; i++) {
      const email = `load-${name}-${i}-${tag}@example.com`;
      const created = await fetch(`${baseUrl}${C.API_PATHS.users}`, { method: 'POST', headers: auth, body: JSON.stringify({ email, password: PASSWORD, group: groupId }) });
      if (created.status !== 201) throw new Error(`user ${email}: ${created.status} ${await created.text()}`);
      users[name].push(await signIn(baseUrl, email, PASSWORD));
    }
  }
  return users;
}

// ---------------------------------------------------------------------------------------------------
// Measuring

/** Resident memory of a process and its descendants (the API cluster's primary and its workers), in bytes. */
export function treeRss(pid) {
  let total = 0;
  const visit = (p) => {
    try {
      total += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0) * 1024;
      for (const child of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) visit(Number(child));
    } catch {
      // A process that ended meanwhile counts for nothing.
    }
  };
  visit(pid);
  return total;
}

export class Recorder {
  /** `timeline`: also keep the latencies since the last timeline line (emptied by whoever prints it). */
  constructor({ timeline = false } = {}) {
    this.routes = new Map();
    this.counting = false;
    this.sendLag = [];
    /** Latencies since the last timeline line, for a long run's p95 minute by minute; null without a timeline. */
    this.window = timeline ? [] : null;
  }

  route(name) {
    let r = this.routes.get(name);
    if (!r) this.routes.set(name, (r = { ms: [], ok: 0, s4xx: 0, s5xx: 0, errors: 0, samples5xx: [], samples4xx: [] }));
    return r;
  }

  record(name, status, ms, detail) {
    if (!this.counting) return;
    const r = this.route(name);
    r.ms.push(ms);
    this.window?.push(ms);
    if (status === 0) {
      r.errors++;
      if (r.samples5xx.length < 3) r.samples5xx.push(detail);
    }
    else if (status >= 500) {
      r.s5xx++;
      if (r.samples5xx.length < 3) r.samples5xx.push(detail);
    } else if (status >= 400) {
      r.s4xx++;
      if (r.samples4xx.length < 2) r.samples4xx.push(detail);
    }
    else r.ok++;
  }
}

/**
 * How the client answers a request that got no answer or a gateway's 502-504: `retries` more sends with
 * the same Idempotency-Key, 1 s then 2 s later, as the SPA's command mutations do (0 in the load run, so a
 * figure is one send).
 */
export const client = { retries: 0 };
/** The first retry's delay, doubling (TanStack Query's default). */
const RETRY_DELAY_MS = 1000;

/**
 * One request, timed from `plannedAt` (performance.now() time); resolves to { status, body } (status 0:
 * no answer). `name` is the route as the report groups it. With `idempotencyKey` (an operator action)
 * the request may be sent again, `client.retries` times, each send recorded.
 */
export async function send(rec, baseUrl, name, plannedAt, { method = 'GET', path, token, body, idempotencyKey }) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  for (let attempt = 0; ; attempt++) {
    let status = 0;
    let parsed = null;
    let text;
    try {
      const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS) });
      status = res.status;
      text = await res.text();
      if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
    } catch (error) {
      text = String(error?.cause ?? error);
    }
    const retry = idempotencyKey && attempt < client.retries && (status === 0 || (status >= 502 && status <= 504));
    rec.record(name, status, performance.now() - plannedAt, `${method} ${path} → ${status} ${text.slice(0, 300)}`, { idempotencyKey, body: parsed, retried: retry, attempt });
    if (!retry) return { status, body: parsed };
    await sleep(RETRY_DELAY_MS * 2 ** attempt);
    plannedAt = performance.now();
  }
}

// ---------------------------------------------------------------------------------------------------
// The mix

const pick = (list) => list[Math.floor(Math.random() * list.length)];
export const rowsOf = (body) => (Array.isArray(body) ? body : (body?.results ?? []));
const daysAgo = (n) => new Date(Date.now() - n * 86_400_000);
const day = (d) => d.toISOString().slice(0, 10);

/** Ids the operator's actions work on, filled by the lists' answers (rows that allow the action now). */
export const pools = { activeSignals: [], placedOrders: [], openPositions: [], profiles: [], mmProfiles: [] };
/** Exports started in the run, whose state the mix polls. */
const exportTasks = [];
/** Strategy profile id → its status, as the lists and the start/stop answers last showed it. */
const profileStatus = new Map();
export const keep = (pool, ids) => {
  for (const id of ids) if (id !== undefined && id !== null && !pool.includes(id)) pool.push(id);
  if (pool.length > 200) pool.splice(0, pool.length - 200);
};

/**
 * The reads of one kind (lists, details, months, charts) as { name, path, list }: lists with filters,
 * orderings and pages, plainer for a Limited group (it may not filter or sort).
 */
function reads(kind, limited) {
  const page = 1 + Math.floor(Math.random() * 5);
  const profile = pick(pools.profiles);
  const from = day(daysAgo(30));
  if (kind === 'lists') {
    return [
      ['signals', C.API_PATHS.signals, `?page=${page}&page_size=${pick([20, 50, 200])}&status=${pick(C.SIGNAL_STATUSES)}${profile ? `&profile=${profile}` : ''}&created_at_after=${from}`, `?page=${page}&page_size=50`],
      ['orders', C.API_PATHS.orders, `?page=${page}&status=${pick(C.ORDER_STATUSES)}&ordering=-created_at`, `?page=${page}`],
      ['positions', C.API_PATHS.positions, `?page=${page}&page_size=25&ordering=${pick(['-created_at', 'u_pnl', '-r_pnl'])}`, `?page=${page}&page_size=25`],
      ['logs', C.API_PATHS.logs, `?page=${page}&page_size=${pick([50, 100])}&type=${pick(C.LOG_TYPES)}`, `?page=${page}&page_size=50`],
      ['profiles stats', C.API_PATHS.profilesStats, `?page=${page}&ordering=${pick(['-total', 'profile_title', '-w_percent'])}`, `?page=${page}`],
      ['account stats', C.API_PATHS.accountStats, `?ordering=${pick(['-nav', 'account_title'])}`, ''],
      ['strategy profiles', C.API_PATHS.strategyProfiles, `?page=${page}&direction=${pick(['long', 'short'])}`, `?page=${page}`],
      ['MM profiles', C.API_PATHS.mmProfiles, `?status=${pick(C.MM_PROFILE_STATUSES)}`, ''],
      ['ticker configs', C.API_PATHS.tickerConfigs, `?ordering=${pick(['-created_at', 'updated_at'])}`, ''],
      ['notifications', C.API_PATHS.notifications, `?page=${page}`, `?page=${page}`],
    ].map(([list, path, full, plain]) => ({ name: `GET ${list}`, path: path + (limited ? plain : full), list }));
  }
  if (kind === 'details') {
    return [
      pools.profiles.length && ['GET strategy profile', C.API_PATHS.strategyProfile(pick(pools.profiles))],
      pools.mmProfiles.length && ['GET MM profile', C.API_PATHS.mmProfile(pick(pools.mmProfiles))],
      pools.profiles.length && ['GET strategy settings', C.API_PATHS.strategySettings(pick(pools.profiles))],
      ['GET strategy profile options', C.API_PATHS.strategyProfileOptions],
      // A signal's orders, as its row opens them; a Limited group may not filter, so it has no such view.
      !limited && pools.activeSignals.length && ['GET orders of a signal', `${C.API_PATHS.orders}?signal=${pick(pools.activeSignals)}`],
      ['GET current user', C.API_PATHS.currentUser],
      ['GET system status', C.API_PATHS.systemStatus],
    ]
      .filter(Boolean)
      .map(([name, path]) => ({ name, path }));
  }
  if (kind === 'months') {
    const year = `${day(daysAgo(365)).slice(0, 7)}-01`;
    return [
      ['GET statistics admin (months)', `${C.API_PATHS.statisticsAdmin}?date_from=${year}&date_to=${day(new Date())}`],
      ['GET statistics admin (months)', C.API_PATHS.statisticsAdmin],
      ['GET statistics client (months)', C.API_PATHS.statisticsClient],
      ['GET system data', C.API_PATHS.systemData],
    ].map(([name, path]) => ({ name, path }));
  }
  const [dataType, chartType, tf, days] = pick([
    ['Equity', 'line', '1d', 90],
    ['NAV', 'candles', '1h', 30],
    ['Equity', 'line', '1m', 1],
    ['NAV', 'column', '1w', 90],
  ]);
  const qs = `data_type=${encodeURIComponent(dataType)}&chart_type=${chartType}&tf=${tf}&date_from=${daysAgo(days).toISOString()}&date_to=${new Date().toISOString()}`;
  return [{ name: 'GET statistics chart', path: `${C.API_PATHS.statisticsChart}?${qs}` }];
}
const READ_KINDS = ['lists', 'details', 'months', 'charts'];

/**
 * What each group's screens show: every read tried once by one user of the group; a route it is refused
 * (403, or 404 for rows out of its scope) is left out of its mix, as the console leaves it out of its menu.
 */
export async function learnRefusals(baseUrl, users) {
  for (const [group, members] of Object.entries(users)) {
    const refused = new Set();
    for (const kind of READ_KINDS) {
      for (const read of reads(kind, group === 'limited')) {
        const res = await fetch(`${baseUrl}${read.path}`, { headers: { authorization: `Bearer ${members[0].token}` } });
        await res.arrayBuffer();
        if (res.status === 403 || res.status === 404) refused.add(read.name);
      }
    }
    for (const user of members) user.refused = refused;
    console.log(`${group}: ${refused.size ? `refused ${[...refused].join(', ')}` : 'every read allowed'}`);
  }
}

/** What a list's answer tells the actions: rows they may work on. */
export function harvest(list, body) {
  const rows = rowsOf(body);
  if (list === 'signals') keep(pools.activeSignals, rows.filter((r) => r.status === 'active' || r.status === 'in_queue').map((r) => r.id));
  if (list === 'orders') keep(pools.placedOrders, rows.filter((r) => C.OPEN_ORDER_STATUSES.includes(r.status)).map((r) => r.id));
  // Open positions of a signal (a lost one has no state, and closes through another screen).
  const open = rows.filter((r) => r.signal_id && r.state !== null && r.state !== 'closed' && r.active_p_size_usd > 0);
  if (list === 'positions') keep(pools.openPositions, open.filter((r) => !pools.openPositions.some((p) => p.id === r.id)).map((r) => ({ id: r.id, signal: r.signal_id })));
  if (list === 'strategy profiles') {
    keep(pools.profiles, rows.map((r) => r.id));
    for (const r of rows) profileStatus.set(r.id, r.status);
  }
}

/** The operations, weighted; each sends its requests and records them. */
export function operations(rec, baseUrl, users) {
  const readers = [...users.admin, ...users.operator, ...users.auditor, ...users.limited];
  const get = (name, path, token, at) => send(rec, baseUrl, name, at, { path, token });
  const readOf = (kind, weight, who) => [
    weight,
    async (at) => {
      const user = pick(who);
      const allowed = reads(kind, users.limited.includes(user)).filter((r) => !user.refused.has(r.name));
      if (!allowed.length) return;
      const read = pick(allowed);
      const { status, body } = await get(read.name, read.path, user.token, at);
      if (status === 200 && read.list) harvest(read.list, body);
    },
  ];
  return [
    readOf('lists', 55, readers),
    readOf('details', 10, readers),
    readOf('months', 8, readers),
    readOf('charts', 7, readers),
    [8, async (at) => {
      const user = pick([...users.admin, ...users.operator]);
      const choices = [
        pools.placedOrders.length && 'cancel order',
        pools.activeSignals.length && 'cancel signal',
        pools.openPositions.length && 'close position',
        pools.openPositions.length && 'reduce position',
        pools.profiles.length && 'start/stop profile',
      ].filter(Boolean);
      const take = (pool) => pool.splice(Math.floor(Math.random() * pool.length), 1)[0];
      switch (choices.length ? pick(choices) : null) {
        case 'cancel order':
          return send(rec, baseUrl, 'POST cancel order', at, { method: 'POST', path: C.API_PATHS.cancelOrder(String(take(pools.placedOrders))), token: user.token, idempotencyKey: randomUUID() });
        case 'cancel signal':
          return send(rec, baseUrl, 'POST cancel signal', at, { method: 'POST', path: C.API_PATHS.cancelSignal(String(take(pools.activeSignals))), token: user.token, idempotencyKey: randomUUID() });
        case 'close position': {
          const position = take(pools.openPositions);
          return send(rec, baseUrl, 'POST close position (market)', at, { method: 'POST', path: C.API_PATHS.closeMarket(String(position.signal)), token: user.token, idempotencyKey: randomUUID() });
        }
        case 'reduce position':
          return send(rec, baseUrl, 'POST reduce position', at, { method: 'POST', path: C.API_PATHS.reducePosition(String(take(pools.openPositions).id)), token: user.token, body: { percent: 10 }, idempotencyKey: randomUUID() });
        case 'start/stop profile': {
          // An active profile stops, an inactive or stopping one starts (a draft does neither).
          const id = pick(pools.profiles.filter((p) => profileStatus.get(p) !== 'draft'));
          if (id === undefined) return;
          const path = profileStatus.get(id) === 'active' ? C.API_PATHS.stopStrategyProfile(id) : C.API_PATHS.startStrategyProfile(id);
          const { status, body } = await send(rec, baseUrl, 'PUT start/stop profile', at, { method: 'PUT', path, token: user.token, idempotencyKey: randomUUID() });
          if (status === 200) profileStatus.set(id, body.status);
          return;
        }
        default: {
          // Nothing to act on yet: the operator looks for it.
          const { status, body } = await get('GET signals', `${C.API_PATHS.signals}?status=active&page_size=50`, user.token, at);
          if (status === 200) harvest('signals', body);
        }
      }
    }],
    [3, async (at) => {
      // An export: half the time a new one (a day of signals, or a stats list), else the state of one
      // already started, as the screen polls it.
      const user = pick([...users.admin, ...users.operator]);
      const started = exportTasks.filter((t) => t.user === user);
      if (started.length && Math.random() < 0.5) {
        const task = pick(started);
        await get('GET export state', `${task.base}celery-result/${task.id}/`, user.token, at);
        return;
      }
      const [name, base, start] = pick([
        ['GET export signals (start)', '/signals/', `export/signals/?status=finished&created_at_after=${day(daysAgo(1))}`],
        ['GET export profiles stats (start)', '/strategies/profiles-stats/', 'export/'],
        ['GET export account stats (start)', '/strategies/account-stats/', 'export/'],
      ]);
      const { status, body } = await get(name, base + start, user.token, at);
      if (status === 200 && body?.task_id) exportTasks.push({ user, base, id: body.task_id });
      if (exportTasks.length > 50) exportTasks.shift();
    }],
    [3, async (at) => {
      // A sign-in: the password step, then the TOTP step when the user's current step is still unused.
      const user = pick(readers);
      const { status, body } = await send(rec, baseUrl, 'POST sign-in (password step)', at, { method: 'POST', path: C.API_PATHS.login, body: { email: user.email, password: user.password } });
      if (status !== 200 || user.lastStep >= Math.floor(Date.now() / 30_000)) return;
      const step = Math.floor(Date.now() / 30_000);
      user.lastStep = step;
      const code = generateSync({ secret: user.secret, epoch: Math.floor(Date.now() / 1000) });
      const second = await send(rec, baseUrl, 'POST sign-in (TOTP step)', performance.now(), { method: 'POST', path: C.API_PATHS.totpLogin(code), token: body.access });
      if (second.status === 200) user.token = second.body.access;
    }],
    [3, async (at) => {
      // A stream replaced: a new ticket and stream, the oldest one closed.
      const user = pick(readers);
      await streams.open(rec, baseUrl, user, at);
      streams.closeOldest();
    }],
  ];
}

/** Live streams held open through the run; each counts the changes it receives. */
export const streams = {
  held: [],
  received: 0,
  async open(rec, baseUrl, user, plannedAt) {
    const ticket = await send(rec, baseUrl, 'POST live ticket', plannedAt, { method: 'POST', path: C.LIVE_PATHS.tickets, token: user.token });
    if (ticket.status !== 201) return;
    const controller = new AbortController();
    const t0 = performance.now();
    try {
      const res = await fetch(`${baseUrl}${C.LIVE_PATHS.stream}?${new URLSearchParams({ [C.LIVE_PARAMS.ticket]: ticket.body.ticket })}`, { signal: controller.signal });
      const { status } = res;
      if (status !== 200) {
        rec.record('GET live stream (until ready)', status, performance.now() - t0, `stream → ${status} ${(await res.text()).slice(0, 300)}`);
        return;
      }
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      let ready = false;
      while (!ready) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended before ready');
        buffer += decoder.decode(value, { stream: true });
        ready = /event:\s*ready/.test(buffer);
      }
      rec.record('GET live stream (until ready)', status, performance.now() - t0);
      this.held.push(controller);
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            this.received += (decoder.decode(value).match(/^data:/gm) ?? []).length;
          }
        } catch {
          // Closed by the run.
        }
      })();
    } catch (error) {
      controller.abort();
      rec.record('GET live stream (until ready)', 0, performance.now() - t0, String(error));
    }
  },
  closeOldest() {
    if (this.held.length > STREAMS) this.held.shift().abort();
  },
  closeAll() {
    for (const c of this.held.splice(0)) c.abort();
  },
};

// ---------------------------------------------------------------------------------------------------

async function main() {
  // Another API on the port would answer in place of this run's.
  if (await fetch(`http://127.0.0.1:${PORT}${API}/health/`).then(() => true, () => false)) throw new Error(`port ${PORT} is taken (LOAD_PORT)`);
  await dataSet();
  const api = await startBenchApi({
    database: DATABASE,
    fresh: false,
    port: PORT,
    // The paper engine trades the data set's active profiles beside the load.
    env: { ...(process.env.LOAD_API_WORKERS ? { API_WORKERS: process.env.LOAD_API_WORKERS } : {}) },
  });
  const baseUrl = api.url.replace(/\/api\/v2$/, '') + API;
  const rec = new Recorder({ timeline: true });
  try {
    const tag = Date.now().toString(36);
    const admin = await signIn(baseUrl, api.email, api.password);
    const users = { admin: [admin], ...(await makeUsers(baseUrl, admin.token, tag)) };
    const auth = { authorization: `Bearer ${admin.token}` };
    const ids = async (path) => rowsOf(await (await fetch(`${baseUrl}${path}`, { headers: auth })).json()).map((r) => r.id);
    harvest('strategy profiles', await (await fetch(`${baseUrl}${C.API_PATHS.strategyProfiles}?page_size=100`, { headers: auth })).json());
    keep(pools.mmProfiles, await ids(C.API_PATHS.mmProfiles));
    await learnRefusals(baseUrl, users);
    const everyone = [...users.admin, ...users.operator, ...users.auditor, ...users.limited];
    rec.counting = true;
    for (let i = 0; i < STREAMS; i++) await streams.open(rec, baseUrl, everyone[i % everyone.length], performance.now());
    rec.counting = false;
    const setupFailures = [...rec.routes.values()].reduce((n, r) => n + r.errors + r.s4xx + r.s5xx, 0);
    if (setupFailures) throw new Error(`opening the live streams failed: ${JSON.stringify([...rec.routes])}`);
    rec.routes.clear();

    const ops = operations(rec, baseUrl, users);
    const totalWeight = ops.reduce((n, [w]) => n + w, 0);
    const choose = () => {
      let r = Math.random() * totalWeight;
      for (const [w, op] of ops) if ((r -= w) < 0) return op;
      return ops[0][1];
    };

    console.log(`\nload: ${RATE} req/s for ${DURATION_S} s (the first ${WARMUP_S} s warm-up), ${everyone.length} users, ${STREAMS} live streams, the paper engine trading; ${machine()}`);
    const interval = 1000 / RATE;
    const start = performance.now();
    const end = start + DURATION_S * 1000;
    const warmEnd = start + WARMUP_S * 1000;
    const inFlight = new Set();
    let rssWarm = null;
    let measuredStart = 0;
    let sentMeasured = 0;
    // A timeline line each LOAD_SAMPLE_S seconds: a soak shows whether memory settles or keeps rising,
    // and whether latency drifts, where the two end figures alone could not.
    const timeline = setInterval(() => {
      const window = rec.window.sort((a, b) => a - b);
      rec.window = [];
      const mib = (b) => (b / 2 ** 20).toFixed(1);
      console.log(
        `  ${((performance.now() - start) / 60_000).toFixed(1)} min: API ${mib(treeRss(api.apiPid))} MiB, worker ${mib(treeRss(api.workerPid))} MiB, ` +
          `${window.length} answers counted, p95 ${window.length ? percentile(window, 95).toFixed(1) : '-'} ms, load ${loadavg()[0].toFixed(2)}`,
      );
    }, SAMPLE_S * 1000);
    for (let i = 0; ; i++) {
      const at = start + i * interval;
      if (at >= end) break;
      const wait = at - performance.now();
      if (wait > 1) await sleep(wait);
      if (!rec.counting && at >= warmEnd) {
        rssWarm = { api: treeRss(api.apiPid), worker: treeRss(api.workerPid), load: loadavg()[0] };
        rec.counting = true;
        measuredStart = at;
      }
      if (rec.counting) {
        rec.sendLag.push(performance.now() - at);
        sentMeasured++;
      }
      const p = choose()(at).catch((error) => rec.record('client error', 0, performance.now() - at, String(error)));
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    await Promise.all(inFlight);
    clearInterval(timeline);
    const measuredS = (performance.now() - measuredStart) / 1000;
    rec.counting = false;
    const rssEnd = { api: treeRss(api.apiPid), worker: treeRss(api.workerPid) };
    report(rec, { measuredS, sentMeasured, rssWarm, rssEnd });
  } finally {
    try {
      streams.closeAll();
    } finally {
      await api.stop();
    }
  }
}

function report(rec, { measuredS, sentMeasured, rssWarm, rssEnd }) {
  const all = [];
  let ok = 0, s4xx = 0, s5xx = 0, errors = 0;
  for (const r of rec.routes.values()) {
    all.push(...r.ms);
    ok += r.ok;
    s4xx += r.s4xx;
    s5xx += r.s5xx;
    errors += r.errors;
  }
  all.sort((a, b) => a - b);
  const done = all.length;
  const ms = (v) => (v === undefined ? '-' : `${v.toFixed(1)} ms`);
  const mb = (b) => (b / 2 ** 20).toFixed(1);
  const lag = rec.sendLag.sort((a, b) => a - b);
  console.log(`\nmeasured ${measuredS.toFixed(0)} s after the warm-up; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (at warm-up end ${rssWarm?.load.toFixed(2)})`);
  console.log(`requests: ${done} answered (${(done / measuredS).toFixed(1)} req/s of ${RATE} planned; ${sentMeasured} operations planned), 2xx/3xx ${ok}, 4xx ${s4xx}, 5xx ${s5xx}, errors and timeouts ${errors}`);
  console.log(`client send lag (planned → sent): p50 ${ms(percentile(lag, 50))}, p99 ${ms(percentile(lag, 99))}`);
  console.log(`latency from the planned send: p50 ${ms(percentile(all, 50))}, p95 ${ms(percentile(all, 95))}, p99 ${ms(percentile(all, 99))}, max ${ms(all.at(-1))}`);
  console.log(`live streams: ${streams.held.length} open at the end, ${streams.received} changes received`);
  if (rssWarm) {
    console.log(`RSS API: ${mb(rssWarm.api)} MiB at warm-up end, ${mb(rssEnd.api)} MiB at the end (${(rssEnd.api - rssWarm.api) / 2 ** 20 >= 0 ? '+' : ''}${mb(rssEnd.api - rssWarm.api)} MB)`);
    console.log(`RSS worker: ${mb(rssWarm.worker)} MiB at warm-up end, ${mb(rssEnd.worker)} MiB at the end (${(rssEnd.worker - rssWarm.worker) / 2 ** 20 >= 0 ? '+' : ''}${mb(rssEnd.worker - rssWarm.worker)} MB)`);
  }
  console.log('\n| Route | requests | 4xx | 5xx | errors | p50 | p95 | p99 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, r] of [...rec.routes].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = r.ms.sort((a, b) => a - b);
    console.log(`| ${name} | ${sorted.length} | ${r.s4xx} | ${r.s5xx} | ${r.errors} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(percentile(sorted, 99))} |`);
  }
  const fives = [...rec.routes].flatMap(([name, r]) => r.samples5xx.map((s) => `  ${name}: ${s}`));
  if (fives.length) console.log(`\n5xx answers and errors (the first of each route):\n${fives.join('\n')}`);
  // A refusal is not a failure (a row whose state changed since the list showed it), but it is shown.
  const fours = [...rec.routes].flatMap(([name, r]) => r.samples4xx.map((s) => `  ${name}: ${s}`));
  if (fours.length) console.log(`\n4xx answers (the first of each route):\n${fours.join('\n')}`);
  if (s5xx || errors) process.exitCode = 1;
  // CI's short run holds the memory to a bound: a leak of a request's worth grows past it within seconds.
  if (MAX_GROWTH_MB !== null && rssWarm) {
    for (const [name, grown] of [['API', rssEnd.api - rssWarm.api], ['worker', rssEnd.worker - rssWarm.worker]]) {
      if (grown / 2 ** 20 > MAX_GROWTH_MB) {
        console.log(`${name} memory grew by ${mb(grown)} MB, over the bound of ${MAX_GROWTH_MB} MB`);
        process.exitCode = 1;
      }
    }
  }
}

// Imported by the faults run (faults.mjs) for its users and mix; run, it is the load run.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
