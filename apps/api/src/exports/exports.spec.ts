import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import {
  ACCOUNT_STATS_RESOURCE,
  columnsFor,
  excelNumFmt,
  EXPORT_MESSAGES,
  EXPORT_PATHS,
  exportFileDate,
  OWN_MESSAGES,
  permOf,
  permsAll,
  PROFILE_STATS_RESOURCE,
  SIGNAL_RESOURCE,
  type ColumnSet,
  type Perm,
} from '@console/contracts';
import { auth, fullAccessToken, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { exportClient, startExportsWorld, type ExportsWorld } from '../test/exports-world';
import type { TestContext } from '../test/harness';
import { ExportsProcessor } from './exports.processor';
import { insertSignalsTask, readSheet, readSheetExcelJs, readSheetOpenpyxl, type ReadSheet } from '../test/xlsx-files';

const API = '/api/v2';
/** The signals table's headers, in its order (the declaration in packages/contracts). */
const HEADERS = [
  'ID', 'Created', 'Profile', 'Profile ID', 'Pair', 'Direction', 'Time frame', 'Status', 'State', 'Action state', 'Execution, %', 'Size, $',
  'Size, coins', 'Avg entry price', 'Exit place', 'Current price', 'PnL, $', 'PnL, %', 'Time per signal, h', 'Start point', 'TR in ATR',
  'Inc vola', 'ATR-1', 'ATR T, %', 'Activated',
];

interface StoredSignal {
  id: string;
  created_at: Date;
  profile: string;
  pair: string;
  status: string;
  size_currency: string;
  pnl_in_usd: string | null;
}

/** The same sheet as SheetJS reads it (a second reader): rows of raw values, empty cells null. */
function readSheetJs(buffer: Buffer): unknown[][] {
  const book = XLSX.read(buffer);
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true, defval: null });
}

/**
 * The file as exceljs and as openpyxl (a reader that is neither ours nor exceljs) read it, by reader's name:
 * each assertion on a file runs on both. They must agree cell for cell (values, kinds, number formats).
 */
async function readBoth(buffer: Buffer): Promise<[reader: string, sheet: ReadSheet][]> {
  const excelJs = await readSheetExcelJs(buffer);
  const openpyxl = await readSheetOpenpyxl(buffer);
  expect(openpyxl, 'openpyxl reads the file as exceljs does').toEqual(excelJs);
  return [['exceljs', excelJs], ['openpyxl', openpyxl]];
}

/** The header's font, the headers, and each column's number format on the first data row ('General' when none). */
function sheetLayout(sheet: ReadSheet): { bold: boolean; headers: string[]; numFmts: string[] } {
  return { bold: sheet.headerBold, headers: sheet.rows[0].map(String), numFmts: sheet.numFmts[1] ?? [] };
}

/** What the screen shows a perm of the list: the declared headers of its columns, in order, and their cells' formats. */
function screenLayout<Row>(set: ColumnSet<Row>, perm: Perm): { headers: string[]; numFmts: string[] } {
  const columns = columnsFor(set, perm);
  return { headers: columns.map((c) => c.header), numFmts: columns.map((c) => excelNumFmt(c.format) ?? 'General') };
}

describe('xlsx exports of the signals and stats lists', () => {
  let world: ExportsWorld;
  let ctx: TestContext;
  let processor: ExportsProcessor;
  let exportDir: string;
  let admin: string;
  let other: string;

  beforeAll(async () => {
    world = await startExportsWorld('exports-spec', {
      env: { EXPORT_BATCH_SIZE: '7', EXPORT_SWEEP_MS: '200', EXPORT_REQUEUE_AFTER_MS: '300', EXPORT_STALE_AFTER_MS: '800', ENQUEUE_TIMEOUT_MS: '300' },
      signals: 150,
      metricsDays: 3,
    });
    ({ ctx } = world);
    exportDir = world.exportDir!;
    processor = world.worker.get(ExportsProcessor);
    admin = await fullAccessToken(ctx);
    other = await fullAccessToken(ctx);
  }, 120_000);
  afterAll(() => world?.close());

  const { start, startRequest, state, download, finished } = exportClient(() => ctx);
  const storedSignals = (where: string, params: unknown[] = []): Promise<StoredSignal[]> =>
    ctx.db.query(
      `SELECT s.id::text, s.created_at, sp.title AS profile, p.ticker AS pair, s.status, s.size_currency::text, s.pnl_in_usd::text
         FROM signals s JOIN strategy_profiles sp ON sp.id = s.profile_id JOIN pairs p ON p.id = s.pair_id
        WHERE ${where} ORDER BY s.created_at DESC, s.id DESC`,
      params,
    );

  it('writes the rows the screen\'s filters match, cell for cell, and names the file by the period', async () => {
    const [{ from }] = await ctx.db.query(`SELECT (min(created_at) + (max(created_at) - min(created_at)) / 3)::date::text AS from FROM signals`);
    const id = await start(admin, `?status=finished&created_at_after=${from}&page=3&page_size=10`);
    await finished(admin, id);
    const answer = (await state(admin, id)).body;
    const expectedName = `Signals report ${exportFileDate(new Date(`${from}T00:00:00Z`))}_${exportFileDate(new Date())}.xlsx`;
    expect(answer).toEqual({ task_status: 'SUCCESS', progress: 100, filename: expectedName, expired: false });

    const file = await download(admin, id).expect(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(expectedName)}`);
    const readings = await readBoth(file.body as Buffer);
    const [header, ...rows] = readings[0][1].rows;
    expect(header).toEqual(HEADERS);
    // A third reader finds the same header and cells (dates as Excel's serial days).
    const [sheetJsHeader, ...sheetJsRows] = readSheetJs(file.body as Buffer);
    expect(sheetJsHeader).toEqual(HEADERS);
    expect(sheetJsRows).toHaveLength(rows.length);
    const ms = (serial: unknown) => Math.round(((serial as number) - 25_569) * 86_400_000);
    const plain = (cells: unknown[]) => HEADERS.map((_, i) => (cells[i] instanceof Date ? (cells[i] as Date).getTime() : (cells[i] ?? null)));
    expect(sheetJsRows.map((r, j) => r.map((v, i) => (rows[j][i] instanceof Date ? ms(v) : v)))).toEqual(rows.map(plain));

    // Every page, not the one asked for: the paging params choose no rows.
    const stored = await storedSignals(`s.status = 'finished' AND s.created_at >= $1::timestamptz`, [`${from}T00:00:00Z`]);
    expect(stored.length).toBeGreaterThan(14); // more than two batches of 7
    for (const [reader, sheet] of readings) {
      expect(sheet.frozenRows, reader).toBe(1);
      // Each cell carries the number format of its column's screen format; the header is bold.
      const layout = sheetLayout(sheet);
      expect(layout.bold, reader).toBe(true);
      expect(layout.numFmts, reader).toEqual(screenLayout(SIGNAL_RESOURCE, permsAll('Full')[0]).numFmts);
      expect(layout.numFmts.slice(0, 2), reader).toEqual(['0', 'dd.mm.yyyy hh:mm:ss']);
      expect(layout.numFmts[HEADERS.indexOf('Size, $')], reader).toBe('"$"#,##0.00;-"$"#,##0.00');
      expect(layout.numFmts[HEADERS.indexOf('PnL, %')], reader).toBe('0.00"%"');
      expect(layout.numFmts[HEADERS.indexOf('Size, coins')], reader).toBe('0.0000');

      const [header, ...rows] = sheet.rows;
      expect(header, reader).toEqual(HEADERS);
      expect(rows, reader).toHaveLength(stored.length);
      rows.forEach((row, i) => {
        const signal = stored[i];
        expect(row[0], reader).toBe(Number(signal.id));
        expect(Math.abs((row[1] as Date).getTime() - signal.created_at.getTime()), reader).toBeLessThanOrEqual(1);
        expect(row.slice(2, 3), reader).toEqual([signal.profile]);
        expect(row[HEADERS.indexOf('Pair')], reader).toBe(signal.pair);
        // An enum by the label the screen shows.
        expect(row[HEADERS.indexOf('Status')], reader).toBe('Finished');
        expect(row[HEADERS.indexOf('Size, $')], reader).toBeCloseTo(Number(signal.size_currency), 6);
        expect(row[HEADERS.indexOf('PnL, $')], reader).toEqual(signal.pnl_in_usd === null ? null : expect.closeTo(Number(signal.pnl_in_usd), 6));
      });
    }
    const [task] = await ctx.db.query(`SELECT row_count, file_path, expires_at > now() + interval '23 hours' AS kept FROM export_tasks WHERE id = $1`, [id]);
    expect(task).toEqual({ row_count: stored.length, file_path: join(exportDir, `${id}.xlsx`), kept: true });
  });

  it('keeps the missed signals out unless asked, as the list does, and names a file without a period by today', async () => {
    const id = await start(admin, '?ordering=created_at');
    await finished(admin, id);
    expect((await state(admin, id)).body.filename).toBe(`Signals report ${exportFileDate(new Date())}.xlsx`);
    const rows = (await readSheet((await download(admin, id).expect(200)).body as Buffer)).slice(1);
    const stored = await storedSignals(`s.status <> 'missed'`);
    expect(rows.map((r) => String(r[0]))).toEqual(stored.map((s) => s.id).reverse());
  });

  it('holds only the columns and rows of a Limited group, and refuses a filter on a field it does not see', async () => {
    const signals: Partial<Perm> = { section_name: 'signals', status: 'Limited', fields: ['created_at', 'pair', 'status'], filtering: true, sorting: true, signals_count: 20 };
    const limited = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [signals, { section_name: 'signals_export', status: 'Full' }] })).id)).access;
    const id = await start(limited, '?status=finished');
    await finished(limited, id);
    const limitedFile = (await download(limited, id).expect(200)).body as Buffer;
    const [header, ...rows] = await readSheet(limitedFile);
    expect(header).toEqual(['ID', 'Created', 'Pair', 'Status']);
    expect(readSheetJs(limitedFile)[0]).toEqual(['ID', 'Created', 'Pair', 'Status']);
    // The newest 20 signals are the group's window; the filter applies inside it.
    const newest = await ctx.db.query(`SELECT id::text, status FROM signals ORDER BY created_at DESC, id DESC LIMIT 20`);
    expect(rows.map((r) => String(r[0]))).toEqual(newest.filter((s: { status: string }) => s.status === 'finished').map((s: { id: string }) => s.id));

    const refused = await startRequest(limited, '?profile=1').expect(403);
    expect(refused.body).toEqual({ detail: OWN_MESSAGES.fieldNotAllowed });
    // A group without the signals list exports nothing, whatever its export right; without the export right neither.
    const blind = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'signals_export', status: 'Full' }] })).id)).access;
    await startRequest(blind).expect(403);
    const noExport = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'signals', status: 'Full' }] })).id)).access;
    await startRequest(noExport).expect(403);
    const [{ n }] = await ctx.db.query(`SELECT count(*)::int AS n FROM export_tasks WHERE requested_by IS NULL OR kind <> 'signals'`);
    expect(n).toBe(0);
  });

  it('shows a task and its file to the user who asked only', async () => {
    const id = await start(admin, '?status=canceled');
    await finished(admin, id);
    expect((await state(other, id).expect(404)).body).toEqual({ detail: EXPORT_MESSAGES.taskNotFound });
    expect((await download(other, id).expect(404)).body.toString()).toContain(EXPORT_MESSAGES.taskNotFound);
    await state(admin, 'not-a-task').expect(404);
    await state(admin, '00000000-0000-0000-0000-000000000000').expect(404);
    await download(admin, id).expect(200);
  });

  it('bad filters are a 400 with the list\'s messages, and no task is made', async () => {
    const before = (await ctx.db.query(`SELECT count(*)::int AS n FROM export_tasks`))[0].n;
    const res = await startRequest(admin, '?status=lost&created_at_after=2024-02-30').expect(400);
    expect(Object.keys(res.body).sort()).toEqual(['created_at_after', 'status']);
    expect((await ctx.db.query(`SELECT count(*)::int AS n FROM export_tasks`))[0].n).toBe(before);
  });

  it('a run frozen in the middle of its file is taken over and the file completed once; a finished task is not written again', async () => {
    const id = await insertSignalsTask(ctx.db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let batches = 0;
    // Frozen after its second batch, as a worker that died there: it stops beating.
    const frozen = processor.run(id, { afterBatch: async () => (++batches === 2 ? held : undefined) });
    await waitUntil(() => batches === 2, 10_000);
    const parts = async () => (await readdir(exportDir)).filter((name) => name.includes(id) && name.endsWith('.part'));
    expect(await parts()).toHaveLength(1);
    const [mid] = await ctx.db.query(`SELECT status, runs FROM export_tasks WHERE id = $1`, [id]);
    expect(mid).toEqual({ status: 'PROGRESS', runs: 1 });

    // The sweeper finds the stale run and queues the task again; another run writes the whole file.
    await waitUntil(async () => (await ctx.db.query(`SELECT status FROM export_tasks WHERE id = $1`, [id]))[0].status === 'SUCCESS', 20_000);
    release();
    expect(await frozen).toBe('superseded');
    expect(await parts()).toEqual([]);
    expect((await readdir(exportDir)).filter((name) => name.includes(id))).toEqual([`${id}.xlsx`]);
    const [done] = await ctx.db.query(`SELECT runs, row_count FROM export_tasks WHERE id = $1`, [id]);
    expect(done.runs).toBe(2);
    const stored = await storedSignals(`s.status <> 'missed'`);
    expect(done.row_count).toBe(stored.length);

    const before = await stat(join(exportDir, `${id}.xlsx`));
    expect(await processor.run(id)).toBe('already-done');
    expect((await stat(join(exportDir, `${id}.xlsx`))).mtimeMs).toBe(before.mtimeMs);
  });

  it('writes the profile and account stats in the order and with the filters of their tables, as their lists answer', async () => {
    const listed = async (path: string, query: string) => (await ctx.http().get(`${API}${path}${query}&page_size=500`).set(...auth(admin)).expect(200)).body.results;
    const exported = async (paths: (typeof EXPORT_PATHS)['profiles_stats'], query: string) => {
      const { file, filename } = await exportClient(() => ctx, paths).exportFile(admin, query);
      return { filename, readings: await readBoth(file) };
    };

    const profiles = await exported(EXPORT_PATHS.profiles_stats, '?status=active&ordering=-total&created_at__gte=2020-01-01');
    expect(profiles.filename).toBe(`Profile stats report 01-01-2020_${exportFileDate(new Date())}.xlsx`);
    const expected = await listed('/strategies/profiles-stats/', '?status=active&ordering=-total');
    expect(expected.length).toBeGreaterThan(1);
    for (const [reader, sheet] of profiles.readings) {
      const [header, ...rows] = sheet.rows;
      expect(header.slice(0, 5), reader).toEqual(['Profile ID', 'Profile', 'Dir', 'Status', 'Q-sign']);
      expect(rows.map((r) => [r[0], r[1], r[3], r[header.indexOf('Res-$')], r[header.indexOf('Q-sign')]]), reader).toEqual(
        expected.map((p: Record<string, unknown>) => [p.profile_id, p.profile_title, 'active', p.total, p.qty_total]),
      );
    }

    const accounts = await exported(EXPORT_PATHS.account_stats, '?ordering=account_title');
    expect(accounts.filename).toBe(`Account stats report ${exportFileDate(new Date())}.xlsx`);
    const expectedAccounts = await listed('/strategies/account-stats/', '?ordering=account_title');
    for (const [reader, sheet] of accounts.readings) {
      const [header, ...rows] = sheet.rows;
      expect(rows.map((r) => [r[0], r[1], r[header.indexOf('NAV')]]), reader).toEqual(
        expectedAccounts.map((a: Record<string, unknown>) => [a.account_id, a.account_title, a.nav]),
      );
    }
  });

  it('a Limited group\'s profile stats file has its fields only', async () => {
    const perms: Partial<Perm>[] = [
      { section_name: 'profiles_stats', status: 'Limited', fields: ['profile_title', 'total'], filtering: true, sorting: true },
      { section_name: 'profiles_stats_export', status: 'Full' },
    ];
    const limited = (await sessionFor(ctx, (await makeUser(ctx.db, { perms })).id)).access;
    const profileStats = exportClient(() => ctx, EXPORT_PATHS.profiles_stats);
    const { file } = await profileStats.exportFile(limited, '?ordering=-total');
    const [header] = await readSheet(file);
    expect(header).toEqual(['Profile', 'Res-$']);
    await profileStats.startRequest(limited, '?status=active').expect(403);
  });

  it('each list\'s file has the screen\'s headers, order and number formats for a group that sees some of its columns', async () => {
    const exportFile = async (token: string, paths: (typeof EXPORT_PATHS)['signals'], query = '') => (await exportClient(() => ctx, paths).exportFile(token, query)).file;
    // The group's fields listed in another order than the tables': the declaration orders the columns.
    const perms: Partial<Perm>[] = [
      { section_name: 'signals', status: 'Limited', fields: ['pnl_in_usd', 'status', 'size_coins', 'created_at', 'size_currency', 'execution'], filtering: true, sorting: true, signals_count: 50 },
      { section_name: 'signals_export', status: 'Full' },
      { section_name: 'profiles_stats', status: 'Limited', fields: ['most_mm_imp_loss', 'total', 'w_percent', 'profile_title', 'qty_total', 'avg_time_per_signal'], filtering: true, sorting: true },
      { section_name: 'profiles_stats_export', status: 'Full' },
      // Account stats have no Limited level: a group sees all of their columns or none.
      { section_name: 'account_stats', status: 'ReadOnly' },
      { section_name: 'account_stats_export', status: 'Full' },
    ];
    const user = await makeUser(ctx.db, { perms });
    const token = (await sessionFor(ctx, user.id)).access;
    const group = { perms: perms as Perm[] };

    // The same assertions on what each reader finds.
    for (const [reader, sheet] of await readBoth(await exportFile(token, EXPORT_PATHS.signals))) {
      const signals = sheetLayout(sheet);
      expect({ headers: signals.headers, numFmts: signals.numFmts }, reader).toEqual(screenLayout(SIGNAL_RESOURCE, permOf(group, 'signals')));
      expect(signals.headers, reader).toEqual(['ID', 'Created', 'Status', 'Execution, %', 'Size, $', 'Size, coins', 'PnL, $']);
      expect(signals.numFmts, reader).toEqual(['0', 'dd.mm.yyyy hh:mm:ss', 'General', '0.00"%"', '"$"#,##0.00;-"$"#,##0.00', '0.0000', '"$"#,##0.00;-"$"#,##0.00']);
    }

    for (const [reader, sheet] of await readBoth(await exportFile(token, EXPORT_PATHS.profiles_stats))) {
      const profiles = sheetLayout(sheet);
      expect({ headers: profiles.headers, numFmts: profiles.numFmts }, reader).toEqual(screenLayout(PROFILE_STATS_RESOURCE, permOf(group, 'profiles_stats')));
      expect(profiles.headers, reader).toEqual(['Profile', 'Q-sign', 'W%', 'Res-$', 'Avg time, h', 'Max MM imp. loss']);
      expect(profiles.numFmts, reader).toEqual(['General', '0', '0.00"%"', '"$"#,##0.00;-"$"#,##0.00', '0.00', '0.00"%"']);
    }

    for (const [reader, sheet] of await readBoth(await exportFile(token, EXPORT_PATHS.account_stats))) {
      const accounts = sheetLayout(sheet);
      expect({ headers: accounts.headers, numFmts: accounts.numFmts }, reader).toEqual(screenLayout(ACCOUNT_STATS_RESOURCE, permOf(group, 'account_stats')));
      expect(accounts.headers, reader).toEqual(ACCOUNT_STATS_RESOURCE.columns.map((c) => c.header));
      expect(accounts.headers.slice(0, 6), reader).toEqual(['Account ID', 'Account', 'Profiles', 'NAV', 'Deposit AT', 'Return AT %']);
      expect(accounts.numFmts.at(-1), reader).toBe('"$"#,##0;-"$"#,##0');
    }
  });

  it('an export that matches no row is a valid file holding the header', async () => {
    const id = await start(admin, '?created_at_after=2099-01-01');
    await finished(admin, id);
    const file = (await download(admin, id).expect(200)).body as Buffer;
    for (const [reader, sheet] of await readBoth(file)) expect(sheet.rows, reader).toEqual([HEADERS]);
    expect(readSheetJs(file)).toEqual([HEADERS]);
    expect((await ctx.db.query(`SELECT row_count FROM export_tasks WHERE id = $1`, [id]))[0].row_count).toBe(0);
  });

  it('text with markup characters, control characters and emoji comes back as it was stored', async () => {
    // Every character class the sheet's XML must escape, in a profile's title (64 characters at most).
    const title = 'A&B <c> "d" \'e\'\u0001\u001F\ttab _x0041_ 😀👍🏽 end ';
    const [{ profile_id: profile, title: before }] = await ctx.db.query(
      `SELECT s.profile_id, sp.title FROM signals s JOIN strategy_profiles sp ON sp.id = s.profile_id WHERE s.status <> 'missed' LIMIT 1`,
    );
    await ctx.db.query(`UPDATE strategy_profiles SET title = $1 WHERE id = $2`, [title, profile]);
    try {
      const id = await start(admin, `?profile=${profile}`);
      await finished(admin, id);
      const file = (await download(admin, id).expect(200)).body as Buffer;
      const rows = readSheetJs(file).slice(1);
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r[HEADERS.indexOf('Profile')]))).toEqual(new Set([title]));
      // exceljs does not decode Excel's escapes of characters XML cannot hold; the rest reads back as is.
      const excelJs = (await readSheet(file)).slice(1).map((r) => r[HEADERS.indexOf('Profile')]);
      expect(new Set(excelJs)).toEqual(new Set([title.replace('_x0041_', '_x005F_x0041_').replace('\u0001', '_x0001_').replace('\u001F', '_x001F_')]));
    } finally {
      await ctx.db.query(`UPDATE strategy_profiles SET title = $1 WHERE id = $2`, [before, profile]);
    }
  });

  it('deletes a file past its age; its task says so and the download answers 410', async () => {
    const id = await start(admin, '?status=active');
    await finished(admin, id);
    await ctx.db.query(`UPDATE export_tasks SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await processor.purge()).expired).toBeGreaterThanOrEqual(1);
    await expect(stat(join(exportDir, `${id}.xlsx`))).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await state(admin, id).expect(200)).body).toEqual({ task_status: 'SUCCESS', progress: 100, filename: null, expired: true });
    expect(JSON.parse((await download(admin, id).expect(410)).body.toString())).toEqual({ detail: EXPORT_MESSAGES.expired });
  });
});
