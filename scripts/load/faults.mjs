// Faults under load: the product as `npm start` runs it (the API cluster, the worker and the paper
// engine, each under the start command's supervision) on a fresh demo database, the load run's open-loop
// mix at a modest rate plus exchange accounts added and deleted (each a notification and a Telegram
// message to a local stand-in of Telegram), and, while it runs, one fault at a time: kill -9 of one API
// process (the cluster's primary forks another), of the worker and of the engine (the supervisor starts
// them again), then every PostgreSQL connection of the product's database cut at once.
//
// What the clients saw: failures per kind and per fault, how long each outage lasted (the planned send
// of its first failing request to that of its last), and requests never answered (an engine action is
// sent again with the same Idempotency-Key on no answer or a 502-504, 1 s and 2 s later, as the SPA
// does). Then, once the queues settle, what the database holds: every engine command done once (one command per Idempotency-Key, every retry answered with it; at most one successful
// close or cancel per target; no target left in a pending action_state without a pending command), no
// export stuck (all SUCCESS or FAILURE within the settle bound), every notification of an added or
// deleted account written, and no Telegram message sent twice or left unsent. Prints a summary table;
// exits non-zero if anything was lost, duplicated or stuck.
//
//   node scripts/load/faults.mjs        (needs `pnpm run build`, PostgreSQL on 127.0.0.1:5432 and Redis)
//   FAULTS_RATE=40 (requests/s), FAULTS_DURATION_S=160 (faults at 1/5, 2/5, 3/5 and 4/5 of it),
//   FAULTS_SETTLE_S=120 (the bound for the queues to settle afterwards), FAULTS_HISTORY_DAYS=10 (the demo's
//   history, for open positions at the start), FAULTS_PORT=3993, FAULTS_KEEP_DB=1 keeps the database and the export files.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cli, engineHistory, migrate, startApiAndWorker } from '../lib/app.mjs';
import { dropDatabase, ensureDatabase, findOrStartRedis, withDatabase } from '../lib/services.mjs';
import { ROOT } from '../lib/toolchain.mjs';
import { ADMIN_URL, withClient } from '../bench/bench-db.mjs';
import { scriptAppEnv } from '../bench/http.mjs';
import { client, harvest, keep, learnRefusals, makeUsers, operations, pools, Recorder, rowsOf, send, signIn, streams } from './load.mjs';

const requireFromApi = createRequire(join(ROOT, 'apps/api/package.json'));
const C = requireFromApi('@console/contracts');

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const RATE = env('FAULTS_RATE', 40);
const DURATION_S = env('FAULTS_DURATION_S', 160);
const SETTLE_S = env('FAULTS_SETTLE_S', 120);
const HISTORY_DAYS = env('FAULTS_HISTORY_DAYS', 10);
const PORT = env('FAULTS_PORT', 3993);
const DATABASE = `console_faults_${randomBytes(4).toString('hex')}`;
const API = '/api/v2';
const TG_TOKEN = '123456789:AAFaultsRunToken-abcdefghijWXYZ';
/** The SPA's retries of a command mutation (TanStack Query's, twice). */
const CLIENT_RETRIES = 2;

// ---------------------------------------------------------------------------------------------------
// A local stand-in for Telegram: records each sendMessage.

async function startFakeTelegram() {
  const received = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (!/^\/bot.+\/sendMessage$/.test(req.url ?? '')) {
        res.statusCode = 404;
        return void res.end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
      }
      received.push(JSON.parse(body).text);
      res.end(JSON.stringify({ ok: true, result: { message_id: received.length } }));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, received, close: () => new Promise((r) => server.close(r)) };
}

// ---------------------------------------------------------------------------------------------------
// What the clients saw

/** The load's recorder, also keeping every failure (no answer, 5xx) with its time and kind, and each answer of a keyed action. */
class FaultRecorder extends Recorder {
  constructor() {
    super();
    this.failures = [];
    this.sent = 0;
    this.lost = [];
    /** Idempotency-Key → the command ids its answers carried. */
    this.keyed = new Map();
  }

  record(name, status, ms, detail, extra = {}) {
    super.record(name, status, ms, detail);
    if (!this.counting) return;
    const end = performance.now();
    this.sent++;
    if (status === 0 || status >= 500) this.failures.push({ name, planned: end - ms, end, kind: failureKind(status, detail), retried: !!extra.retried });
    if (status === 0 && !extra.retried) this.lost.push({ name, end, detail, action: !!extra.idempotencyKey });
    if (extra.idempotencyKey && status === 202 && extra.body?.id !== undefined) {
      const ids = this.keyed.get(extra.idempotencyKey) ?? new Set();
      ids.add(String(extra.body.id));
      this.keyed.set(extra.idempotencyKey, ids);
    }
  }
}

function failureKind(status, detail = '') {
  if (status >= 500) return `HTTP ${status}`;
  if (/timeout|aborted/i.test(detail)) return 'timeout';
  if (/ECONNREFUSED/.test(detail)) return 'connection refused';
  if (/ECONNRESET|socket hang up|other side closed|terminated/i.test(detail)) return 'connection reset';
  return 'no answer (other)';
}

// ---------------------------------------------------------------------------------------------------
// The faults

/** The pids of a process's children (the cluster primary's HTTP processes). */
function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function faultPlan(app) {
  return [
    {
      name: 'kill -9 one API process',
      inject: async () => {
        const victims = childrenOf(app.api.current.pid);
        if (!victims.length) throw new Error('the API cluster has no HTTP process to kill');
        process.kill(victims[0], 'SIGKILL');
        return `pid ${victims[0]} (of ${victims.length}; the primary forks another)`;
      },
    },
    {
      name: 'kill -9 the worker',
      inject: async () => {
        const pid = app.worker.current.pid;
        process.kill(pid, 'SIGKILL');
        return `pid ${pid} (the supervisor starts it again)`;
      },
    },
    {
      name: 'kill -9 the engine',
      inject: async () => {
        const pid = app.engine.current.pid;
        process.kill(pid, 'SIGKILL');
        return `pid ${pid} (the supervisor starts it again)`;
      },
    },
    {
      name: 'cut every PostgreSQL connection',
      // Only the connections to this run's own database: other databases of the server are left alone.
      inject: () =>
        withClient(ADMIN_URL, async (admin) => {
          const { rows } = await admin.query(
            `SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()) cut`,
            [DATABASE],
          );
          return `${rows[0].n} connections of ${DATABASE} terminated`;
        }),
    },
  ];
}

// ---------------------------------------------------------------------------------------------------
// The run

/** A fresh database as `npm start -- --demo` leaves it, with a short history so positions are open at the start. */
function prepareDatabase(appEnv) {
  migrate(appEnv);
  cli(appEnv, ['seed-demo']);
  engineHistory({ ...appEnv, DEMO_HISTORY_DAYS: String(HISTORY_DAYS) });
}

/** Exchange accounts added and deleted by the administrator: each a notification and a Telegram message. */
function accountOperations(rec, baseUrl, admin, accounts) {
  let n = 0;
  return [
    [2, async (at) => {
      const title = `Faults desk ${Date.now().toString(36)}-${++n}`;
      const { status, body } = await send(rec, baseUrl, 'POST exchange account', at, {
        method: 'POST',
        path: C.API_PATHS.exchangeAccounts,
        token: admin.token,
        body: { title, api_key: `key-${n}`, api_secret: `secret-${n}`, leverage: 1 },
      });
      accounts.created.push({ title, status, id: body?.id });
    }],
    [1, async (at) => {
      const index = accounts.created.findIndex((a) => a.status === 201 && !a.deleting);
      if (index < 0) return;
      const account = accounts.created[index];
      account.deleting = true;
      const { status } = await send(rec, baseUrl, 'DELETE exchange account', at, { method: 'DELETE', path: C.API_PATHS.exchangeAccount(account.id), token: admin.token });
      account.deleteStatus = status;
    }],
  ];
}

async function main() {
  if (await fetch(`http://127.0.0.1:${PORT}${API}/health/`).then(() => true, () => false)) throw new Error(`port ${PORT} is taken (FAULTS_PORT)`);
  const loadBefore = loadavg();
  const telegram = await startFakeTelegram();
  const redis = await findOrStartRedis();
  await ensureDatabase(ADMIN_URL, DATABASE);
  const databaseUrl = withDatabase(ADMIN_URL, DATABASE);
  const appEnv = {
    ...scriptAppEnv({ databaseUrl, redisUrl: redis.url, port: PORT, prefix: 'faults', logLevel: 'warn', exportDir: join(tmpdir(), `${DATABASE}-exports`) }),
    TELEGRAM_API_BASE_URL: telegram.url,
    // No metrics ports: other runs may hold the defaults.
    METRICS_PORT: '0',
    WORKER_METRICS_PORT: '0',
    ENGINE_METRICS_PORT: '0',
    // The sweepers' bounds shortened, so what a fault leaves behind is picked up within the settle bound.
    EXPORT_STALE_AFTER_MS: '20000',
    EXPORT_SWEEP_MS: '5000',
    EXPORT_REQUEUE_AFTER_MS: '5000',
    TELEGRAM_SWEEP_MS: '5000',
    TELEGRAM_REQUEUE_AFTER_MS: '10000',
    SCHEDULE_CHECK_MS: '5000',
  };
  console.log(`faults: database ${DATABASE}, ${HISTORY_DAYS} days of demo history; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`);
  prepareDatabase(appEnv);
  const email = 'faults-admin@example.com';
  const password = `Faults!${randomBytes(6).toString('hex')}`;
  cli(appEnv, ['create-admin', '--email', email, '--password', password]);
  const app = await startApiAndWorker(appEnv, { quiet: !process.env.FAULTS_LOGS });
  const baseUrl = `http://127.0.0.1:${PORT}${API}`;
  const rec = new FaultRecorder();
  const accounts = { created: [] };
  const timeline = [];
  let verdict;
  try {
    const admin = await signIn(baseUrl, email, password);
    const auth = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };
    const tg = await fetch(`${baseUrl}${C.API_PATHS.tgBotSettings}`, { method: 'POST', headers: auth, body: JSON.stringify({ token: TG_TOKEN, chat_id: '-100200300' }) });
    if (tg.status !== 201) throw new Error(`Telegram settings: ${tg.status} ${await tg.text()}`);
    const users = { admin: [admin], ...(await makeUsers(baseUrl, admin.token, Date.now().toString(36))) };
    harvest('strategy profiles', await (await fetch(`${baseUrl}${C.API_PATHS.strategyProfiles}?page_size=100`, { headers: auth })).json());
    harvest('positions', await (await fetch(`${baseUrl}${C.API_PATHS.positions}?page_size=100`, { headers: auth })).json());
    harvest('signals', await (await fetch(`${baseUrl}${C.API_PATHS.signals}?page_size=100&status=active`, { headers: auth })).json());
    keep(pools.mmProfiles, rowsOf(await (await fetch(`${baseUrl}${C.API_PATHS.mmProfiles}`, { headers: auth })).json()).map((r) => r.id));
    await learnRefusals(baseUrl, users);
    const everyone = Object.values(users).flat();
    for (let i = 0; i < 5; i++) await streams.open(rec, baseUrl, everyone[i % everyone.length], performance.now());
    console.log(`start: ${pools.openPositions.length} open positions, ${pools.activeSignals.length} active signals, ${pools.profiles.length} strategy profiles`);

    client.retries = CLIENT_RETRIES;
    const ops = [...operations(rec, baseUrl, users), ...accountOperations(rec, baseUrl, admin, accounts)];
    const totalWeight = ops.reduce((n, [w]) => n + w, 0);
    const choose = () => {
      let r = Math.random() * totalWeight;
      for (const [w, op] of ops) if ((r -= w) < 0) return op;
      return ops[0][1];
    };
    const faults = faultPlan(app);
    const interval = 1000 / RATE;
    const start = performance.now();
    const end = start + DURATION_S * 1000;
    const faultAt = faults.map((_, i) => start + ((i + 1) * DURATION_S * 1000) / (faults.length + 1));
    const inFlight = new Set();
    rec.counting = true;
    console.log(`load: ${RATE} req/s for ${DURATION_S} s; faults at ${faultAt.map((t) => `${((t - start) / 1000).toFixed(0)} s`).join(', ')}`);
    let nextFault = 0;
    for (let i = 0; ; i++) {
      const at = start + i * interval;
      if (at >= end) break;
      const wait = at - performance.now();
      if (wait > 1) await sleep(wait);
      if (nextFault < faults.length && at >= faultAt[nextFault]) {
        const fault = faults[nextFault++];
        const t = performance.now();
        const what = await fault.inject().catch((error) => `FAILED: ${error.message}`);
        timeline.push({ name: fault.name, at: t, what });
        console.log(`${((t - start) / 1000).toFixed(1)} s: ${fault.name}: ${what}`);
      }
      const p = choose()(at).catch((error) => rec.record('client error', 0, performance.now() - at, String(error)));
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    await Promise.all(inFlight);
    rec.counting = false;
    streams.closeAll();
    const settled = await settle(databaseUrl, telegram);
    verdict = await report(rec, { timeline, start, databaseUrl, telegram, accounts, settled, loadBefore });
  } finally {
    streams.closeAll();
    await app.stop();
    await redis.stop();
    await telegram.close();
    if (!process.env.FAULTS_KEEP_DB) {
      await dropDatabase(ADMIN_URL, DATABASE).catch(() => {});
      rmSync(appEnv.EXPORT_DIR, { recursive: true, force: true });
    }
  }
  process.exitCode = verdict ? 0 : 1;
}

// ---------------------------------------------------------------------------------------------------
// Afterwards: the database

/** Waits until no command, export or Telegram message is under way, up to FAULTS_SETTLE_S; answers the seconds it took, or null. */
async function settle(databaseUrl) {
  const t0 = performance.now();
  const deadline = t0 + SETTLE_S * 1000;
  while (performance.now() < deadline) {
    const busy = await withClient(databaseUrl, async (db) => {
      const { rows } = await db.query(`
        SELECT (SELECT count(*) FROM engine_commands WHERE status = 'pending' AND kind NOT IN ('close_limit', 'close_best_limit'))::int AS commands,
               (SELECT count(*) FROM export_tasks WHERE status NOT IN ('SUCCESS', 'FAILURE'))::int AS exports,
               (SELECT count(*) FROM telegram_outbox WHERE status = 'pending')::int AS messages`);
      return rows[0];
    }).catch(() => ({ unreachable: 1 }));
    if (Object.values(busy).every((n) => n === 0)) return (performance.now() - t0) / 1000;
    await sleep(1000);
  }
  return null;
}

async function databaseChecks(databaseUrl, rec, telegram, accounts) {
  return withClient(databaseUrl, async (db) => {
    const q = async (sql, params) => (await db.query(sql, params)).rows;
    const checks = [];
    const add = (name, bad, detail) => checks.push({ name, bad, detail });

    // Engine commands: one row per client key, and every answer to that key named it.
    const keys = [...rec.keyed.keys()];
    const byKey = await q(`SELECT substring(idempotency_key from ':[^:]*:(.*)$') AS key, array_agg(id::text) AS ids FROM engine_commands WHERE idempotency_key LIKE 'user:%' GROUP BY 1`);
    const rowsOfKey = new Map(byKey.map((r) => [r.key, r.ids]));
    // A key without a row of its own was answered with the same pending command another request wrote
    // (the same action on the same target while it runs): by design, and that command must exist.
    const commandIds = new Set((await q(`SELECT id::text FROM engine_commands`)).map((r) => r.id));
    const keyProblems = keys.filter((k) => {
      const answered = [...rec.keyed.get(k)];
      const rows = rowsOfKey.get(k) ?? [];
      return answered.length !== 1 || rows.length > 1 || (rows.length === 1 ? rows[0] !== answered[0] : !commandIds.has(answered[0]));
    });
    const shared = keys.filter((k) => !rowsOfKey.has(k)).length;
    add(
      'engine commands: one per Idempotency-Key, every answer naming it',
      keyProblems.length,
      `${keys.length} keys answered 202 (${shared} with another request's pending command)${keyProblems.length ? `; ${keyProblems.slice(0, 3).map((k) => `key ${k}: answered ${[...rec.keyed.get(k)].join('/')}, rows ${(rowsOfKey.get(k) ?? []).join('/') || 'none'}`).join('; ')}` : ''}`,
    );
    const twice = await q(`
      SELECT kind, target_id, count(*)::int AS n FROM engine_commands
       WHERE status = 'succeeded' AND kind IN ('close_market', 'close_limit', 'close_best_limit', 'cancel_signal', 'cancel_order')
       GROUP BY kind, target_id HAVING count(*) > 1`);
    add('engine commands: at most one successful close or cancel per target', twice.length, twice.length ? JSON.stringify(twice.slice(0, 5)) : 'none twice');
    const commands = await q(
      `SELECT status, count(*)::int AS n, max(extract(epoch FROM completed_at - created_at))::float8 AS slowest FROM engine_commands GROUP BY status ORDER BY status`,
    );
    const pendingCommands = commands.find((c) => c.status === 'pending')?.n ?? 0;
    add(
      'engine commands: none pending after the settle',
      pendingCommands,
      commands.map((c) => `${c.status} ${c.n}${c.slowest === null ? '' : ` (slowest ${c.slowest.toFixed(1)} s)`}`).join(', ') || 'none',
    );
    // Every target of the load is a row the paper engine made: "does not trade this row" is a wrong refusal.
    const failedBy = await q(`SELECT error, count(*)::int AS n FROM engine_commands WHERE status = 'failed' GROUP BY error ORDER BY n DESC`);
    const wrongRefusals = failedBy.find((f) => f.error === C.ENGINE_MESSAGES.targetUnknown)?.n ?? 0;
    add('engine commands: none refused as a row the engine does not trade', wrongRefusals, failedBy.map((f) => `${f.n}× ${f.error}`).join('; ') || 'none failed');
    // Targets showing a command under way that no pending command carries.
    const stuck = await q(`
      SELECT t, id FROM (
        SELECT 'position' AS t, id FROM positions WHERE action_state IN ('CLOSING', 'CHANGING')
        UNION ALL SELECT 'signal', id FROM signals WHERE action_state = 'CANCELLING'
        UNION ALL SELECT 'order', id FROM orders WHERE action_state = 'CANCELLING'
        UNION ALL SELECT 'strategy_profile', id FROM strategy_profiles WHERE action_state = 'CHANGING' OR status = 'stopping'
      ) x WHERE NOT EXISTS (SELECT 1 FROM engine_commands c WHERE c.status = 'pending' AND c.target_type = x.t AND c.target_id = x.id)`);
    add('targets: no action_state left pending without its command', stuck.length, stuck.length ? JSON.stringify(stuck.slice(0, 5)) : 'none');

    // Exports.
    const exports = await q(`SELECT status, count(*)::int AS n, max(extract(epoch FROM coalesce(finished_at, now()) - created_at))::float8 AS slowest FROM export_tasks GROUP BY status ORDER BY status`);
    const unfinished = exports.filter((e) => !['SUCCESS', 'FAILURE'].includes(e.status)).reduce((n, e) => n + e.n, 0);
    add('exports: all finished or failed within the settle bound', unfinished, exports.map((e) => `${e.status} ${e.n} (slowest ${e.slowest?.toFixed(0)} s)`).join(', ') || 'none');
    const failedExports = exports.find((e) => e.status === 'FAILURE')?.n ?? 0;
    add('exports: none failed', failedExports, `${failedExports} FAILURE`);

    // Notifications of the accounts added and deleted, and their Telegram messages.
    const notices = new Set((await q(`SELECT text_body FROM notifications`)).map((r) => r.text_body));
    const inDb = new Set((await q(`SELECT log_data->'after'->>'title' AS title FROM logs WHERE event_type = 'exchange_account_created'`)).map((r) => r.title));
    const deletedInDb = new Set((await q(`SELECT log_data->'before'->>'title' AS title FROM logs WHERE event_type = 'exchange_account_deleted'`)).map((r) => r.title));
    const missingAdded = accounts.created.filter((a) => inDb.has(a.title) && ![...notices].some((t) => t.startsWith(`“${a.title}” was added`)));
    const missingDeleted = accounts.created.filter((a) => deletedInDb.has(a.title) && ![...notices].some((t) => t.startsWith(`“${a.title}” was deleted`)));
    add(
      'notifications: every account added or deleted announced',
      missingAdded.length + missingDeleted.length,
      `${inDb.size} added, ${deletedInDb.size} deleted; unannounced: ${[...missingAdded, ...missingDeleted].map((a) => a.title).join(', ') || 'none'}`,
    );
    const answeredButAbsent = accounts.created.filter((a) => a.status === 201 && !inDb.has(a.title));
    add('accounts: every 201 has its row', answeredButAbsent.length, `${answeredButAbsent.length} answered 201 without a row`);
    const outbox = await q(`SELECT id::text, status, text, last_error, extract(epoch FROM sent_at - created_at)::float8 AS took FROM telegram_outbox`);
    const slowestSend = Math.max(0, ...outbox.map((r) => r.took ?? 0));
    const receivedCount = new Map();
    for (const text of telegram.received) receivedCount.set(text, (receivedCount.get(text) ?? 0) + 1);
    const sentTwice = [...receivedCount].filter(([, n]) => n > 1);
    add('Telegram: no message received twice', sentTwice.length, sentTwice.length ? sentTwice.slice(0, 3).map(([t, n]) => `${n}× ${t.slice(0, 60)}`).join('; ') : `${telegram.received.length} received`);
    const unsent = outbox.filter((r) => r.status !== 'sent' && !receivedCount.has(r.text));
    const byStatus = Object.entries(Object.groupBy(outbox, (r) => r.status)).map(([s, rows]) => `${s} ${rows.length}`).join(', ');
    add('Telegram: every outbox row sent', unsent.length, `${byStatus} (slowest ${slowestSend.toFixed(1)} s)${unsent.length ? `; unsent: ${unsent.slice(0, 3).map((r) => `${r.status} (${r.last_error})`).join('; ')}` : ''}`);
    const notSentButReceived = outbox.filter((r) => r.status !== 'sent' && receivedCount.has(r.text));
    if (notSentButReceived.length) add('Telegram: rows marked unsent that did go out (interrupted sends)', 0, `${notSentButReceived.length}: ${notSentButReceived.map((r) => r.last_error).join('; ').slice(0, 200)}`);
    return checks;
  });
}

async function report(rec, { timeline, start, databaseUrl, telegram, accounts, settled, loadBefore }) {
  const s = (t) => `${((t - start) / 1000).toFixed(1)} s`;
  console.log(`\nload average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg().map((l) => l.toFixed(2)).join(' ')} (figures measured under that load)`);
  console.log(`requests sent ${rec.sent}; failures (no answer or 5xx) ${rec.failures.length}; lost (never answered, after retries) ${rec.lost.length}`);
  console.log(`queues settled ${settled === null ? `NOT within ${SETTLE_S} s` : `${settled.toFixed(0)} s after the load`}`);

  console.log('\n| Fault | at | failing requests | kinds | outage (first to last failing send) | lost |');
  console.log('|---|---:|---:|---|---:|---:|');
  const windows = [{ name: 'before any fault', at: start }, ...timeline];
  for (let i = 0; i < windows.length; i++) {
    const from = windows[i].at;
    const to = windows[i + 1]?.at ?? Infinity;
    // A failure belongs to the last fault before its send, or before its answer when that came within a
    // second (a request in flight at a kill fails with it; one that hung until the timeout was sent before).
    const failing = rec.failures.filter((f) => {
      const at = f.planned + Math.min(f.end - f.planned, 1000);
      return at >= from && at < to;
    });
    const kinds = Object.entries(Object.groupBy(failing, (f) => f.kind)).map(([k, fs]) => `${k} ${fs.length}`).join(', ') || '-';
    const outage = failing.length ? `${((Math.max(...failing.map((f) => f.planned)) - Math.min(...failing.map((f) => f.planned))) / 1000).toFixed(1)} s` : '-';
    const lost = failing.filter((f) => !f.retried && !f.kind.startsWith('HTTP')).length;
    console.log(`| ${windows[i].name} | ${s(windows[i].at)} | ${failing.length} | ${kinds} | ${outage} | ${lost} |`);
  }
  const routes = [...rec.routes].filter(([, r]) => r.s5xx || r.errors).sort(([a], [b]) => a.localeCompare(b));
  if (routes.length) {
    console.log('\n| Route with failures | requests | 5xx | no answer | first sample |');
    console.log('|---|---:|---:|---:|---|');
    for (const [name, r] of routes) console.log(`| ${name} | ${r.ms.length} | ${r.s5xx} | ${r.errors} | ${(r.samples5xx[0] ?? '').replace(/\|/g, '/').slice(0, 140)} |`);
  }
  const checks = await databaseChecks(databaseUrl, rec, telegram, accounts);
  // A request without a key cut off with the process that served it is not sent again (a screen's next
  // poll or the operator's next click is); what a write did is for the database checks below. An engine
  // command the client gave up on after its retries is lost to the operator.
  const lostActions = rec.lost.filter((l) => l.action);
  checks.unshift({ name: 'engine actions: none unanswered after the retries', bad: lostActions.length, detail: lostActions.slice(0, 3).map((l) => `${l.name}: ${l.detail.slice(0, 100)}`).join('; ') || 'none' });
  const unanswered = rec.lost.filter((l) => !l.action);
  checks.unshift({
    name: 'requests without a key left unanswered (cut off with their process; informative)',
    bad: 0,
    detail: `${unanswered.length} of ${rec.sent} sent${unanswered.length ? `: ${Object.entries(Object.groupBy(unanswered, (l) => l.name)).map(([n, ls]) => `${n} ${ls.length}`).join(', ')}` : ''}`,
  });
  checks.push({ name: 'queues settled within the bound', bad: settled === null ? 1 : 0, detail: settled === null ? `not within ${SETTLE_S} s` : `${settled.toFixed(0)} s` });
  checks.push({ name: 'faults injected', bad: timeline.filter((t) => t.what.startsWith('FAILED')).length, detail: timeline.map((t) => t.what).join('; ') });
  console.log('\n| Check | result | detail |');
  console.log('|---|---|---|');
  for (const c of checks) console.log(`| ${c.name} | ${c.bad ? `FAIL (${c.bad})` : 'ok'} | ${c.detail.replace(/\|/g, '/')} |`);
  return checks.every((c) => !c.bad);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
