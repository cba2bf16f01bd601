/**
 * Limited projection over every GET route of a section with fields, read from the route declarations as
 * the access matrix is. Each section a group may hold at Limited gets, round after round, a random subset
 * of its fields (seeded: PROJECTION_SEED=<seed> replays a run); every GET of that section is called with
 * rows present, and every answered row (list, single row, option lookup, export file's columns) may carry
 * only those fields and the identity keys. A GET route of such a section without a probe below fails the
 * test, so a new route joins by existing.
 */
import type { INestApplicationContext } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALLOWED_LEVELS,
  BACKTEST_CANDLE_FIELDS, BACKTEST_EQUITY_FIELDS,
  BACKTEST_TRADE_FIELDS,
  EXPORT_KIND_RULES,
  EXPORT_MESSAGES,
  EXPORT_PATHS,
  identityKeysOf,
  LOG_FILTER_OPTION_FIELDS,
  MM_DEPOSIT_INFO_FIELDS,
  MM_PROFILE_OPTION_FIELDS,
  OWN_MESSAGES,
  PROFILE_STATS_OPTION_FIELDS,
  SECTION_FIELDS,
  STRATEGY_PROFILE_OPTION_FIELDS,
  type AnswerFields,
  type ExportedList,
  type Perm,
  type SectionName,
} from '@console/contracts';
import { EXPORT_SOURCES } from '../exports/export-sources';
import { auth, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { caseSeed, Draw, seededRandom } from '../test/fuzz';
import { createTestApp, TestContext } from '../test/harness';
import { makeLostPosition, makePosition, PositionFixture } from '../test/position-fixtures';
import { makeOrder } from '../test/trading-fixtures';
import { startWorker } from '../test/worker';
import { DeclaredRoute, RouteCatalog } from './access-declarations';
import { binary, readSheet } from '../test/xlsx-files';

const API = '/api/v2';
const RUN_SEED = Number(process.env.PROJECTION_SEED ?? 20_261_124);
/** Rounds per section: the first opens no field, the second every field, the rest a random subset. */
const ROUNDS = Number(process.env.PROJECTION_ROUNDS ?? 5);

type FieldSection = keyof typeof SECTION_FIELDS;
const LIMITED_SECTIONS = (Object.keys(SECTION_FIELDS) as FieldSection[]).filter((s) => ALLOWED_LEVELS[s].includes('Limited'));

interface Fixture {
  position: PositionFixture;
  mmProfileId: number;
  backtestId: string;
}

/** Keys of a list answer around its rows. */
const PAGE_KEYS = ['count', 'next', 'previous', 'results'];

/** How a route is called and what its answer may hold. */
type Probe =
  /** Rows of the section: each key a field of the group (or mapped to one by `fields`), or an identity key. */
  | { kind: 'rows'; urls: (f: Fixture) => { url: string; fields?: AnswerFields }[]; summary?: AnswerFields }
  /** Not rows of the section's fields: the answer's keys are these (the reason says why they are not projected). */
  | { kind: 'keys'; url: string | ((f: Fixture) => string); keys: readonly string[]; why: string }
  /** Totals over the section's rows: each key only where the group sees every field it is summed from. */
  | { kind: 'totals'; url: string; fields: Readonly<Record<string, readonly string[]>> }
  /** An export's start: the task is run by the worker, and the file's columns read back. */
  | { kind: 'export'; list: ExportedList; query?: (f: Fixture) => string; needs?: string }
  /** Called by the export probe of its list (state and file of the task it starts). */
  | { kind: 'via-export'; list: ExportedList };

const ACCOUNT_METRIC_KEYS = [
  'id', 'account_name', 'at', 'nav', 'asset_usdt', 'asset_usdc', 'other_stable_coins', 'asset_sum', 'var', 'open_orders_volume', 'free_var',
  'imp_loss', 'max_dd', 'max_ddd', 'deposit_monthly', 'deposit_at', 'balance_daily', 'return_day_percent', 'return_month_percent',
  'return_at_percent', 'avg_capital_growth_rate',
];

const PROBES: Record<string, Probe> = {
  'GET /signals/signals/': { kind: 'rows', urls: () => [{ url: '/signals/signals/' }] },
  'GET /orders/orders/': { kind: 'rows', urls: () => [{ url: '/orders/orders/' }] },
  'GET /logs/': { kind: 'rows', urls: () => [{ url: '/logs/' }] },
  'GET /logs/for_count/': { kind: 'keys', url: '/logs/for_count/', keys: ['count'], why: 'a count of the rows the group may filter' },
  'GET /logs/for_filters/': {
    kind: 'rows',
    urls: () => [
      { url: '/logs/for_filters/?field=pair', fields: LOG_FILTER_OPTION_FIELDS.pair },
      { url: '/logs/for_filters/?field=profile', fields: LOG_FILTER_OPTION_FIELDS.profile },
    ],
  },
  'GET /position-administration/': { kind: 'rows', urls: () => [{ url: '/position-administration/' }] },
  'GET /position-administration/lost-positions/': { kind: 'rows', urls: () => [{ url: '/position-administration/lost-positions/' }] },
  'GET /position-administration/account-info/': {
    kind: 'keys',
    url: '/position-administration/account-info/',
    keys: ACCOUNT_METRIC_KEYS,
    why: 'the accounts\' metrics beside the table: the APA fields name the table\'s columns, not these (docs/decisions/positions-and-risk-control.md)',
  },
  'GET /strategies/profiles-stats/': { kind: 'rows', urls: () => [{ url: '/strategies/profiles-stats/' }] },
  'GET /strategies/profiles-stats/for-filters/': { kind: 'rows', urls: () => [{ url: '/strategies/profiles-stats/for-filters/', fields: PROFILE_STATS_OPTION_FIELDS }] },
  'GET /strategies/mm-profiles/': {
    kind: 'rows',
    urls: () => [{ url: '/strategies/mm-profiles/' }],
    summary: { sum_all_signals_quota: 'all_signals_quota', sum_one_signal_quota: 'one_signal_quota' },
  },
  'GET /strategies/mm-profiles/for-filters/': { kind: 'rows', urls: () => [{ url: '/strategies/mm-profiles/for-filters/', fields: MM_PROFILE_OPTION_FIELDS }] },
  'GET /strategies/mm-profiles/:id/': { kind: 'rows', urls: (f) => [{ url: `/strategies/mm-profiles/${f.mmProfileId}/` }] },
  'GET /strategies/auto-change-deposit-mm-profiles/': {
    kind: 'keys',
    url: '/strategies/auto-change-deposit-mm-profiles/',
    keys: ['is_auto_change_mm_depo_enabled', 'auto_change_mm_depo_percent'],
    why: 'the daily re-invest setting, not a profile row',
  },
  'GET /strategies/mm-profiles-deposit-info/': { kind: 'totals', url: '/strategies/mm-profiles-deposit-info/', fields: MM_DEPOSIT_INFO_FIELDS },
  'GET /strategies/profiles/': { kind: 'rows', urls: () => [{ url: '/strategies/profiles/' }] },
  'GET /strategies/profiles/for-filters/': { kind: 'rows', urls: () => [{ url: '/strategies/profiles/for-filters/', fields: STRATEGY_PROFILE_OPTION_FIELDS }] },
  'GET /strategies/profiles/:id/': { kind: 'rows', urls: (f) => [{ url: `/strategies/profiles/${f.position.profileId}/` }] },
  'GET /strategies/profiles/:id/alerts/': {
    kind: 'keys',
    url: (f) => `/strategies/profiles/${f.position.profileId}/alerts/`,
    keys: ['enabled', 'profile_key', 'url', 'max_lag_seconds'],
    why: 'the profile\'s alert settings, not a profile row: on or off and the webhook\'s URL, never the secret (docs/decisions/alerts.md)',
  },
  'GET /backtests/': { kind: 'rows', urls: () => [{ url: '/backtests/' }] },
  'GET /backtests/:id/': { kind: 'rows', urls: (f) => [{ url: `/backtests/${f.backtestId}/` }] },
  'GET /backtests/:id/trades/': { kind: 'rows', urls: (f) => [{ url: `/backtests/${f.backtestId}/trades/`, fields: BACKTEST_TRADE_FIELDS }] },
  'GET /backtests/:id/equity/': { kind: 'rows', urls: (f) => [{ url: `/backtests/${f.backtestId}/equity/`, fields: BACKTEST_EQUITY_FIELDS }] },
  'GET /backtests/:id/candles/': { kind: 'rows', urls: (f) => [{ url: `/backtests/${f.backtestId}/candles/?pair=BTCUSDT&timeframe=1h`, fields: BACKTEST_CANDLE_FIELDS }] },
  'GET /signals/export/signals/': { kind: 'export', list: 'signals' },
  'GET /signals/celery-result/:id/': { kind: 'via-export', list: 'signals' },
  'GET /signals/export-file/:id/': { kind: 'via-export', list: 'signals' },
  'GET /strategies/profiles-stats/export/': { kind: 'export', list: 'profiles_stats' },
  'GET /strategies/profiles-stats/celery-result/:id/': { kind: 'via-export', list: 'profiles_stats' },
  'GET /strategies/profiles-stats/export-file/:id/': { kind: 'via-export', list: 'profiles_stats' },
  // A run's trades: its filter needs the `trades` field, which opens every column of the file.
  'GET /backtests/trades/export/': { kind: 'export', list: 'backtest_trades', query: (f) => `?backtest_id=${f.backtestId}`, needs: 'trades' },
  'GET /backtests/trades/celery-result/:id/': { kind: 'via-export', list: 'backtest_trades' },
  'GET /backtests/trades/export-file/:id/': { kind: 'via-export', list: 'backtest_trades' },
};

/** The section whose fields a route's answer shows: an export's list, else its own. */
function fieldSectionOf(route: DeclaredRoute): FieldSection | null {
  const rule = route.rule;
  if (rule?.kind !== 'section' || route.method !== 'GET') return null;
  const section = rule.options.source?.section ?? rule.section;
  return (LIMITED_SECTIONS as SectionName[]).includes(section) ? (section as FieldSection) : null;
}

/** The round's fields: none, all, then each field with even chance. */
function fieldsFor(section: FieldSection, round: number): string[] {
  const all: readonly string[] = SECTION_FIELDS[section];
  if (round === 0) return [];
  if (round === 1) return [...all];
  const draw = new Draw(seededRandom(caseSeed(RUN_SEED, `${section}#${round}`)));
  return all.filter(() => draw.chance(0.5));
}

/** Perms of a user Limited on the section with these fields, and Full on the exports of its list. */
function permsFor(section: FieldSection, fields: string[]): Partial<Perm>[] {
  const exports = Object.values(EXPORT_KIND_RULES).filter((r) => r.listSection === section).map((r) => ({ section_name: r.exportSection, status: 'Full' as const }));
  return [{ section_name: section, status: 'Limited', fields, filtering: true, sorting: true }, ...exports];
}

describe('Limited projection over every GET route of a section with fields', () => {
  let ctx: TestContext;
  let worker: INestApplicationContext;
  let exportDir: string;
  let fixture: Fixture;

  beforeAll(async () => {
    exportDir = await mkdtemp(join(tmpdir(), 'projection-spec-'));
    ctx = await createTestApp({ EXPORT_DIR: exportDir });
    worker = await startWorker(ctx);
    const position = await makePosition(ctx.db);
    await makePosition(ctx.db);
    await makeOrder(ctx.db, { status: 'FILLED' });
    await makeLostPosition(ctx.db, { accountId: position.accountId, pairId: position.pairId });
    await ctx.db.query(
      `INSERT INTO account_metrics (exchange_account_id, at, nav, asset_sum) VALUES ($1, date_trunc('minute', now()), 1000, 1000)`,
      [position.accountId],
    );
    await ctx.db.query(
      `INSERT INTO logs (type, event_type, signal_id, pair_id, pair_name, profile_id, profile_title, order_id, log_data)
       SELECT 'general', 'order_placed', o.signal_id, o.pair_id, p.ticker, o.profile_id, sp.title, o.id, '{"note": "fixture"}'
         FROM orders o JOIN pairs p ON p.id = o.pair_id JOIN strategy_profiles sp ON sp.id = o.profile_id`,
    );
    const [{ mm }] = await ctx.db.query(`SELECT mm_profile_id AS mm FROM strategy_profiles WHERE id = $1`, [position.profileId]);
    // A finished backtest with a trade and a curve, as the worker writes them.
    const [backtest] = await ctx.db.query(
      `INSERT INTO backtests (profile_id, profile_title, pairs, market, seed, date_from, date_until, deposit, settings, one_signal_quota, max_signals_amount,
                              status, progress, figures, started_at, finished_at, duration_ms)
       VALUES ($1, 'Fixture', $2, 'model', 1, '2024-03-01', '2024-03-02', 10000, '{}', 1000, 5, 'SUCCESS', 100, '{"trade_count": 1}', now(), now(), 5)
       RETURNING id::text`,
      [position.profileId, JSON.stringify([{ id: position.pairId, ticker: 'BTCUSDT' }])],
    );
    await ctx.db.query(
      `INSERT INTO backtest_trades (backtest_id, pair_id, pair, side, entry_at, exit_at, entry_price, exit_price, quantity, size, pnl, fees, exit_reason)
       VALUES ($1, $2, 'BTCUSDT', 'long', '2024-03-01T01:00Z', '2024-03-01T02:00Z', 100, 101, 1, 100, 0.9, 0.1, 'exit_order')`,
      [backtest.id, position.pairId],
    );
    await ctx.db.query(`INSERT INTO backtest_equity (backtest_id, at, equity) VALUES ($1, '2024-03-02', 10000.9)`, [backtest.id]);
    fixture = { position, mmProfileId: mm, backtestId: backtest.id };
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await ctx?.close();
    if (exportDir) await rm(exportDir, { recursive: true, force: true });
  });

  it('answers a Limited group only its fields and the identity keys, on every route, in every round', async () => {
    console.log(`Limited projection: seed ${RUN_SEED} (set PROJECTION_SEED to replay), ${ROUNDS} rounds per section`);
    const routes = ctx.app.get(RouteCatalog).routes();
    const inScope = routes.filter((r) => fieldSectionOf(r) !== null);
    const names = new Set(inScope.map((r) => `${r.method} ${r.path}`));
    // A route of a section with fields that no probe covers, or a probe whose route is gone.
    expect([...names].filter((n) => !Object.hasOwn(PROBES, n)), 'GET routes without a probe in this spec').toEqual([]);
    expect(Object.keys(PROBES).filter((n) => !names.has(n)), 'probes of routes that no longer exist').toEqual([]);

    const failures: string[] = [];
    /** Rows each route answered when every field was open: the checks must not pass on empty answers. */
    const answered = new Map<string, number>();
    const get = (token: string, url: string) => ctx.http().get(`${API}${url}`).set(...auth(token));

    for (const section of LIMITED_SECTIONS) {
      for (let round = 0; round < ROUNDS; round++) {
        const fields = fieldsFor(section, round);
        const token = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsFor(section, fields) })).id)).access;
        const where = `${section} round ${round} fields [${fields.join(', ')}] (PROJECTION_SEED=${RUN_SEED})`;
        const seen = (key: string, map?: AnswerFields) => identityKeysOf(section).includes(key) || fields.includes(map ? map[key] ?? '' : key);
        const count = (name: string, n: number) => round === 1 && answered.set(name, (answered.get(name) ?? 0) + n);

        for (const route of inScope.filter((r) => fieldSectionOf(r) === section)) {
          const name = `${route.method} ${route.path}`;
          const probe = PROBES[name];
          if (probe.kind === 'rows') {
            for (const { url, fields: map } of probe.urls(fixture)) {
              const res = await get(token, url);
              // A lookup on a field the group does not see is refused: nothing leaves.
              if (res.status === 403 && res.body.detail === OWN_MESSAGES.fieldNotAllowed) continue;
              if (res.status !== 200) {
                failures.push(`${url} ${where}: ${res.status} ${JSON.stringify(res.body)}`);
                continue;
              }
              const body = res.body as Record<string, unknown>;
              const list = Array.isArray(body.results);
              const rows = (list ? body.results : Array.isArray(body) ? body : [body]) as Record<string, unknown>[];
              count(name, rows.length);
              for (const row of rows) {
                const hidden = Object.keys(row).filter((key) => !seen(key, map));
                if (hidden.length) failures.push(`${url} ${where}: a row carries ${hidden.join(', ')}`);
              }
              if (list) {
                const extra = Object.keys(body).filter((key) => !PAGE_KEYS.includes(key) && !(probe.summary && key === 'summary'));
                if (extra.length) failures.push(`${url} ${where}: the page carries ${extra.join(', ')}`);
                const summary = (body.summary ?? {}) as Record<string, unknown>;
                const hidden = Object.keys(summary).filter((key) => !seen(key, probe.summary));
                if (hidden.length) failures.push(`${url} ${where}: the summary carries ${hidden.join(', ')}`);
              }
            }
          } else if (probe.kind === 'keys') {
            const url = typeof probe.url === 'string' ? probe.url : probe.url(fixture);
            const res = await get(token, url);
            if (res.status !== 200) failures.push(`${url} ${where}: ${res.status}`);
            const rows = (Array.isArray(res.body) ? res.body : [res.body]) as Record<string, unknown>[];
            count(name, rows.length);
            for (const row of rows) {
              const other = Object.keys(row).filter((key) => !probe.keys.includes(key));
              if (other.length) failures.push(`${url} ${where}: carries ${other.join(', ')}, beyond ${probe.why}`);
            }
          } else if (probe.kind === 'totals') {
            const res = await get(token, probe.url);
            if (res.status !== 200) failures.push(`${probe.url} ${where}: ${res.status}`);
            count(name, 1);
            const keys = Object.keys(res.body as object);
            const expected = Object.keys(probe.fields).filter((key) => probe.fields[key].every((field) => fields.includes(field)));
            if (keys.sort().join() !== expected.sort().join()) failures.push(`${probe.url} ${where}: carries [${keys.join(', ')}], expected [${expected.join(', ')}]`);
          } else if (probe.kind === 'export') {
            const paths = EXPORT_PATHS[probe.list];
            const started = await get(token, `${paths.start}${probe.query?.(fixture) ?? ''}`);
            if (probe.needs && !seen(probe.needs)) {
              if (started.status !== 403) failures.push(`${paths.start} ${where}: ${started.status} without the ${probe.needs} field`);
              continue;
            }
            if (started.status !== 200) {
              failures.push(`${paths.start} ${where}: ${started.status}`);
              continue;
            }
            const id = started.body.task_id as string;
            await waitUntil(async () => (await get(token, paths.result(id))).body.task_status === 'SUCCESS', 20_000);
            const state = (await get(token, paths.result(id)).expect(200)).body as Record<string, unknown>;
            expect(Object.keys(state).sort()).toEqual(['expired', 'filename', 'progress', 'task_status']);
            const file = await get(token, paths.file(id)).buffer(true).parse(binary);
            if (file.status !== 200) {
              failures.push(`${paths.file(id)} ${where}: ${file.status}`);
              continue;
            }
            const [header = [], ...rows] = await readSheet(file.body as Buffer);
            count(name, rows.length);
            const fieldOf = new Map(EXPORT_SOURCES[probe.list].columns.map((c) => [c.header, c.field]));
            const hidden = header.map((h) => fieldOf.get(String(h)) ?? `unknown column ${String(h)}`).filter((field) => !seen(field));
            if (hidden.length) failures.push(`${paths.file(id)} ${where}: the file has columns of ${hidden.join(', ')}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // With every field open, each probe answered rows: the checks above ran on data.
    const empty = Object.entries(PROBES)
      .filter(([, probe]) => probe.kind !== 'via-export')
      .map(([name]) => name)
      .filter((name) => !((answered.get(name) ?? 0) > 0));
    expect(empty, 'probes that answered no rows with every field open').toEqual([]);
  }, 300_000);

  it('a lookup that shows titles answers ids only to a group that does not see the title', async () => {
    const cases: [FieldSection, string, string][] = [
      ['mm_profiles', '/strategies/mm-profiles/for-filters/', 'title'],
      ['profiles', '/strategies/profiles/for-filters/', 'title'],
      ['profiles_stats', '/strategies/profiles-stats/for-filters/', 'profile_title'],
    ];
    for (const [section, url, titleField] of cases) {
      const blind = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsFor(section, []) })).id)).access;
      const seeing = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsFor(section, [titleField]) })).id)).access;
      const ids = (await ctx.http().get(`${API}${url}`).set(...auth(blind)).expect(200)).body.results as Record<string, unknown>[];
      expect(ids.length).toBeGreaterThan(0);
      for (const option of ids) expect(Object.keys(option)).toEqual(['id']);
      const titled = (await ctx.http().get(`${API}${url}`).set(...auth(seeing)).expect(200)).body.results as Record<string, unknown>[];
      expect(titled.map((o) => Object.keys(o).sort())).toEqual(ids.map(() => ['id', 'title']));
    }
  });

  it('a page cursor reveals no ordering value, and a forged or edited one is a 400', async () => {
    const perms: Partial<Perm>[] = [{ section_name: 'signals', status: 'Limited', fields: ['pair', 'status'], filtering: true, sorting: true }];
    const token = (await sessionFor(ctx, (await makeUser(ctx.db, { perms })).id)).access;
    for (let i = 0; i < 10; i++) await makeOrder(ctx.db);
    const first = await ctx.http().get(`${API}/signals/signals/?page_size=10`).set(...auth(token)).expect(200);
    const next = new URL(first.body.next as string);
    const cursor = next.searchParams.get('cursor')!;
    const [{ created_at }] = await ctx.db.query(`SELECT created_at::text FROM signals WHERE id = $1`, [first.body.results[0].id]);
    // The row's hidden created_at is not in the cursor, in any reading of it.
    const raw = Buffer.from(cursor, 'base64url');
    for (const text of [cursor, raw.toString('utf8'), raw.toString('latin1')]) expect(text).not.toContain(String(created_at).slice(0, 10));
    await ctx.http().get(`${API}/signals/signals/?page_size=10&page=2&cursor=${cursor}`).set(...auth(token)).expect(200);

    // The plain form a client could make: the default order's signature and a created_at of its choosing.
    const signature = createHash('sha256').update('ORDER BY signals.created_at DESC, signals.id DESC').digest('base64url').slice(0, 8);
    const forged = Buffer.from(JSON.stringify({ d: 'after', o: signature, v: ['2000-01-01 00:00:00+00', '1'] })).toString('base64url');
    const edited = Buffer.from(raw);
    edited[raw.length - 1] ^= 1;
    for (const bad of [forged, edited.toString('base64url')]) {
      const res = await ctx.http().get(`${API}/signals/signals/?page_size=10&page=2&cursor=${bad}`).set(...auth(token)).expect(400);
      expect(res.body).toEqual({ cursor: [OWN_MESSAGES.invalidCursor] });
    }
  });

  it('answers every API call with Cache-Control: no-store, errors and files included', async () => {
    const full = (await sessionFor(ctx, (await makeUser(ctx.db)).id)).access;
    const answers = [
      await ctx.http().get(`${API}/signals/signals/`).set(...auth(full)).expect(200),
      await ctx.http().get(`${API}/users/users/`).set(...auth(full)).expect(200),
      await ctx.http().get(`${API}/strategies/mm-profiles/${fixture.mmProfileId}/`).set(...auth(full)).expect(200),
      await ctx.http().get(`${API}/logs/`).expect(401),
      await ctx.http().post(`${API}/users/login/`).send({ email: 'nobody@example.com', password: 'wrong' }),
      await ctx.http().get(`${API}/signals/export-file/00000000-0000-0000-0000-000000000000/`).set(...auth(full)).expect(404),
    ];
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('an export file stays the owner\'s only while the list\'s section still shows what it holds', async () => {
    const paths = EXPORT_PATHS.signals;
    const user = await makeUser(ctx.db, { perms: permsFor('signals', ['created_at', 'pair', 'status']) });
    const token = (await sessionFor(ctx, user.id)).access;
    const id = (await ctx.http().get(`${API}${paths.start}`).set(...auth(token)).expect(200)).body.task_id as string;
    await waitUntil(async () => (await ctx.http().get(`${API}${paths.result(id)}`).set(...auth(token))).body.task_status === 'SUCCESS', 20_000);
    const download = () => ctx.http().get(`${API}${paths.file(id)}`).set(...auth(token)).buffer(true).parse(binary);
    await download().expect(200);
    const setPerms = (perms: Partial<Perm>[]) => ctx.db.query(`UPDATE groups SET perms = $1::jsonb WHERE id = $2`, [JSON.stringify(perms), user.groupId]);

    // More columns, or every one (Full): the file holds nothing hidden.
    await setPerms(permsFor('signals', ['created_at', 'pair', 'status', 'direction']));
    await download().expect(200);
    await setPerms([{ section_name: 'signals', status: 'Full' }, { section_name: 'signals_export', status: 'Full' }]);
    await download().expect(200);
    // A column of the file now hidden: 403, and the state poll still answers.
    await setPerms(permsFor('signals', ['created_at', 'status']));
    const narrowed = await download().expect(403);
    expect(JSON.parse((narrowed.body as Buffer).toString())).toEqual({ detail: EXPORT_MESSAGES.beyondAccess });
    await ctx.http().get(`${API}${paths.result(id)}`).set(...auth(token)).expect(200);
    // Finished signals only, where the file was made without that limit: 403.
    await setPerms([{ ...permsFor('signals', ['created_at', 'pair', 'status'])[0], is_only_finished: true }, { section_name: 'signals_export', status: 'Full' }]);
    await download().expect(403);
    // The list's section lost (NP), the export right kept: neither the file nor the task's state.
    await setPerms([{ section_name: 'signals_export', status: 'Full' }]);
    await download().expect(403);
    await ctx.http().get(`${API}${paths.result(id)}`).set(...auth(token)).expect(403);
    // The export right lost: 403 as before.
    await setPerms([{ section_name: 'signals', status: 'Full' }]);
    await download().expect(403);
  });

  it('a file made at Full is refused to the same user once Limited, as it holds columns no Limited group sees', async () => {
    const paths = EXPORT_PATHS.profiles_stats;
    const user = await makeUser(ctx.db, { perms: [{ section_name: 'profiles_stats', status: 'Full' }, { section_name: 'profiles_stats_export', status: 'Full' }] });
    const token = (await sessionFor(ctx, user.id)).access;
    const id = (await ctx.http().get(`${API}${paths.start}`).set(...auth(token)).expect(200)).body.task_id as string;
    await waitUntil(async () => (await ctx.http().get(`${API}${paths.result(id)}`).set(...auth(token))).body.task_status === 'SUCCESS', 20_000);
    await ctx.db.query(`UPDATE groups SET perms = $1::jsonb WHERE id = $2`, [JSON.stringify(permsFor('profiles_stats', ['profile_title', 'total'])), user.groupId]);
    await ctx.http().get(`${API}${paths.file(id)}`).set(...auth(token)).expect(403);
    // Every field open at Limited: the file still has columns beyond the section's fields (sharpe, stdev, …).
    await ctx.db.query(`UPDATE groups SET perms = $1::jsonb WHERE id = $2`, [JSON.stringify(permsFor('profiles_stats', [...SECTION_FIELDS.profiles_stats])), user.groupId]);
    await ctx.http().get(`${API}${paths.file(id)}`).set(...auth(token)).expect(403);
    // Full again: it downloads.
    await ctx.db.query(`UPDATE groups SET perms = $1::jsonb WHERE id = $2`, [JSON.stringify([{ section_name: 'profiles_stats', status: 'Full' }, { section_name: 'profiles_stats_export', status: 'Full' }]), user.groupId]);
    await ctx.http().get(`${API}${paths.file(id)}`).set(...auth(token)).expect(200);
  });
});
