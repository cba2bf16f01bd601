import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../common/config/config';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { TimePartitionsRepository } from './time-partitions.repository';
import { TimePartitionsService } from './time-partitions.service';

// Each test works in years of its own, so the months one makes or drops are not another's.
describe('month partitions of logs and account_metrics', () => {
  let ctx: TestContext;
  let accountId: number;
  const repository = new TimePartitionsRepository();
  const service = (retention: Partial<Pick<AppConfig, 'logsRetentionDays' | 'accountMetricsRetentionDays'>> = {}) =>
    new TimePartitionsService(ctx.db, { ...ctx.config, logsRetentionDays: 0, accountMetricsRetentionDays: 0, ...retention }, repository);

  beforeAll(async () => {
    ctx = await createTestApp();
    [{ id: accountId }] = await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ('Partitions', 'k', 'x', 1) RETURNING id`);
  });
  afterAll(() => ctx.close());

  /** Writes a log row at `at`; answers its id and the partition it is in. */
  const logAt = async (at: string, profileId: number | null = null): Promise<{ id: string; partition: string }> => {
    const [row] = await ctx.db.query(
      `INSERT INTO logs (created_at, type, event_type, profile_id, profile_title) VALUES ($1, 'system', 'partition_test', $2, 'Partitioned')
       RETURNING id::text, tableoid::regclass::text AS partition`,
      [at, profileId],
    );
    return row;
  };
  const metricAt = async (at: string): Promise<string> => {
    const [row] = await ctx.db.query(
      `INSERT INTO account_metrics (exchange_account_id, at, nav, deposit_at) VALUES ($1, $2, 1000, 900) RETURNING tableoid::regclass::text AS partition`,
      [accountId, at],
    );
    return row.partition;
  };
  const partitionOfLog = async (id: string) => (await ctx.db.query(`SELECT tableoid::regclass::text AS partition FROM logs WHERE id = $1`, [id]))[0]?.partition;
  const partitionsOf = async (table: string) => (await repository.months(ctx.db, table as 'logs')).map((p) => p.name);
  const count = async (sql: string, params: unknown[] = []) => Number((await ctx.db.query(sql, params))[0].n);

  it('rows land in their month; rows of a month without a partition wait in the default one and move in when the job makes it', async () => {
    await service().maintain(new Date('2030-03-15T08:00:00Z'));
    expect(await partitionsOf('logs')).toEqual(expect.arrayContaining(['logs_p203003', 'logs_p203004', 'logs_p203005']));
    expect((await logAt('2030-04-10T12:00:00Z')).partition).toBe('logs_p203004');
    expect(await metricAt('2030-05-31T23:59:00Z')).toBe('account_metrics_p203005');
    expect(await metricAt('2030-06-01T00:00:00Z')).toBe('account_metrics_default');
    const early = await logAt('2029-07-01T00:00:00Z');
    expect(early.partition).toBe('logs_default');
    const bars = await count(`SELECT count(*) AS n FROM account_metric_bars WHERE exchange_account_id = $1`, [accountId]);

    const run = await service().maintain(new Date('2030-03-15T08:00:00Z'));
    expect(run.logs.made).toBeGreaterThanOrEqual(1);
    expect(await partitionOfLog(early.id)).toBe('logs_p202907');
    expect(await count(`SELECT count(*) AS n FROM account_metrics WHERE at = '2030-06-01T00:00:00Z'`)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM account_metrics_p203006`)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM logs_default`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM account_metrics_default`)).toBe(0);
    // A move between partitions is no change to the rows: the rollups were not touched.
    expect(await count(`SELECT count(*) AS n FROM account_metric_bars WHERE exchange_account_id = $1`, [accountId])).toBe(bars);
  });

  it('makes the current month and the months ahead once, however often and however many workers run it', async () => {
    const now = new Date('2031-01-20T00:00:00Z');
    const runs = await Promise.all([service().maintain(now), service().maintain(now)]);
    expect(runs[0].logs.made + runs[1].logs.made).toBe(3);
    expect(runs[0].account_metrics.made + runs[1].account_metrics.made).toBe(3);
    const months = (await partitionsOf('logs')).filter((name) => name.startsWith('logs_p2031'));
    expect(months).toEqual(['logs_p203101', 'logs_p203102', 'logs_p203103']);
    expect(await service().maintain(now)).toEqual({ logs: { made: 0, dropped: [] }, account_metrics: { made: 0, dropped: [] } });
    expect((await partitionsOf('logs')).filter((name) => name.startsWith('logs_p2031'))).toEqual(months);
  });

  it('months are UTC months whatever the session time zone', async () => {
    // 23:00 UTC on April 30 is already May 1 at UTC+14.
    await ctx.db.transaction(async (m) => {
      await m.query(`SET LOCAL TIME ZONE 'Pacific/Kiritimati'`);
      await m.query(`SELECT ensure_month_partitions('logs', '2031-04-30T23:00:00Z', '2031-04-30T23:00:00Z')`);
    });
    const april = (await repository.months(ctx.db, 'logs')).find((p) => p.name === 'logs_p203104');
    expect(april).toEqual({ name: 'logs_p203104', from: new Date('2031-04-01T00:00:00Z'), to: new Date('2031-05-01T00:00:00Z') });
    expect((await logAt('2031-04-30T23:59:59Z')).partition).toBe('logs_p203104');
  });

  it('drops a month whole once it is past the retention, keeps the newer ones, and leaves the chart bars of dropped minutes', async () => {
    for (const table of ['logs', 'account_metrics'] as const) await repository.ensureMonths(ctx.db, table, new Date('2032-01-01T00:00:00Z'), new Date('2032-06-01T00:00:00Z'));
    const january = await logAt('2032-01-10T00:00:00Z');
    await logAt('2032-02-10T00:00:00Z');
    const march = await logAt('2032-03-10T00:00:00Z');
    const june = await logAt('2032-06-10T00:00:00Z');
    // A month without a partition: caught by the default one, then made and dropped like the others.
    const caught = await logAt('2031-12-05T00:00:00Z');
    expect(caught.partition).toBe('logs_default');
    await metricAt('2032-03-10T10:00:00Z');
    await metricAt('2032-05-20T10:00:00Z');

    // 100 days before June 15 is March 7: January and February are wholly older, March is not.
    const run = await service({ logsRetentionDays: 100, accountMetricsRetentionDays: 30 }).maintain(new Date('2032-06-15T00:00:00Z'));
    expect(run.logs.dropped).toEqual(expect.arrayContaining(['logs_p203112', 'logs_p203201', 'logs_p203202']));
    expect(run.logs.dropped).not.toContain('logs_p203203');
    const left = await ctx.db.query(`SELECT id::text FROM logs WHERE id = ANY($1::bigint[]) ORDER BY id`, [[january.id, march.id, june.id, caught.id]]);
    expect(left.map((r: { id: string }) => r.id)).toEqual([march.id, june.id]);
    expect(await partitionsOf('logs')).toEqual(expect.arrayContaining(['logs_p203203', 'logs_p203206', 'logs_p203208']));
    expect(await ctx.db.query(`SELECT to_regclass('logs_p203201') AS t`)).toEqual([{ t: null }]);

    // 30 days before June 15 is May 16: March's minutes go, May's stay; March's hourly bar stays.
    expect(run.account_metrics.dropped).toContain('account_metrics_p203203');
    expect(run.account_metrics.dropped).not.toContain('account_metrics_p203205');
    expect(await count(`SELECT count(*) AS n FROM account_metrics WHERE exchange_account_id = $1 AND at >= '2032-01-01'`, [accountId])).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM account_metric_bars WHERE exchange_account_id = $1 AND tf = '1h' AND at = '2032-03-10T10:00:00Z'`, [accountId])).toBe(1);
  });

  it('the logs list pages newest first across months and the default partition, by page number and by cursor alike', async () => {
    for (const table of ['logs', 'account_metrics'] as const) await repository.ensureMonths(ctx.db, table, new Date('2033-01-01T00:00:00Z'), new Date('2033-02-01T00:00:00Z'));
    const profile = 903_303;
    const written: string[] = [];
    // Written out of time order, so id order and month order differ.
    for (const at of ['2033-02-03', '2033-01-05', '2033-05-07', '2033-01-20', '2033-02-25']) {
      for (let i = 0; i < 5; i++) written.push((await logAt(`${at}T0${i}:00:00Z`, profile)).id);
    }
    expect(await count(`SELECT count(DISTINCT tableoid) AS n FROM logs WHERE profile_id = $1`, [profile])).toBe(3);
    const token = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'logs', status: 'Full' }] })).id)).access;
    const newestFirst = [...written].sort((a, b) => Number(b) - Number(a));

    const byNumber: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await ctx.http().get(`/api/v2/logs/?profile=${profile}&page=${page}&page_size=10`).set(...auth(token)).expect(200);
      expect(res.body.count).toBe(25);
      byNumber.push(...res.body.results.map((r: { id: string }) => r.id));
    }
    expect(byNumber).toEqual(newestFirst);

    const byCursor: string[] = [];
    let next: string | null = `/api/v2/logs/?profile=${profile}&page_size=10`;
    while (next) {
      const body: { results: { id: string }[]; next: string | null } = (await ctx.http().get(next).set(...auth(token)).expect(200)).body;
      byCursor.push(...body.results.map((r) => r.id));
      next = body.next ? `${new URL(body.next).pathname}${new URL(body.next).search}` : null;
    }
    expect(byCursor).toEqual(newestFirst);
  });
});
