// The request-path floor: a bare `node:http` + `pg` cluster (node:cluster, one process per CPU by default)
// that answers three routes of the API with the API's own work and nothing else, so the API's req/s can
// be read as a share of it (request-path.mjs). Per request it does what the API's guard and handler do:
// verify the access token (jsonwebtoken, HS256 on JWT_SECRET), run the API's session statement (live
// family, active user, group and perms; the once-a-minute activity mark), then the route's statement,
// and answers the API's JSON body:
//
//   GET /api/v2/users/current-user/
//   GET /api/v2/logs/[?page_size=N]             (the first page only)
//   GET /api/v2/notifications/[?page_size=N]    (the first page only)
//
// The statements are the API's: taken at start from its built repositories and list declarations
// (apps/api/dist, run against a recording stub), never written here. The token check needs no Redis.
//
//   DATABASE_URL, JWT_SECRET, PORT (default 3991), PUBLIC_URL (the API's, for the page links; default
//   http://localhost:$PORT), FLOOR_PROCESSES (default: one per CPU). Needs `pnpm run build`.
//   The primary prints `floor listening on <port> (<n> processes)` once every process listens.
import cluster from 'node:cluster';
import { createCipheriv, createHash, createSecretKey, hkdfSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../lib/toolchain.mjs';

const requireFromApi = createRequire(join(ROOT, 'apps/api/package.json'));
const requireFromRoot = createRequire(join(ROOT, 'package.json'));

/** Reads the settings; throws on a missing one (the primary checks before it forks). */
export function floorSettings(env = process.env) {
  for (const name of ['DATABASE_URL', 'JWT_SECRET']) if (!env[name]) throw new Error(`floor-server: ${name} is required`);
  const port = Number(env.PORT ?? 3991);
  const processes = Number(env.FLOOR_PROCESSES ?? availableParallelism());
  if (!Number.isInteger(processes) || processes < 1) throw new Error(`floor-server: FLOOR_PROCESSES must be a whole number ≥ 1, not ${env.FLOOR_PROCESSES}`);
  return {
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    processes,
  };
}

/** Runs one recording of an API method on a stub `db`: the statements it sends and their parameters. */
async function recorded(call, answers = () => []) {
  const statements = [];
  const db = {
    query: async (sql, params = []) => {
      statements.push({ sql, params });
      return answers(sql, statements.length - 1);
    },
  };
  await call(db);
  return statements;
}

/** The API's statements, taken from its build (see the head of the file). */
async function apiStatements(jwtSecret) {
  const { SessionsRepository } = requireFromApi(join(ROOT, 'apps/api/dist/auth/sessions.repository.js'));
  const listQuery = requireFromApi(join(ROOT, 'apps/api/dist/common/list-query/list-query.js'));
  const { LOG_LIST } = requireFromApi(join(ROOT, 'apps/api/dist/logs/logs.list.js'));
  const { NOTIFICATION_LIST } = requireFromApi(join(ROOT, 'apps/api/dist/notifications/notifications.list.js'));
  listQuery.setCursorSecret(jwtSecret);
  const sessions = new SessionsRepository();
  const [session] = await recorded((db) => sessions.sessionOf(db, '00000000-0000-0000-0000-000000000000', 1));
  const [touch] = await recorded((db) => sessions.touch(db, '00000000-0000-0000-0000-000000000000'));

  /** A list's first page of `pageSize` rows: its statement, and the estimate it falls back to past the count's cap. */
  const pages = new Map();
  const firstPage = async (list, pageSize) => {
    const key = `${list.name}:${pageSize}`;
    if (!pages.has(key)) {
      const query = { page_size: pageSize };
      const [page] = await recorded((db) => listQuery.queryListPage(db, list, query));
      // An unfiltered first page binds the count's cap, then the page's LIMIT (one row past the page).
      const [countCap, limit] = page.params;
      if (list.count.kind !== 'capped' || page.params.length !== 2 || limit !== pageSize + 1 || !(countCap > pageSize)) {
        throw new Error(`floor-server: ${list.name}'s first page is not the capped statement this server follows: ${page.sql} ${JSON.stringify(page.params)}`);
      }
      // A full page whose count reached its cap: the API then asks the planner (its second statement).
      const full = (sql, i) =>
        i > 0 ? [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': 0 } }] }] : Array.from({ length: limit }, () => ({ list_cursor_0: '1', list_count: String(countCap) }));
      const [, estimate] = await recorded((db) => listQuery.queryListPage(db, list, query), full);
      pages.set(key, {
        list,
        pageSize,
        sql: page.sql,
        params: page.params,
        countCap,
        estimate,
        // The cursor columns the page statement adds after the list's own (one per ORDER BY term).
        cursorColumns: [...page.sql.matchAll(/ AS (list_cursor_\d+)/g)].map((m) => m[1]),
        orderSignature: createHash('sha256').update(listQuery.orderOf(list, undefined)).digest('base64url').slice(0, 8),
      });
    }
    return pages.get(key);
  };
  return { session, touch, firstPage, lists: { logs: LOG_LIST, notifications: NOTIFICATION_LIST } };
}

/**
 * The claims the API accepts (session.service.ts, accessClaimsOf): an access token naming a family by
 * UUID and a user by a whole-number id written as the API writes it.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function accessClaimsOf(payload, C) {
  if (payload === null || typeof payload !== 'object') return null;
  const { sub, fam, typ } = payload;
  if (typ !== 'access' || typeof sub !== 'string' || typeof fam !== 'string' || !UUID.test(fam)) return null;
  const userId = C.parseWholeNumber(sub, C.INPUT_LIMITS.idMax);
  if (userId === null || String(userId) !== sub) return null;
  return { fam, userId };
}

/** Seals a next link's cursor as the API's list query does (AES-256-GCM under a key derived from JWT_SECRET). */
function cursorSealer(jwtSecret) {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, '', 'list-cursor', 32));
  return (cursor) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(cursor), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
  };
}

class HttpError extends Error {
  constructor(status, body) {
    super(body.detail);
    this.status = status;
    this.body = body;
  }
}

/** One process's server: answers the three routes; resolves once it listens. */
export async function startFloorProcess(settings) {
  const C = requireFromApi('@console/contracts');
  const jwt = requireFromApi('jsonwebtoken');
  const pg = requireFromRoot('pg');
  const statements = await apiStatements(settings.jwtSecret);
  const signingKey = createSecretKey(Buffer.from(settings.jwtSecret));
  const seal = cursorSealer(settings.jwtSecret);
  // The API's pool: ten connections a process, JIT off (data-source.ts).
  const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 10, idleTimeoutMillis: 30_000, application_name: 'console-floor', options: '-c jit=off' });
  pool.on('error', () => {});

  const tokenNotValid = (detail = C.OWN_MESSAGES.tokenNotValid) => new HttpError(401, { code: C.ERROR_CODES.tokenNotValid, detail });

  async function principalOf(req) {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!match) throw tokenNotValid(C.OWN_MESSAGES.credentialsMissing);
    let payload;
    try {
      payload = jwt.verify(match[1], signingKey, { algorithms: ['HS256'] });
    } catch {
      throw tokenNotValid();
    }
    const claims = accessClaimsOf(payload, C);
    if (!claims) throw tokenNotValid();
    const { rows } = await pool.query(statements.session.sql, [claims.fam, claims.userId]);
    const row = rows[0];
    if (!row) throw tokenNotValid();
    if (row.activity_stale) await pool.query(statements.touch.sql, [claims.fam]);
    return {
      userId: row.id,
      email: row.email,
      familyId: claims.fam,
      secondFactorPassed: row.second_factor_passed,
      groupId: row.group_id,
      groupName: row.group_name,
      perms: C.completePerms({ perms: row.perms ?? [] }),
    };
  }

  function passedSecondFactor(principal) {
    if (!principal.secondFactorPassed) throw new HttpError(403, { detail: C.OWN_MESSAGES.secondFactorRequired, code: C.ERROR_CODES.secondFactorRequired });
  }

  /** The first page of a list as the API answers it: {count, next, previous, results}. */
  async function listPage(req, url, section, project) {
    const principal = await principalOf(req);
    passedSecondFactor(principal);
    const perm = C.permOf(principal, section);
    if (perm.status === 'NP') throw new HttpError(403, { detail: C.OWN_MESSAGES.forbidden });
    const list = statements.lists[section];
    const pageSize = pageSizeOf(url, list.defaultPageSize);
    const page = await statements.firstPage(list, pageSize);
    const { rows } = await pool.query(page.sql, page.params);
    const hasMore = rows.length > pageSize;
    const pageRows = rows.slice(0, pageSize);
    const counted = rows.length ? Number(rows[0].list_count) : 0;
    const last = pageRows.at(-1);
    const cursorValues = last ? page.cursorColumns.map((c) => last[c]) : [];
    const results = pageRows.map((row) => {
      delete row.list_count;
      for (const c of page.cursorColumns) delete row[c];
      return project && perm.status === 'Limited' ? C.projectRow(perm, row) : row;
    });
    let count = results.length;
    const estimated = hasMore && counted >= page.countCap;
    if (hasMore) count = estimated ? await estimate(page, page.countCap) : counted;
    // The API's link carries the planner's estimate (`n`) when the page answered one.
    const sealed = { d: 'after', o: page.orderSignature, v: cursorValues, ...(estimated ? { n: count } : {}) };
    const cursor = hasMore && cursorValues.every((v) => v !== null && v !== undefined) ? seal(sealed) : undefined;
    return { count, next: hasMore ? pageLink(url, 2, cursor) : null, previous: null, results };
  }

  async function estimate(page, known) {
    const { rows } = await pool.query(page.estimate.sql, page.estimate.params);
    return Math.max(known, Math.round(rows[0]['QUERY PLAN'][0].Plan['Plan Rows']));
  }

  /** The API's page link (pagination.ts): this request's path and query on PUBLIC_URL, `page` and `cursor` set. */
  function pageLink(url, page, cursor) {
    const base = new URL(settings.publicUrl);
    base.pathname = base.pathname.replace(/\/+$/, '') + url.pathname;
    for (const [key, value] of url.searchParams) base.searchParams.append(key, value);
    base.searchParams.set('page', String(page));
    if (cursor) base.searchParams.set('cursor', cursor);
    else base.searchParams.delete('cursor');
    return base.toString();
  }

  function pageSizeOf(url, fallback) {
    for (const key of url.searchParams.keys()) if (key !== 'page_size') throw new HttpError(404, { detail: `the floor serves first pages only (no ${key})` });
    const text = url.searchParams.get('page_size');
    if (text === null) return fallback;
    const size = C.parseWholeNumber(text, C.MAX_PAGE_SIZE);
    if (size === null || size < 1) throw new HttpError(400, { page_size: [`page_size must be 1 to ${C.MAX_PAGE_SIZE}`] });
    return size;
  }

  const routes = {
    [`${C.API_PREFIX}${C.API_PATHS.currentUser}`]: async (req) => {
      const principal = await principalOf(req);
      // AuthService.currentUser: the shape of CurrentUser.
      return {
        id: principal.userId,
        email: principal.email,
        is_active: true,
        group: principal.groupId === null ? null : { id: principal.groupId, name: principal.groupName ?? '', perms: principal.perms },
      };
    },
    // Logs project their rows at Limited (`project: true` on the route); notifications do not.
    [`${C.API_PREFIX}${C.API_PATHS.logs}`]: (req, url) => listPage(req, url, 'logs', true),
    [`${C.API_PREFIX}${C.API_PATHS.notifications}`]: (req, url) => listPage(req, url, 'notifications', false),
  };

  const server = createServer(async (req, res) => {
    let status = 200;
    let body;
    try {
      const url = new URL(req.url ?? '/', 'http://request.invalid');
      const route = req.method === 'GET' ? routes[url.pathname] : undefined;
      if (!route) throw new HttpError(404, { detail: 'Not found.' });
      body = await route(req, url);
    } catch (error) {
      if (error instanceof HttpError) {
        status = error.status;
        body = error.body;
      } else {
        status = 500;
        body = { detail: 'A server error occurred.' };
        console.error(error);
      }
    }
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, resolve);
  });
  return {
    server,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

/** The primary: forks the processes, reports when all listen, stops them on SIGTERM or SIGINT. */
function runPrimary(settings) {
  let listening = 0;
  let stopping = false;
  cluster.on('listening', () => {
    if (++listening === settings.processes) console.log(`floor listening on ${settings.port} (${settings.processes} processes)`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping) {
      console.error(`floor process ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); stopping the floor`);
      stop(1);
    } else if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
  });
  function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    const workers = Object.values(cluster.workers ?? {});
    if (!workers.length) process.exit(code);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  }
  process.on('SIGTERM', () => stop());
  process.on('SIGINT', () => stop());
  for (let i = 0; i < settings.processes; i++) cluster.fork();
}

async function runProcess(settings) {
  const floor = await startFloorProcess(settings);
  const stop = () => floor.close().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let settings;
  try {
    settings = floorSettings();
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  if (cluster.isPrimary) runPrimary(settings);
  else
    runProcess(settings).catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
