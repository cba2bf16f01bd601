/**
 * Runs a list declaration: a page with its count, or every matching row through a server-side cursor. Knows
 * nothing of HTTP: the controller turns a `ListPage` into `{count, next, previous, results}`.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { OWN_MESSAGES } from '@console/contracts';
import { FieldValidationError } from '../errors/api-errors';
import { currentRequestContext } from '../http/request-context';
import { containsPattern } from '../database/like';
import type { FilterDeclaration, ListDeclaration, OrderTerm } from './list-declaration';

type Queryable = Pick<EntityManager, 'query'>;

interface PageRequest {
  page?: number;
  page_size?: number;
  ordering?: string;
  cursor?: string;
}

export interface ListPage<Row> {
  page: number;
  pageSize: number;
  /** Exact, or (capped policy, past the cap) the planner's estimate. */
  count: number;
  rows: Row[];
  /** Whether a row exists past this page: decides `next` even when the count is an estimate. */
  hasMore: boolean;
  /** Where the next and previous links continue from (keyset), when the order allows one. */
  nextCursor?: string;
  previousCursor?: string;
}

interface Sql {
  text: string;
  params: unknown[];
}

/**
 * The WHERE clause of a query: the list's fixed conditions, the group's row scope (access/row-scopes.ts),
 * then each filter present in the query.
 */
export function whereOf<Q extends object>(list: ListDeclaration<Q>, query: Q, scope: readonly string[] = []): Sql {
  const params: unknown[] = [];
  const clauses = [...(list.always ?? []), ...scope];
  for (const [param, filter] of Object.entries(list.filters) as [string, FilterDeclaration][]) {
    const value = (query as Record<string, unknown>)[param];
    if (value === undefined || value === null || value === '') continue;
    const clause = conditionOf(filter, value, params);
    if (clause) clauses.push(clause);
  }
  return { text: clauses.length ? `WHERE ${clauses.map((c) => `(${c})`).join(' AND ')}` : '', params };
}

function conditionOf(filter: FilterDeclaration, value: unknown, params: unknown[]): string | null {
  const placeholder = (v: unknown) => `$${params.push(v)}${filter.cast ? `::${filter.cast}` : ''}`;
  switch (filter.op ?? 'eq') {
    case 'eq':
      return `${filter.column} = ${placeholder(value)}`;
    case 'in':
      return `${filter.column} = ANY(${placeholder(Array.isArray(value) ? value : [value])})`;
    case 'gte':
      return `${filter.column} >= ${placeholder(value)}`;
    case 'lte':
      return `${filter.column} <= ${placeholder(value)}`;
    case 'contains': {
      const text = String(value).trim();
      return text ? `${filter.column} ILIKE ${placeholder(containsPattern(text))}` : null;
    }
    case 'is_true':
      return value === true ? filter.column : null;
    case 'custom':
      if (!filter.condition) throw new Error(`custom filter on ${filter.column} has no condition`);
      return filter.condition(value, placeholder);
  }
}

/** The terms of `?ordering=a,-b` (already checked against the declaration) or the default, the key always last. */
function orderTerms<Q extends object>(list: ListDeclaration<Q>, ordering: string | undefined): OrderTerm[] {
  const terms: OrderTerm[] = ordering?.trim()
    ? ordering.split(',').map((k) => k.trim()).filter(Boolean).map((k) => ({ ...orderingOf(list, k.replace(/^-/, '')), descending: k.startsWith('-') }))
    : [...list.defaultOrder];
  const keyTerm = terms.find((t) => t.column === list.key);
  return keyTerm ? terms.slice(0, terms.indexOf(keyTerm) + 1) : [...terms, { column: list.key, descending: terms.at(-1)?.descending ?? false, notNull: true }];
}

export function orderOf<Q extends object>(list: ListDeclaration<Q>, ordering: string | undefined, reverse = false): string {
  return orderClause(orderTerms(list, ordering), reverse);
}

function orderClause(terms: OrderTerm[], reverse = false): string {
  return `ORDER BY ${terms.map((t) => `${t.column} ${Boolean(t.descending) !== reverse ? 'DESC' : 'ASC'}`).join(', ')}`;
}

function orderingOf(list: ListDeclaration, name: string): Omit<OrderTerm, 'descending'> {
  if (Object.hasOwn(list.orderings, name)) return { column: list.orderings[name].column, notNull: list.orderings[name].notNull };
  if (name === keyName(list)) return { column: list.key, notNull: true };
  throw new Error(`${list.name}: ordering "${name}" is not declared`);
}

/** `logs.id` → `id`: the key may be named in an ordering by its bare column name. */
function keyName(list: ListDeclaration): string {
  return list.key.split('.').pop() ?? list.key;
}

/** The names an `?ordering=a,-b` value asks for, without their direction. */
export function orderingNames(ordering: string): string[] {
  return ordering.split(',').map((k) => k.trim().replace(/^-/, ''));
}

/**
 * A next or previous link's place in the list: the ordering values of the row it continues from (as
 * text), and the ORDER BY it belongs to. Sealed (sealCursor): the values may be of columns a Limited
 * group does not see, so a client can neither read one nor make one up.
 */
interface Cursor {
  /** Which side of the row: the page after it, or the page before it. */
  d: 'after' | 'before';
  /** A short hash of the ORDER BY: a cursor made under another order is ignored. */
  o: string;
  /**
   * A hash of who asked which list with which conditions (the user, the list's name, the WHERE with the
   * group's row scope and the filters' values): a link replayed by another user, on another list or
   * under other filters is refused, so neither its rows' place nor its carried count leaks.
   */
  b: string;
  v: string[];
  /**
   * The list's count as the page that made the link answered it, when that count was the planner's
   * estimate: a page reached by the link answers it again rather than asking the planner once more.
   */
  n?: number;
}

const CURSOR_COLUMN = 'list_cursor_';

/** A capped count still counts while the rows before and on the page stay within this many caps. */
const DEEP_COUNT_FACTOR = 10;
/** The page statement's extra column that carries the count. */
const COUNT_COLUMN = 'list_count';

function orderSignature(terms: OrderTerm[]): string {
  return createHash('sha256').update(orderClause(terms)).digest('base64url').slice(0, 8);
}

/** What a cursor is bound to (Cursor.b): the caller of the request (none outside one), the list, its WHERE. */
function bindingOf<Q extends object>(list: ListDeclaration<Q>, where: Sql): string {
  const userId = currentRequestContext()?.caller.userId ?? null;
  const text = JSON.stringify([userId, list.name, where.text, where.params], (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

let cursorKey: Buffer | null = null;

/**
 * The key that seals cursors, derived from the app's JWT secret: every API process of a deployment
 * derives the same one, so a link made by one is followed by another. Set once when the app is built.
 */
export function setCursorSecret(secret: string): void {
  cursorKey = Buffer.from(hkdfSync('sha256', secret, '', 'list-cursor', 32));
}

function sealingKey(): Buffer {
  if (!cursorKey) throw new Error('List cursors have no key: setCursorSecret was not called');
  return cursorKey;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM: the values are hidden and any change to the text fails its tag. */
function encodeCursor(cursor: Cursor): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(cursor), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

function unsealCursor(text: string): unknown {
  const raw = Buffer.from(text, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) throw new Error('short cursor');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(), raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const plain = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  return JSON.parse(plain.toString('utf8'));
}

function decodeCursor(text: string | undefined, terms: OrderTerm[], binding: string): Cursor | null {
  if (!text) return null;
  let cursor: unknown;
  try {
    cursor = unsealCursor(text);
  } catch {
    throw FieldValidationError.of('cursor', OWN_MESSAGES.invalidCursor);
  }
  const c = cursor as Partial<Cursor> | null;
  const valid =
    typeof c === 'object' &&
    c !== null &&
    (c.d === 'after' || c.d === 'before') &&
    typeof c.o === 'string' &&
    c.b === binding &&
    Array.isArray(c.v) &&
    c.v.every((v) => typeof v === 'string') &&
    (c.n === undefined || (Number.isSafeInteger(c.n) && c.n >= 0));
  if (!valid) throw FieldValidationError.of('cursor', OWN_MESSAGES.invalidCursor);
  // Made under another ordering (the link was edited): the page number alone still answers.
  if (c.o !== orderSignature(terms) || c.v!.length !== terms.length) return null;
  return c as Cursor;
}

/** A cursor for the row, or none when keyset continuation cannot express it (mixed directions, nulls). */
function cursorOf(row: Record<string, unknown> | undefined, terms: OrderTerm[], binding: string, d: Cursor['d'], estimate: number | undefined): string | undefined {
  if (!row || terms.some((t) => Boolean(t.descending) !== Boolean(terms[0].descending))) return undefined;
  const v = terms.map((_, i) => row[`${CURSOR_COLUMN}${i}`]);
  if (v.some((x) => x === null || x === undefined)) return undefined;
  return encodeCursor({ d, o: orderSignature(terms), b: binding, v: v as string[], ...(estimate === undefined ? {} : { n: estimate }) });
}

/**
 * The list's key table when every qualified column in `sql` (`name.column`) belongs to it, else null. A
 * key table is named as `from` names it: `signals`, or with its alias, `positions p`.
 */
function keyTableFor<Q extends object>(list: ListDeclaration<Q>, sql: string): string | null {
  if (!list.keyTable) return null;
  const name = list.keyTable.trim().split(/\s+/).at(-1);
  return [...sql.matchAll(/\b([A-Za-z_][A-Za-z0-9_]*)\.[A-Za-z_]/g)].every((m) => m[1] === name) ? list.keyTable : null;
}

/**
 * What a count reads: the key's table alone when the conditions name no joined table (its joins keep one
 * row per key row, so the number is the same), else the whole `from`. A count over the joins would look up
 * each counted row's profile and pair only to count it.
 */
function countSource<Q extends object>(list: ListDeclaration<Q>, where: Sql): string {
  return keyTableFor(list, where.text) ?? list.from;
}

/**
 * One page. Following a next or previous link continues from the row it names (keyset: as fast at row
 * five million as at row one); a page opened by number past the first finds its rows by key alone (a
 * deferred join: the offset walks an index that holds the key, then only the page's rows are read). One
 * row past the page says whether there is a next page.
 */
export async function queryListPage<Row, Q extends PageRequest>(db: Queryable, list: ListDeclaration<Q>, query: Q, scope: readonly string[] = []): Promise<ListPage<Row>> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? list.defaultPageSize;
  const offset = (page - 1) * pageSize;
  const terms = orderTerms(list, query.ordering);
  const where = whereOf(list, query, scope);
  const binding = bindingOf(list, where);
  const cursor = page > 1 ? decodeCursor(query.cursor, terms, binding) : null;
  const params = [...where.params];
  // The count rides along in the page's own statement (one round trip): exact for small lists, capped for
  // big ones while the page is shallow. Deep pages and cursor pages count afterwards (countOf).
  const countCap = list.count.kind === 'capped' ? offset + pageSize + list.count.cap : null;
  const inlineCount = !cursor && (countCap === null || countCap <= DEEP_COUNT_FACTOR * (list.count as { cap: number }).cap);
  const countColumn = !inlineCount
    ? ''
    : countCap === null
      ? `, (SELECT count(*) FROM ${countSource(list, where)} ${where.text}) AS ${COUNT_COLUMN}`
      : `, (SELECT count(*) FROM (SELECT 1 FROM ${countSource(list, where)} ${where.text} LIMIT $${params.push(countCap)}) capped) AS ${COUNT_COLUMN}`;
  const columns = `${list.columns}, ${terms.map((t, i) => `(${t.column})::text AS ${CURSOR_COLUMN}${i}`).join(', ')}${countColumn}`;
  // The page's keys found first, on the key table where the conditions and order allow, then only those
  // rows read with the joins: a deep offset walks an index that holds the key, and a sort without an index
  // sorts keys instead of whole joined rows.
  const keysFirst = (conditions: string, order: string, offsetParam = '') => {
    const walkFrom = keyTableFor(list, `${conditions} ${order}`) ?? list.from;
    return `SELECT ${columns} FROM ${list.from}
            JOIN (SELECT ${list.key} AS list_key FROM ${walkFrom} ${conditions} ${order}
                   LIMIT $${params.push(pageSize + 1)}${offsetParam && ` OFFSET ${offsetParam}`}) page ON page.list_key = ${list.key}
            ${order}`;
  };
  let sql: string;
  if (cursor) {
    // Before the cursor's row: walk the order backwards from it, then turn the page around.
    const backwards = cursor.d === 'before';
    const walk = backwards ? terms.map((t) => ({ ...t, descending: !t.descending })) : terms;
    const keyset = afterRow(walk, cursor.v, (v) => `$${params.push(v)}`, list.key);
    const text = where.text ? `${where.text} AND (${keyset})` : `WHERE ${keyset}`;
    const order = orderClause(terms, backwards);
    sql = list.sortKeysFirst ? keysFirst(text, order) : `SELECT ${columns} FROM ${list.from} ${text} ${order} LIMIT $${params.push(pageSize + 1)}`;
  } else if (offset === 0 && !list.sortKeysFirst) {
    sql = `SELECT ${columns} FROM ${list.from} ${where.text} ${orderClause(terms)} LIMIT $${params.push(pageSize + 1)}`;
  } else {
    sql = keysFirst(where.text, orderClause(terms), `$${params.push(offset)}`);
  }
  let fetched: Record<string, unknown>[];
  try {
    fetched = await db.query(sql, params);
  } catch (error) {
    // A sealed cursor whose values no longer fit the columns (made before a column's type changed).
    if (cursor && /^22/.test(String((error as { code?: unknown }).code))) throw FieldValidationError.of('cursor', OWN_MESSAGES.invalidCursor);
    throw error;
  }
  const backwards = cursor?.d === 'before';
  const pageRows = fetched.slice(0, pageSize);
  if (backwards) pageRows.reverse();
  // Walking backwards, the cursor's own row follows this page; otherwise the extra row tells.
  const hasMore = backwards || fetched.length > pageSize;
  const counted = inlineCount && fetched.length ? { n: Number(fetched[0][COUNT_COLUMN]), cap: countCap } : null;
  const rows = pageRows.map((r) => stripCursorColumns(r) as Row);
  const seen = offset + rows.length;
  // A link followed from a page that answered the planner's estimate carries it: deep in a big list a
  // page by link is then one statement, not two. The estimate is kept while the list goes on.
  const carried = cursor?.n !== undefined && hasMore && list.count.kind === 'capped' ? Math.max(cursor.n, seen + 1) : undefined;
  const { count, estimated } = carried !== undefined ? { count: carried, estimated: true } : await countOf(db, list, where, seen, hasMore, counted);
  const estimate = estimated ? count : undefined;
  return {
    page,
    pageSize,
    count,
    rows,
    hasMore,
    nextCursor: hasMore ? cursorOf(pageRows.at(-1), terms, binding, 'after', estimate) : undefined,
    // Page 1 needs no cursor: it is the first rows.
    previousCursor: page > 2 ? cursorOf(pageRows[0], terms, binding, 'before', estimate) : undefined,
  };
}

/**
 * The row without the statement's own columns (the count, the cursor's values), copied key by key: a
 * `delete` would turn every row of the page into a dictionary-mode object, slow for every step after it
 * (the row's mapping, JSON.stringify).
 */
function stripCursorColumns(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in row) if (key !== COUNT_COLUMN && !key.startsWith(CURSOR_COLUMN)) out[key] = row[key];
  return out;
}

/**
 * The list's count: the rows seen when nothing follows the page; else the count the page's statement
 * brought (`counted`, capped at `cap` for big lists), or a count of its own; past the cap the planner's
 * estimate (`estimated`), never less than what is known to exist.
 */
async function countOf<Q extends object>(
  db: Queryable,
  list: ListDeclaration<Q>,
  where: Sql,
  seen: number,
  hasMore: boolean,
  counted: { n: number; cap: number | null } | null,
): Promise<{ count: number; estimated: boolean }> {
  const known = (count: number) => ({ count, estimated: false });
  if (!hasMore) return known(seen);
  if (list.count.kind === 'exact') return known(counted ? counted.n : await exactCount(db, list, where));
  const cap = seen + list.count.cap;
  let atLeast = seen + 1;
  if (counted?.cap) {
    // Counted in the page's statement up to its cap: below the cap the count is exact.
    if (counted.n < counted.cap) return known(counted.n);
    atLeast = counted.cap;
  } else if (cap <= DEEP_COUNT_FACTOR * list.count.cap) {
    // Deep in a big list, counting every row before the page would cost more than the page: estimate.
    const n = await cappedCount(db, list, where, cap);
    if (n < cap) return known(n);
    atLeast = cap;
  }
  // Past the cap: the planner's estimate for these filters, never less than what is known to exist.
  const plan: { 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }[] = await db.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${countSource(list, where)} ${where.text}`, where.params);
  return { count: Math.max(atLeast, Math.round(plan[0]['QUERY PLAN'][0].Plan['Plan Rows'])), estimated: true };
}

/** The rows matching `where`, counted up to `cap` at most: it reads no further than `cap` rows. */
async function cappedCount<Q extends object>(db: Queryable, list: ListDeclaration<Q>, where: Sql, cap: number): Promise<number> {
  const [row]: { n: string }[] = await db.query(`SELECT count(*) AS n FROM (SELECT 1 FROM ${countSource(list, where)} ${where.text} LIMIT $${where.params.length + 1}) capped`, [
    ...where.params,
    cap,
  ]);
  return Number(row.n);
}

async function exactCount<Q extends object>(db: Queryable, list: ListDeclaration<Q>, where: Sql): Promise<number> {
  const [row]: { n: string }[] = await db.query(`SELECT count(*) AS n FROM ${countSource(list, where)} ${where.text}`, where.params);
  return Number(row.n);
}

/** The same page with each row turned into its answer shape. */
export function mapRows<A, B>(page: ListPage<A>, toAnswer: (row: A) => B): ListPage<B> {
  return { ...page, rows: page.rows.map(toAnswer) };
}

/** One row of aggregates (a summary row's sums) over every row the query's filters match, all pages. */
export async function aggregateList<Row, Q extends object>(db: Queryable, list: ListDeclaration<Q>, query: Q, aggregates: string, scope: readonly string[] = []): Promise<Row> {
  const where = whereOf(list, query, scope);
  const [row]: Row[] = await db.query(`SELECT ${aggregates} FROM ${list.from} ${where.text}`, where.params);
  return row;
}

/** The exact number of rows matching the query's filters (may be slow on a huge table; on demand only). */
export async function countList<Q extends object>(db: Queryable, list: ListDeclaration<Q>, query: Q, scope: readonly string[] = []): Promise<number> {
  return exactCount(db, list, whereOf(list, query, scope));
}

/**
 * The number of rows matching the query's filters, or `cap` when there are at least that many: as cheap on
 * ten million rows as on a thousand when the filters match many, since it reads `cap` rows at most.
 */
export function countListUpTo<Q extends object>(db: Queryable, list: ListDeclaration<Q>, query: Q, cap: number, scope: readonly string[] = []): Promise<number> {
  return cappedCount(db, list, whereOf(list, query, scope), cap);
}

/**
 * Every matching row in the list's order (the query's `ordering`, else the default, the key last) through
 * one server-side cursor, `batchSize` rows a FETCH, for exports: the statement is planned once and read
 * from one snapshot, and no row carries ordering values to continue from. Runs on `db` as one connection
 * inside its transaction (an EntityManager of `dataSource.transaction`, or a client after BEGIN). `fetch`
 * runs each FETCH on that same connection another way (the export reads rows as arrays).
 */
export async function* cursorList<Row, Q extends { ordering?: string }>(
  db: Queryable,
  list: ListDeclaration<Q>,
  query: Q,
  options: { batchSize: number; scope?: readonly string[]; fetch?: (sql: string) => Promise<Row[]> },
): AsyncGenerator<Row[]> {
  const where = whereOf(list, query, options.scope);
  const cursor = `list_cursor_${randomBytes(8).toString('hex')}`;
  await db.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${list.columns} FROM ${list.from} ${where.text} ${orderClause(orderTerms(list, query.ordering))}`, where.params);
  let open = true;
  try {
    for (;;) {
      const fetch = `FETCH FORWARD ${Math.floor(options.batchSize)} FROM ${cursor}`;
      const rows: Row[] = options.fetch ? await options.fetch(fetch) : await db.query(fetch);
      if (rows.length) yield rows;
      if (rows.length < options.batchSize) break;
    }
    await db.query(`CLOSE ${cursor}`);
    open = false;
  } finally {
    // Stopped early: closed if the transaction still runs (an aborted one drops its cursors itself).
    if (open) await db.query(`CLOSE ${cursor}`).catch(() => undefined);
  }
}

/**
 * The rows that follow `values` in the order of `terms` (cursor pages use it, with the terms turned around
 * for a previous link), with PostgreSQL's null placement (NULLS LAST
 * ascending, NULLS FIRST descending: a null sorts as the greatest value). One row comparison (which an
 * index serves) when the terms go one way from non-null values and no null can follow: descending, or
 * ascending over columns that hold none (the key, or declared notNull); otherwise term by term.
 */
function afterRow(terms: OrderTerm[], values: (string | null)[], bind: (v: unknown) => string, key: string): string {
  const oneWay = terms.every((t) => Boolean(t.descending) === Boolean(terms[0].descending));
  const rowWise = oneWay && (Boolean(terms[0].descending) || terms.every((t) => t.notNull || t.column === key));
  if (rowWise && values.every((v) => v !== null)) {
    return `(${terms.map((t) => t.column).join(', ')}) ${terms[0].descending ? '<' : '>'} (${values.map((v) => bind(v)).join(', ')})`;
  }
  const equal = (t: OrderTerm, v: string | null) => (v === null ? `${t.column} IS NULL` : `${t.column} = ${bind(v)}`);
  const beyond = (t: OrderTerm, v: string | null) => {
    if (t.descending) return v === null ? `${t.column} IS NOT NULL` : `${t.column} < ${bind(v)}`;
    return v === null ? 'false' : `(${t.column} > ${bind(v)} OR ${t.column} IS NULL)`;
  };
  return terms.map((t, i) => [...terms.slice(0, i).map((e, j) => equal(e, values[j])), beyond(t, values[i])].join(' AND ')).map((c) => `(${c})`).join(' OR ');
}
