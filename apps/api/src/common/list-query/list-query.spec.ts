import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { LOG_LIST_QUERY } from '@console/contracts';
import { createTestDatabase } from '../../test/harness';
import { LOG_LIST } from '../../logs/logs.list';
import type { ListDeclaration } from './list-declaration';
import { countList, countListUpTo, cursorList, queryListPage, setCursorSecret } from './list-query';

interface ThingQuery {
  page?: number;
  page_size?: number;
  ordering?: string;
  cursor?: string;
  kind?: string;
  kinds?: string[];
  min_price?: string;
  max_price?: string;
  name?: string;
  only_active?: boolean;
  name_or_id?: string;
}

interface Thing {
  id: number;
  kind: string;
  price: string;
  name: string;
  active: boolean;
}

/** 300 rows: kind a/b/c in turn, price = id mod 50, every third inactive; names repeat every 100 ids. */
const ROWS = 300;
const things: Thing[] = Array.from({ length: ROWS }, (_, i) => {
  const id = i + 1;
  return { id, kind: 'abc'[id % 3], price: String(id % 50), name: `Thing ${id % 100}%_`, active: id % 3 !== 0 };
});

const THINGS: ListDeclaration<ThingQuery> = {
  name: 'things',
  from: 'things',
  columns: 'things.id, things.kind, things.price::text AS price, things.name, things.active',
  key: 'things.id',
  filters: {
    kind: { column: 'things.kind' },
    kinds: { column: 'things.kind', op: 'in', cast: 'text[]' },
    min_price: { column: 'things.price', op: 'gte', cast: 'numeric' },
    max_price: { column: 'things.price', op: 'lte', cast: 'numeric' },
    name: { column: 'things.name', op: 'contains' },
    only_active: { column: 'things.active', op: 'is_true' },
    name_or_id: {
      column: 'things.name',
      op: 'custom',
      condition: (value, bind) => `things.name = ${bind(value)} OR things.id::text = ${bind(value)}`,
    },
  },
  orderings: { price: { column: 'things.price' }, kind: { column: 'things.kind' } },
  defaultOrder: [{ column: 'things.id', descending: true }],
  defaultPageSize: 20,
  count: { kind: 'exact' },
};

/** THINGS with each row's kind label joined (one label per kind: the join keeps one row per thing). */
const JOINED_THINGS: ListDeclaration<ThingQuery & { label?: string }> = {
  ...THINGS,
  from: 'things JOIN thing_kinds k ON k.kind = things.kind',
  columns: `${THINGS.columns}, k.label`,
  filters: { ...THINGS.filters, label: { column: 'k.label' } },
};

/** What the database should answer, computed here without SQL. */
function expected(filter: (t: Thing) => boolean, order: (a: Thing, b: Thing) => number): number[] {
  return things.filter(filter).sort(order).map((t) => t.id);
}
const byIdDesc = (a: Thing, b: Thing) => b.id - a.id;

describe('the list-query layer', () => {
  let db: DataSource;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    setCursorSecret('list-query spec secret, long enough to be a real one');
    const database = await createTestDatabase();
    drop = database.drop;
    db = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    await db.query(`CREATE TABLE things (id int PRIMARY KEY, kind text NOT NULL, price numeric NOT NULL, name text NOT NULL, active boolean NOT NULL)`);
    await db.query(
      `INSERT INTO things SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(id int, kind text, price numeric, name text, active boolean)`,
      [JSON.stringify(things)],
    );
    await db.query(`CREATE TABLE thing_kinds (kind text PRIMARY KEY, label text NOT NULL)`);
    await db.query(`INSERT INTO thing_kinds VALUES ('a', 'Apple'), ('b', 'Banana'), ('c', 'Cherry')`);
    await db.query('ANALYZE things, thing_kinds');
  });
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  /** The test database, keeping the text of every statement sent through it. */
  const recordingDb = () => {
    const statements: string[] = [];
    return { statements, recording: { query: (sql: string, params?: unknown[]) => (statements.push(sql), db.query(sql, params)) } };
  };

  const ids = async (query: ThingQuery) => (await queryListPage<Thing, ThingQuery>(db, THINGS, { page_size: ROWS, ...query })).rows.map((r) => r.id);

  it('applies each filter operator, and several at once with AND', async () => {
    expect(await ids({ kind: 'b' })).toEqual(expected((t) => t.kind === 'b', byIdDesc));
    expect(await ids({ kinds: ['a', 'c'] })).toEqual(expected((t) => t.kind !== 'b', byIdDesc));
    expect(await ids({ min_price: '45' })).toEqual(expected((t) => Number(t.price) >= 45, byIdDesc));
    expect(await ids({ max_price: '2', kind: 'a' })).toEqual(expected((t) => Number(t.price) <= 2 && t.kind === 'a', byIdDesc));
    expect(await ids({ only_active: true })).toEqual(expected((t) => t.active, byIdDesc));
    expect(await ids({ only_active: false })).toHaveLength(ROWS);
    expect(await ids({ name_or_id: '7' })).toEqual([7]);
  });

  it('matches a contains filter literally: % and _ are not wildcards, blanks filter nothing', async () => {
    expect(await ids({ name: 'thing 42%_' })).toEqual(expected((t) => t.name.toLowerCase().includes('thing 42%_'), byIdDesc));
    expect(await ids({ name: '9%' })).toEqual(expected((t) => t.name.includes('9%'), byIdDesc));
    expect(await ids({ name: '9_' })).toEqual([]);
    expect(await ids({ name: '   ' })).toHaveLength(ROWS);
  });

  it('orders by declared orderings with the key as the last tie-breaker, in either direction', async () => {
    expect(await ids({ ordering: 'price' })).toEqual(expected((_) => true, (a, b) => Number(a.price) - Number(b.price) || a.id - b.id));
    expect(await ids({ ordering: '-price' })).toEqual(expected((_) => true, (a, b) => Number(b.price) - Number(a.price) || b.id - a.id));
    expect(await ids({ ordering: 'kind,-price' })).toEqual(
      expected((_) => true, (a, b) => a.kind.localeCompare(b.kind) || Number(b.price) - Number(a.price) || b.id - a.id),
    );
    expect(await ids({ ordering: 'id' })).toEqual(expected((_) => true, (a, b) => a.id - b.id));
    await expect(ids({ ordering: 'name' })).rejects.toThrow(/not declared/);
  });

  it('pages past the first (deferred join) give the same rows as one long read, with count and hasMore', async () => {
    const all = expected((t) => t.kind !== 'a', (a, b) => Number(b.price) - Number(a.price) || b.id - a.id);
    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const result = await queryListPage<Thing, ThingQuery>(db, THINGS, { kinds: ['b', 'c'], ordering: '-price', page, page_size: 30 });
      expect(result.count).toBe(all.length);
      seen.push(...result.rows.map((r) => r.id));
      expect(result.hasMore).toBe(seen.length < all.length);
      if (!result.hasMore) break;
    }
    expect(seen).toEqual(all);
    const beyond = await queryListPage<Thing, ThingQuery>(db, THINGS, { page: 50, page_size: 30 });
    expect(beyond).toMatchObject({ rows: [], hasMore: false });
  });

  it('a deep page walks the key table alone when nothing it filters or sorts on is joined, with the same rows', async () => {
    const joined = JOINED_THINGS;
    const { statements, recording } = recordingDb();
    const pageOf = async (list: typeof joined, query: ThingQuery & { label?: string }) =>
      (await queryListPage<Thing, ThingQuery>(recording, list, { page: 3, page_size: 25, ...query })).rows.map((r) => r.id);
    const walkOf = (sql: string) => /JOIN \(SELECT things\.id AS list_key FROM (.*?) (WHERE|ORDER)/s.exec(sql)?.[1].trim();

    for (const query of [{}, { kind: 'b' }, { ordering: '-price' }]) {
      statements.length = 0;
      const walked = await pageOf({ ...joined, keyTable: 'things' }, query);
      expect(walkOf(statements[0])).toBe('things');
      expect(walked).toEqual(await pageOf(joined, query));
    }
    // A filter on the joined table keeps the join in the walk.
    statements.length = 0;
    const byLabel = await pageOf({ ...joined, keyTable: 'things' }, { label: 'Cherry', page: 2 } as ThingQuery);
    expect(walkOf(statements[0])).toContain('JOIN thing_kinds k');
    expect(byLabel).toEqual(expected((t) => t.kind === 'c', byIdDesc).slice(25, 50));
  });

  it('following next and previous cursors walks the same pages as page numbers, forwards and back', async () => {
    const query = { kinds: ['a', 'b'], ordering: '-price', page_size: 25 };
    const all = expected((t) => t.kind !== 'c', (a, b) => Number(b.price) - Number(a.price) || b.id - a.id);
    const pages: number[][] = [];
    let cursor: string | undefined;
    for (let page = 1; ; page++) {
      const result = await queryListPage<Thing, ThingQuery>(db, THINGS, { ...query, page, cursor });
      expect(result.rows.map((r) => r.id)).toEqual(all.slice((page - 1) * 25, page * 25));
      expect(Object.keys(result.rows[0]).sort()).toEqual(['active', 'id', 'kind', 'name', 'price']);
      pages.push(result.rows.map((r) => r.id));
      if (!result.hasMore) break;
      expect(result.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
      cursor = result.nextCursor;
    }
    expect(pages.flat()).toEqual(all);
    // And back from the last page by previous cursors.
    let page = pages.length;
    let back = (await queryListPage<Thing, ThingQuery>(db, THINGS, { ...query, page, cursor })).previousCursor;
    while (page > 2) {
      page--;
      const result = await queryListPage<Thing, ThingQuery>(db, THINGS, { ...query, page, cursor: back });
      expect(result.rows.map((r) => r.id)).toEqual(pages[page - 1]);
      expect(result.hasMore).toBe(true);
      back = result.previousCursor;
    }
  });

  it('refuses a made-up or edited cursor with 400, ignores one made under another order, and makes none for mixed directions', async () => {
    const first = await queryListPage<Thing, ThingQuery>(db, THINGS, { ordering: 'price', page_size: 10 });
    // Sealed: the ordering values of the row are not readable in it.
    expect(Buffer.from(first.nextCursor!, 'base64url').toString('latin1')).not.toMatch(/"v"|price|after/);
    const page = (cursor: string) => queryListPage(db, THINGS, { ordering: 'price', page: 2, page_size: 10, cursor });
    // The old plain form, with values of the client's choosing.
    const madeUp = Buffer.from(JSON.stringify({ d: 'after', o: 'x', v: ['0', '1'] })).toString('base64url');
    await expect(page(madeUp)).rejects.toMatchObject({ status: 400 });
    await expect(page('!!')).rejects.toMatchObject({ status: 400 });
    const raw = Buffer.from(first.nextCursor!, 'base64url');
    for (const at of [0, 14, raw.length - 1]) {
      const flipped = Buffer.from(raw);
      flipped[at] ^= 1;
      await expect(page(flipped.toString('base64url'))).rejects.toMatchObject({ status: 400 });
    }
    await expect(page(raw.subarray(0, 20).toString('base64url'))).rejects.toMatchObject({ status: 400 });
    // Another deployment's key (another JWT secret) does not open it either.
    setCursorSecret('another deployment, another secret of some length');
    await expect(page(first.nextCursor!)).rejects.toMatchObject({ status: 400 });
    setCursorSecret('list-query spec secret, long enough to be a real one');
    expect((await page(first.nextCursor!)).rows.map((r) => (r as Thing).id)).toEqual(
      expected((_) => true, (a, b) => Number(a.price) - Number(b.price) || a.id - b.id).slice(10, 20),
    );
    const otherOrder = await queryListPage<Thing, ThingQuery>(db, THINGS, { ordering: '-price', page: 2, page_size: 10, cursor: first.nextCursor });
    expect(otherOrder.rows.map((r) => r.id)).toEqual(expected((_) => true, (a, b) => Number(b.price) - Number(a.price) || b.id - a.id).slice(10, 20));
    const mixed = await queryListPage<Thing, ThingQuery>(db, THINGS, { ordering: 'kind,-price', page_size: 10 });
    expect(mixed.hasMore).toBe(true);
    expect(mixed.nextCursor).toBeUndefined();
  });

  it('refuses a cursor followed on another list or under other filters with 400', async () => {
    const first = await queryListPage<Thing, ThingQuery>(db, THINGS, { kind: 'a', page_size: 10 });
    const follow = (list: ListDeclaration<ThingQuery>, query: ThingQuery) => queryListPage(db, list, { ...query, page: 2, page_size: 10, cursor: first.nextCursor });
    expect((await follow(THINGS, { kind: 'a' })).rows).toHaveLength(10);
    await expect(follow(THINGS, { kind: 'b' })).rejects.toMatchObject({ status: 400 });
    await expect(follow(THINGS, { kind: 'a', max_price: '30' })).rejects.toMatchObject({ status: 400 });
    await expect(follow({ ...THINGS, name: 'other things' }, { kind: 'a' })).rejects.toMatchObject({ status: 400 });
  });

  it('counts exactly up to the cap past the page, then answers at least what is known to exist', async () => {
    const capped: ListDeclaration<ThingQuery> = { ...THINGS, count: { kind: 'capped', cap: 25 } };
    const few = await queryListPage<Thing, ThingQuery>(db, capped, { kind: 'a', page_size: 10 });
    // 35 rows counted (10 on the page + the cap) reach the cap: the planner's estimate (analysed: exact here).
    expect(few.count).toBe(100);
    const fewer = await queryListPage<Thing, ThingQuery>(db, capped, { kind: 'a', max_price: '30', page_size: 10 });
    expect(fewer.count).toBeGreaterThanOrEqual(35);
    const exactUnderCap = await queryListPage<Thing, ThingQuery>(db, capped, { name_or_id: '7', page_size: 10 });
    expect(exactUnderCap.count).toBe(1);
    const nearEnd = await queryListPage<Thing, ThingQuery>(db, capped, { kind: 'a', page: 9, page_size: 10 });
    expect(nearEnd.count).toBe(100);
    expect(await countList(db, capped, { kind: 'a' })).toBe(100);
  });

  it('a link from a page that answered the planner\'s estimate carries it, so the pages it opens ask no more', async () => {
    const capped: ListDeclaration<ThingQuery> = { ...THINGS, count: { kind: 'capped', cap: 10 } };
    const { statements, recording } = recordingDb();
    const query = { kinds: ['a', 'b'], page_size: 10 };
    const first = await queryListPage(recording, capped, query);
    // 20 counted reach the cap: the estimate (analysed: exact here).
    expect(first.count).toBe(200);
    expect(statements.filter((sql) => sql.startsWith('EXPLAIN'))).toHaveLength(1);
    let next = first;
    for (let page = 2; page <= 19; page++) {
      statements.length = 0;
      next = await queryListPage(recording, capped, { ...query, page, cursor: next.nextCursor });
      expect(statements).toHaveLength(1);
      expect(next.count).toBe(200);
      expect(next.rows).toHaveLength(10);
    }
    // Back by a previous link: the carried count again, no statement but the page.
    statements.length = 0;
    const back = await queryListPage(recording, capped, { ...query, page: 18, cursor: next.previousCursor });
    expect(statements).toHaveLength(1);
    expect(back.count).toBe(200);
    // The last page: nothing follows, so the rows seen are the count.
    const last = await queryListPage(recording, capped, { ...query, page: 20, cursor: next.nextCursor });
    expect(last).toMatchObject({ count: 200, hasMore: false });

    // A count that was exact is not carried: the page a link opens counts again.
    const matching = expected((t) => t.kind === 'a' && Number(t.price) <= 3, byIdDesc).length;
    const few = await queryListPage(recording, capped, { kind: 'a', max_price: '3', page_size: 2 });
    expect(few.count).toBe(matching);
    statements.length = 0;
    const second = await queryListPage(recording, capped, { kind: 'a', max_price: '3', page_size: 2, page: 2, cursor: few.nextCursor });
    expect(statements.some((sql) => /count\(\*\)/.test(sql))).toBe(true);
    expect(second.count).toBe(matching);
  });

  it('counts on the key table alone when no condition names a joined table, with the same numbers', async () => {
    const { statements, recording } = recordingDb();
    // The table each count (in the page's statement, of its own, or the planner's estimate) reads.
    const countedFrom = () =>
      statements.map((sql) => /count\(\*\)(?: AS \w+)? FROM (?:\(SELECT 1 FROM )?(.*?) WHERE/s.exec(sql)?.[1] ?? /^EXPLAIN .*? FROM (.*?) WHERE/s.exec(sql)?.[1]).filter(Boolean);
    const keyed = <L extends ListDeclaration<ThingQuery & { label?: string }>>(list: L): L => ({ ...list, keyTable: 'things' });
    const capped = { ...JOINED_THINGS, count: { kind: 'capped' as const, cap: 10 } };
    const countOf = async (list: ListDeclaration<ThingQuery & { label?: string }>, query: ThingQuery & { label?: string }, from: string) => {
      statements.length = 0;
      const page = await queryListPage(recording, list, { page_size: 10, ...query });
      expect(countedFrom().length).toBeGreaterThan(0);
      expect(new Set(countedFrom())).toEqual(new Set([from]));
      return page;
    };

    // Exact, in the page's statement.
    expect((await countOf(keyed(JOINED_THINGS), { kind: 'b' }, 'things')).count).toBe(100);
    // Capped in the page's statement; past the cap, the planner's estimate (analysed: exact here).
    const first = await countOf(keyed(capped), { kinds: ['a', 'b'] }, 'things');
    expect(first.count).toBe(200);
    // A cursor page from a page counted exactly: a capped count of its own.
    const few = { kind: 'b', max_price: '5', page_size: 5 };
    const fewRows = expected((t) => t.kind === 'b' && Number(t.price) <= 5, byIdDesc).length;
    const firstFew = await queryListPage(db, keyed(capped), few);
    expect(firstFew.count).toBe(fewRows);
    expect((await countOf(keyed(capped), { ...few, page: 2, cursor: firstFew.nextCursor }, 'things')).count).toBe(fewRows);
    // Deep by number, past the count's reach: the estimate alone.
    expect((await countOf(keyed(capped), { kinds: ['a', 'b'], page: 12 }, 'things')).count).toBe(200);
    expect(await countList(db, keyed(JOINED_THINGS), { kind: 'b' })).toBe(100);
    // A condition on the joined table counts over the join.
    expect((await countOf(keyed(JOINED_THINGS), { label: 'Banana' }, JOINED_THINGS.from)).count).toBe(100);
  });

  it('finds the keys of a first page and of a page by link first when the list asks, with the same rows and count; a key table may carry its alias', async () => {
    const aliased: ListDeclaration<ThingQuery & { label?: string }> = {
      ...THINGS,
      from: 'things t JOIN thing_kinds k ON k.kind = t.kind',
      columns: 't.id, t.kind, t.price::text AS price, t.name, t.active, k.label',
      key: 't.id',
      filters: { kind: { column: 't.kind' }, label: { column: 'k.label' } },
      orderings: { price: { column: 't.price' }, label: { column: 'k.label' } },
      defaultOrder: [{ column: 't.id', descending: true }],
    };
    const { statements, recording } = recordingDb();
    const walkOf = (sql: string) => /JOIN \(SELECT t\.id AS list_key FROM (.*?) (?:WHERE|ORDER)/s.exec(sql)?.[1].trim();
    const countedIn = (sql: string) => /count\(\*\) FROM (.*?) WHERE/s.exec(sql)?.[1];
    // The query, then what its walk to the keys and its count read.
    const cases: [ThingQuery & { label?: string }, string, string][] = [
      [{ kind: 'b' }, 'things t', 'things t'],
      [{ kind: 'b', ordering: '-price' }, 'things t', 'things t'],
      [{ kind: 'a', ordering: 'price', page: 2 }, 'things t', 'things t'],
      // An ordering on the joined table walks the join; a filter on it, the count too.
      [{ kind: 'c', ordering: 'label' }, aliased.from, 'things t'],
      [{ label: 'Banana', ordering: '-price' }, aliased.from, aliased.from],
    ];
    let walkedBack = 0;
    for (const [query, walked, counted] of cases) {
      statements.length = 0;
      const keysFirst = await queryListPage(recording, { ...aliased, keyTable: 'things t', sortKeysFirst: true }, { page_size: 10, ...query });
      expect(walkOf(statements[0])).toBe(walked);
      expect(countedIn(statements[0])).toBe(counted);
      const plain = await queryListPage(db, aliased, { page_size: 10, ...query });
      expect(keysFirst.rows).toEqual(plain.rows);
      expect(keysFirst.rows).toHaveLength(10);
      expect(keysFirst.count).toBe(plain.count);
      expect(keysFirst.count).toBe(100);
      // The next page by its link, then back by the previous link: keys first each way, the same rows.
      statements.length = 0;
      const next = await queryListPage(recording, { ...aliased, keyTable: 'things t', sortKeysFirst: true }, { page_size: 10, ...query, page: (query.page ?? 1) + 1, cursor: keysFirst.nextCursor });
      expect(walkOf(statements[0])).toBe(walked);
      expect(next.rows).toEqual((await queryListPage(db, aliased, { page_size: 10, ...query, page: (query.page ?? 1) + 1 })).rows);
      // Page 2 links back to page 1 by number (the first rows need no cursor).
      if (!next.previousCursor) continue;
      statements.length = 0;
      const back = await queryListPage(recording, { ...aliased, keyTable: 'things t', sortKeysFirst: true }, { page_size: 10, ...query, page: query.page, cursor: next.previousCursor });
      expect(walkOf(statements[0])).toBe(walked);
      expect(back.rows).toEqual(keysFirst.rows);
      walkedBack++;
    }
    expect(walkedBack).toBe(1);
  });

  it('counts up to a given number: the exact count below it, the number itself at or past it', async () => {
    expect(await countListUpTo(db, THINGS, { kind: 'a' }, 101)).toBe(100);
    expect(await countListUpTo(db, THINGS, { kind: 'a' }, 100)).toBe(100);
    expect(await countListUpTo(db, THINGS, { kind: 'a' }, 11)).toBe(11);
    expect(await countListUpTo(db, THINGS, { name_or_id: '7' }, 11)).toBe(1);
    // The row scope limits what is counted, as it limits the page and the export.
    expect(await countListUpTo(db, THINGS, { kind: 'a' }, 1_000, ['things.id <= 10'])).toBe(await countList(db, THINGS, { kind: 'a' }, ['things.id <= 10']));
  });

  it('iterates every matching row once in batches of a server-side cursor, newest first', async () => {
    const batches: number[][] = [];
    await db.transaction(async (m) => {
      for await (const batch of cursorList<Thing & Record<string, unknown>, ThingQuery>(m, THINGS, { only_active: true }, { batchSize: 64 })) {
        batches.push(batch.map((r) => r.id));
      }
    });
    expect(batches.flat()).toEqual(expected((t) => t.active, byIdDesc));
    expect(batches.slice(0, -1).every((b) => b.length === 64)).toBe(true);
  });

  it('iterates in the query\'s ordering, mixed directions and nulls included, as the pages list it', async () => {
    const all = async (query: ThingQuery) => {
      const seen: Record<string, unknown>[] = [];
      await db.transaction(async (m) => {
        for await (const batch of cursorList<Thing & Record<string, unknown>, ThingQuery>(m, THINGS, query, { batchSize: 7 })) seen.push(...batch);
      });
      return seen;
    };
    for (const ordering of ['price', '-price', 'kind,-price', '-kind,price']) {
      const rows = await all({ ordering, max_price: '20' });
      expect(rows.map((r) => r.id)).toEqual(await ids({ ordering, max_price: '20' }));
      expect(Object.keys(rows[0]).sort()).toEqual(['active', 'id', 'kind', 'name', 'price']);
    }
    // Nulls sort last ascending and first descending; each row still comes once.
    await db.query(`ALTER TABLE things ALTER COLUMN price DROP NOT NULL`);
    await db.query(`UPDATE things SET price = NULL WHERE id % 10 = 0`);
    try {
      for (const ordering of ['price', '-price', 'kind,-price', '-kind,price']) {
        expect((await all({ ordering })).map((r) => r.id)).toEqual(await ids({ ordering }));
      }
    } finally {
      await db.query(`UPDATE things SET price = (id % 50) WHERE price IS NULL`);
      await db.query(`ALTER TABLE things ALTER COLUMN price SET NOT NULL`);
    }
  });

  it('cursor pages keep the rows whose ordering value is null, forwards and back', async () => {
    // Nulls sort last ascending and first descending: a next link from a priced row still reaches them.
    await db.query(`ALTER TABLE things ALTER COLUMN price DROP NOT NULL`);
    await db.query(`UPDATE things SET price = NULL WHERE id % 10 = 0`);
    try {
      for (const ordering of ['price', '-price']) {
        const all = await ids({ ordering });
        const pages: number[][] = [];
        let cursor: string | undefined;
        for (let page = 1; ; page++) {
          const result = await queryListPage<Thing, ThingQuery>(db, THINGS, { ordering, page, page_size: 20, cursor });
          pages.push(result.rows.map((r) => r.id));
          if (!result.hasMore) break;
          cursor = result.nextCursor;
          // The last priced row gives no cursor (a null value): the page number answers from there.
        }
        expect(pages.flat()).toEqual(all);
        // Back from the third page by its previous link: the second page, nulls included.
        const third = await queryListPage<Thing, ThingQuery>(db, THINGS, { ordering, page: 3, page_size: 20 });
        expect(third.previousCursor).toBeDefined();
        const second = await queryListPage<Thing, ThingQuery>(db, THINGS, { ordering, page: 2, page_size: 20, cursor: third.previousCursor });
        expect(second.rows.map((r) => r.id)).toEqual(pages[1]);
      }
    } finally {
      await db.query(`UPDATE things SET price = (id % 50) WHERE price IS NULL`);
      await db.query(`ALTER TABLE things ALTER COLUMN price SET NOT NULL`);
    }
  });

  it('declares the logs list with exactly the filters its access rules let the guard check', () => {
    expect(Object.keys(LOG_LIST.filters).sort()).toEqual(Object.keys(LOG_LIST_QUERY.filters).sort());
    expect(Object.keys(LOG_LIST.orderings)).toEqual(Object.keys(LOG_LIST_QUERY.orderings));
    expect(LOG_LIST.access).toBe(LOG_LIST_QUERY);
  });
});
